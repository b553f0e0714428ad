package main

import (
	"strings"
	"testing"
)

// TestTMD_ExitStatuses checks the wiring of "tabletop tmd": a valid sheet
// exits 0, an invalid one 1 with its problems on standard output, bad usage
// 2 with a one-line message.
func TestTMD_ExitStatuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"valid sheet", []string{"tmd", "sheet", "check", "../../games/tmd/testdata/sparks.json"}, 0, "ok: Sparks's sheet follows the rules", ""},
		{"invalid sheet", []string{"tmd", "sheet", "check", "../../games/tmd/testdata/raboot.json"}, 1, "2 too many", ""},
		{"damage", []string{"tmd", "damage", "--attacker", "Pikachu@56", "--move", "Thunderbolt", "--defender", "Gyarados"}, 0, "total probability 1", ""},
		{"unknown move", []string{"tmd", "damage", "--attacker", "Pikachu", "--move", "Nope", "--defender", "Eevee"}, 2, "", `tabletop tmd: no move called "Nope"`},
		{"no subcommand", []string{"tmd"}, 2, "", "usage: tabletop tmd"},
		{"help", []string{"tmd", "-h"}, 0, "", "usage: tabletop tmd"},
	} {
		code, out, errOut := run(t, "", c.args...)
		if code != c.code || !strings.Contains(out, c.stdout) || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.name, code, out, errOut, c.code, c.stdout, c.stderr)
		}
	}
}
