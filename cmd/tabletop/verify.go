package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"tabletop/engine"
	"tabletop/games"
)

// registry is the games the command knows; tests add the duel.
var registry = games.Registry

func init() {
	register("verify", "check a finished table: seed, every action and every die", runVerify)
}

const maxExportSize = 64 << 20

func runVerify(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "verify", "FILE\n\nReads a table export (JSON; - for standard input), checks sha256(seed)\nagainst the commitment, replays every action and checks every die face\nagainst the seed. Prints ok with counts, or which entry differs (exit 1).")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (try -h)", len(pos))
	}
	var r io.Reader = env.Stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return usagef("%v", err)
		}
		defer f.Close()
		r = f
	}
	raw, err := io.ReadAll(io.LimitReader(r, maxExportSize+1))
	if err != nil {
		return usagef("reading %s: %v", pos[0], err)
	}
	if len(raw) > maxExportSize {
		return usagef("%s is larger than %d MiB: not a table export", pos[0], maxExportSize>>20)
	}
	var x engine.Export
	if err := json.Unmarshal(raw, &x); err != nil {
		return usagef("%s is not a table export: %v", pos[0], err)
	}
	g, err := registry().Game(x.Game)
	if err != nil {
		return usagef("%s: %v", pos[0], err)
	}
	tab, err := engine.Replay(g, x)
	var re *engine.ReplayError
	if errors.As(err, &re) {
		fmt.Fprintf(env.Stdout, "FAILED: %s\n", re.Error())
		return &exitError{code: 1}
	}
	if err != nil {
		return err
	}
	draws := len(x.SetupDice)
	for _, e := range x.Log {
		draws += len(e.Dice)
	}
	state := "in progress"
	if out, over := tab.Over(); over {
		state = "finished: " + out.Text
	}
	fmt.Fprintf(env.Stdout, "ok: %s table, %d seats, %d actions and %d dice replayed and checked against the seed; sha256(seed) matches the commitment %s; %s\n",
		g.Info().Name, len(x.Seats), len(x.Log), draws, x.Commitment[:16]+"…", state)
	return nil
}
