package cliflags

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
)

func TestParseAllowsFlagsAfterArguments(t *testing.T) {
	var out bytes.Buffer
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(&out)
	fs.Usage = func() { out.WriteString("usage: x") }
	n := fs.Int("n", 1, "count")
	pos, err := Parse(fs, []string{"a", "-n", "3", "b"})
	if err != nil || *n != 3 || strings.Join(pos, ",") != "a,b" {
		t.Errorf("Parse = %v, %v, n=%d; want [a b], nil, 3", pos, err, *n)
	}
	if _, err := Parse(fs, []string{"--bogus"}); err == nil || out.Len() != 0 {
		t.Errorf("bad flag: %v, printed %q; want an error and nothing printed", err, out.String())
	}
	if _, err := Parse(fs, []string{"-h"}); !errors.Is(err, flag.ErrHelp) || out.String() != "usage: x" {
		t.Errorf("-h: %v, printed %q; want ErrHelp and the usage", err, out.String())
	}
}
