package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

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

// verifyTMDRoll checks raw as tabletop tmd roll-species --check does if it
// is a species roll or a discounted roll (a roll page's download) and
// reports whether it was.
func verifyTMDRoll(env Env, raw []byte, name string) (bool, error) {
	if !tmd.IsRoll(raw) {
		return false, nil
	}
	msg, err := tmd.CheckRoll(raw)
	var ue *tmd.UsageError
	switch {
	case errors.As(err, &ue):
		return true, usagef("%s is %s", name, escaped(ue.Msg))
	case errors.Is(err, tmd.ErrInvalid):
		fmt.Fprintf(env.Stdout, "FAILED: %s\n", escaped(strings.TrimPrefix(err.Error(), tmd.ErrInvalid.Error()+": ")))
		return true, &exitError{code: 1}
	case err != nil:
		return true, err
	}
	fmt.Fprintln(env.Stdout, escaped(msg))
	return true, nil
}
