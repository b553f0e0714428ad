package sqlite

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
	"tabletop/games/pmr"
)

// pmrLog is the log of a game of Pocket Monster Rancher played at random
// (seed 1), whose entries the benchmarks append: 300 to 600 bytes each, as
// the server writes them.
func pmrLog(tb testing.TB) []engine.Entry {
	tb.Helper()
	return enginetest.MustPlay(tb, pmr.Game, nil, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, dice.Seed{1}).Log(0)
}

// PMRLog is pmrLog, for the benchmarks of package sqlite_test.
var PMRLog = pmrLog

// MustOpenWith is mustOpenWith, for the tests of package sqlite_test.
var MustOpenWith = mustOpenWith
