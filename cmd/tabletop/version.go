package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func init() {
	register("version", "print the version: the build's commit, its Go, and each game's rules version", runVersion)
}

func runVersion(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "version", "\n\nPrints the module version and commit this binary was built from, the Go\nversion, and each game's rules version (a table's log records the one it\nwas played under).")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("version takes no arguments, got %q", strings.Join(pos, " "))
	}
	fmt.Fprintln(env.Stdout, "tabletop "+buildVersion())
	fmt.Fprintf(env.Stdout, "%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for _, info := range registry().Infos() {
		fmt.Fprintf(env.Stdout, "%s: rules %s\n", info.ID, info.RulesVersion)
	}
	return nil
}

// buildVersion is the module version and the commit the binary was built
// from, as the Go toolchain recorded them: "(devel) 3c117d9 2026-11-25T09:44:19Z
// modified". A binary built without version control says only what it knows.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown build)"
	}
	parts := []string{bi.Main.Version}
	if parts[0] == "" {
		parts[0] = "(devel)"
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		parts = append(parts, rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		parts = append(parts, t)
	}
	if settings["vcs.modified"] == "true" {
		parts = append(parts, "modified")
	}
	return strings.Join(parts, " ")
}
