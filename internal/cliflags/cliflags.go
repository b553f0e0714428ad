// Package cliflags parses the flags of a subcommand that allows them before
// and after its positional arguments ("roll 3d6 -n 5" as well as
// "roll -n 5 3d6"). The tabletop command and the games' own subcommands
// share it.
package cliflags

import (
	"errors"
	"flag"
	"io"
)

// Parse parses args with fs and returns the positional arguments. On -h it
// prints fs's usage and returns flag.ErrHelp; on a bad flag it prints
// nothing and returns the flag package's error, for the caller to report as
// one line. A lone "-" or a negative-looking word is positional.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	// The flag package prints the usage itself on -h and on every error;
	// Parse prints it only for -h.
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	for {
		fs.SetOutput(io.Discard)
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(out)
			usage()
			return nil, err
		}
		if err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
