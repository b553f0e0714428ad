// Package engine holds the contract every game implements and the Table that
// runs a game as a seed plus an append-only log of actions.
//
// A game is a pure, deterministic state machine:
//
//	state, seat, action, dice stream -> new state + events
//
// or a clear error and no change at all. Every random choice comes from the
// table's seeded dice.Stream, which records every face it hands out, so
// replaying the log from the seed rebuilds the state exactly. That one property
// gives crash recovery, replays, bots that search by cloning, and dice that
// players can verify: a table publishes sha256(seed) when it opens and reveals
// the seed when it ends, and Verify replays the log and checks every face.
//
// Hidden information never leaves a State except through View(seat): the server,
// bots and replays read views, never the state itself.
package engine
