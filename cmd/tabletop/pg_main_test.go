package main

import (
	"os"
	"testing"

	"tabletop/internal/pgtest"
)

// TestMain stops the throwaway PostgreSQL cluster (internal/pgtest) that
// the PostgreSQL tests of this package start.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
