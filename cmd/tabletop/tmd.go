package main

import (
	"context"
	"errors"

	"tabletop/games/tmd"
)

func init() {
	register("tmd", tmd.CommandUsage, runTMD)
}

// runTMD hands "tabletop tmd ..." to the game package, which owns it, and
// maps its errors to exit statuses: bad usage 2, an invalid sheet or roll 1.
func runTMD(ctx context.Context, env Env, args []string) error {
	err := tmd.Command(ctx, args, env.Stdout, env.Stderr)
	var ue *tmd.UsageError
	switch {
	case errors.As(err, &ue):
		return usagef("%s", ue.Msg)
	case errors.Is(err, tmd.ErrInvalid):
		return &exitError{code: 1}
	}
	return err
}
