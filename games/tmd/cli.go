package tmd

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/cliflags"
)

// UsageError is bad usage or bad input to Command: the command line says
// what was wrong and exits with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// ErrInvalid is returned (wrapped) when a checked sheet or roll is wrong:
// the command line exits with status 1.
var ErrInvalid = errors.New("tmd: invalid")

// maxFileSize bounds the sheet and roll files Command reads.
const maxFileSize = 1 << 20

// CommandUsage is the one-line summary of Command for the command list.
const CommandUsage = "The Mystery Dungeons 2e: sheets, damage odds, verifiable species rolls"

// Command runs "tabletop tmd SUBCOMMAND ...": sheet, damage and
// roll-species. It writes its results to stdout and its usage to stderr.
func Command(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := "usage: tabletop tmd sheet new|show|check ... | damage ... | roll-species ...\n" +
		`"tabletop tmd COMMAND -h" shows a command's flags.`
	if len(args) == 0 {
		return usagef("%s", usage)
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stderr, usage)
		return flag.ErrHelp
	}
	d, err := LoadData()
	if err != nil {
		return err
	}
	switch args[0] {
	case "sheet":
		return sheetCommand(d, args[1:], stdout, stderr)
	case "damage":
		return damageCommand(ctx, d, args[1:], stdout, stderr)
	case "roll-species":
		return rollCommand(d, args[1:], stdout, stderr)
	}
	return usagef("unknown command %q (want sheet, damage or roll-species)", args[0])
}

// flags returns a flag set that reports errors instead of exiting.
func flags(stderr io.Writer, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: tabletop tmd %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags placed before or after the positional arguments.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := cliflags.Parse(fs, args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return nil, usagef("%v", err)
	}
	return pos, err
}

func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, usagef("reading %s: %v", path, err)
	}
	if len(raw) > maxFileSize {
		return nil, usagef("%s is larger than %d KiB: not a sheet", path, maxFileSize>>10)
	}
	return raw, nil
}

// LoadSheet reads a sheet file.
func LoadSheet(path string) (*Sheet, error) {
	raw, err := readFile(path)
	if err != nil {
		return nil, err
	}
	var s Sheet
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, usagef("%s is not a sheet: %v", path, err)
	}
	return &s, nil
}

func sheetCommand(d *Data, args []string, stdout, stderr io.Writer) error {
	fs := flags(stderr, "sheet", "new --name NAME --species SPECIES | show FILE | check FILE\n\n"+
		"new prints a level-5 sheet (JSON) to edit; show prints a sheet with its\n"+
		"derived numbers and its problems; check prints ok or every problem (exit 1).")
	name := fs.String("name", "", "the character's `NAME` (new)")
	species := fs.String("species", "", "the character's `SPECIES` (new)")
	ability := fs.String("ability", "", "the `ABILITY` (new; default the species' first, the hidden one allowed)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("sheet: want new, show or check (try -h)")
	}
	switch pos[0] {
	case "new":
		if len(pos) != 1 || *name == "" || *species == "" {
			return usagef("sheet new: want --name and --species")
		}
		s, err := NewSheet(d, *name, *species)
		if err != nil {
			return usagef("%v", err)
		}
		if *ability != "" {
			s.Ability = *ability
		}
		if err := s.Validate(d); err != nil {
			return usagef("%v", err)
		}
		b, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	case "show", "check":
		if len(pos) != 2 {
			return usagef("sheet %s: want one FILE", pos[0])
		}
		s, err := LoadSheet(pos[1])
		if err != nil {
			return err
		}
		if pos[0] == "show" {
			text, err := s.Text(d)
			if err != nil {
				return usagef("%v", err)
			}
			fmt.Fprint(stdout, text)
		}
		verr := s.Validate(d)
		var se *SheetError
		switch {
		case verr == nil:
			fmt.Fprintf(stdout, "ok: %s's sheet follows the rules\n", s.Name)
			return nil
		case errors.As(verr, &se):
			fmt.Fprintf(stdout, "%s's sheet has %s:\n", s.Name, engine.Count(len(se.Problems), "problem", "problems"))
			for _, p := range se.Problems {
				fmt.Fprintf(stdout, "  - %s\n", p)
			}
			return fmt.Errorf("%w: %s in %s", ErrInvalid, engine.Count(len(se.Problems), "problem", "problems"), pos[1])
		default:
			return usagef("%v", verr)
		}
	}
	return usagef("sheet: unknown %q (want new, show or check)", pos[0])
}

// combatant is one side of the damage calculator: a sheet, or a species at
// a level with no stat points.
type combatant struct {
	file  string // the sheet file, if any
	label string
	types []string
	sheet *Sheet
	der   Derived
}

// loadCombatant reads SPEC: a sheet file, or SPECIES or SPECIES@LEVEL.
func loadCombatant(d *Data, spec string) (combatant, error) {
	if spec == "" {
		return combatant{}, usagef("want a sheet file or a species (Pikachu, Pikachu@30)")
	}
	var s *Sheet
	file := ""
	if _, err := os.Stat(spec); err == nil {
		if s, err = LoadSheet(spec); err != nil {
			return combatant{}, err
		}
		file = spec
	} else {
		name, lvl, hasLevel := strings.Cut(spec, "@")
		level := StartLevel
		if hasLevel {
			n, err := strconv.Atoi(lvl)
			if err != nil {
				return combatant{}, usagef("%q: the level after @ is not a number", spec)
			}
			level = n
		}
		sp, err := d.SpeciesNamed(name)
		if err != nil {
			return combatant{}, usagef("%q is neither a sheet file nor a species: %v", spec, err)
		}
		s = &Sheet{Name: sp.Name, Species: sp.Name, Level: level, Rank: "Rookie", Points: map[Stat]int{}}
	}
	c, err := newCombatant(d, s, file)
	if err != nil {
		return combatant{}, usagef("%v", err)
	}
	return c, nil
}

func damageCommand(ctx context.Context, d *Data, args []string, stdout, stderr io.Writer) error {
	fs := flags(stderr, "damage", "--attacker SHEET|SPECIES[@LEVEL] --move MOVE --defender SHEET|SPECIES[@LEVEL] [flags]\n\n"+
		"Prints the exact distribution of the damage of one use of the move over\n"+
		"the d20 (miss, hit, crit; with the move's multi-hit dice) and the\n"+
		"expected damage. Sheets give stat points, level bonus and training.")
	attacker := fs.String("attacker", "", "the attacker: a sheet `FILE`, or a species with an optional @level")
	defender := fs.String("defender", "", "the defender: a sheet `FILE`, or a species with an optional @level")
	moveName := fs.String("move", "", "the `MOVE` used")
	opponents := fs.Int("opponents", 1, "opponents a multi-target move aims at or a room-hitter hits")
	accStage := fs.Int("accuracy", 0, "the attacker's accuracy `STAGE`")
	critStage := fs.Int("crit", 0, "the attacker's crit ratio `STAGE`")
	atkStage := fs.Int("attack-stage", 0, "the attacker's Attack or Special Attack `STAGE` (negative: a penalty)")
	defStage := fs.Int("defense-stage", 0, "the defender's Defense or Special Defense `STAGE`")
	evasion := fs.Int("evasion", 0, "the defender's evasion `STAGE`")
	speed := fs.Int("speed", 0, "the defender's speed `STAGE`")
	paralyzed := fs.Bool("paralyzed", false, "the attacker is paralyzed")
	confused := fs.Bool("confused", false, "the attacker is confused")
	burned := fs.Bool("burned", false, "the attacker is burned")
	harmed := fs.Bool("harmed", false, "the defender was already harmed (no priority bonus)")
	rules := fs.String("rules", "text", "the combat `RULES`: text (the rule text) or pages (the group's newer rules page)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("damage: unexpected %q (try -h)", pos[0])
	}
	if *moveName == "" {
		return usagef("damage: want --move")
	}
	m, err := d.MoveNamed(*moveName)
	if err != nil {
		return usagef("%v", err)
	}
	edition, err := ParseEdition(*rules)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	if *opponents < 1 || *opponents > maxOpponents {
		return usagef("--opponents %d: want 1 to %d", *opponents, maxOpponents)
	}
	atk, err := loadCombatant(d, *attacker)
	if err != nil {
		return usagef("--attacker: %v", err)
	}
	def, err := loadCombatant(d, *defender)
	if err != nil {
		return usagef("--defender: %v", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	c, err := d.calcDamage(m, atk, def, damageOpts{
		Rules: edition, Opponents: *opponents, Accuracy: *accStage, Crit: *critStage,
		AttackStage: *atkStage, DefenseStage: *defStage, Evasion: *evasion, Speed: *speed,
		Paralyzed: *paralyzed, Confused: *confused, Burned: *burned, Harmed: *harmed,
	})
	if err != nil {
		return usagef("%v", err)
	}
	a, dd, dist, faces := c.A, c.D, c.Dist, c.Faces
	fmt.Fprintf(stdout, "%s uses %s on %s\n  %s\n", atk.label, m.Name, def.label, MoveLine(m))
	for _, side := range []combatant{atk, def} {
		if side.file != "" && side.sheet.Validate(d) != nil {
			fmt.Fprintf(stdout, "  note: %s breaks the rules (see tabletop tmd sheet check %s); its numbers are used as written\n", side.file, side.file)
		}
	}
	fmt.Fprintf(stdout, "  combat effect %+d, penalty %d, mitigation %d, type match-up x%s\n",
		a.CombatEffect, a.Penalty, dd.Mitigation, strconv.FormatFloat(c.Mult, 'g', -1, 64))
	if miss := a.missingAP(m); miss > 0 {
		fmt.Fprintf(stdout, "  %s has %d AP for a move of %d: the d20 needs %d more to hit\n", atk.label, a.AP, m.AP, miss)
	}
	fmt.Fprintf(stdout, "d20:")
	for f := 1; f <= 20; f++ {
		fmt.Fprintf(stdout, " %d:%s", f, faces[f])
	}
	fmt.Fprintf(stdout, "\n%-6s %7s %14s %9s\n", "result", "damage", "probability", "percent")
	for _, o := range dist {
		pct, _ := new(big.Rat).Mul(o.P, big.NewRat(100, 1)).Float64()
		dmg := strconv.Itoa(o.Damage)
		if o.Result == HitAlly || o.Result == HitSelf {
			dmg = "-"
		}
		fmt.Fprintf(stdout, "%-6s %7s %14s %8.2f%%\n", o.Result, dmg, o.P.RatString(), pct)
	}
	if c.Effect != nil {
		p := c.Effect
		pct, _ := new(big.Rat).Mul(p, big.NewRat(100, 1)).Float64()
		fmt.Fprintf(stdout, "secondary effect (%s): %s = %.2f%%\n", secondaryText(m.Secondary), p.RatString(), pct)
	}
	e := dist.Expected()
	ef, _ := e.Float64()
	fmt.Fprintf(stdout, "total probability %s; expected damage %s = %.2f\n", dist.Total().RatString(), e.RatString(), ef)
	return nil
}

// secondaryText names a secondary effect in a few words.
func secondaryText(sec *Secondary) string {
	status := map[string]string{"brn": "burn", "par": "paralysis", "psn": "poison", "tox": "bad poison", "slp": "sleep", "frz": "freeze"}
	var parts []string
	if sec.Status != "" {
		parts = append(parts, status[sec.Status])
	}
	if sec.Volatile != "" {
		parts = append(parts, sec.Volatile)
	}
	for _, b := range []struct {
		who   string
		boost map[string]int
	}{{"target", sec.Boosts}, {"user", sec.SelfBoosts}} {
		keys := make([]string, 0, len(b.boost))
		for k := range b.boost {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %s %+d", b.who, k, b.boost[k]))
		}
	}
	if len(parts) == 0 {
		return "see the move"
	}
	return strings.Join(parts, ", ")
}

func rollCommand(d *Data, args []string, stdout, stderr io.Writer) error {
	fs := flags(stderr, "roll-species", "--commit | --character NAME [--seed HEX] [--json] | --check FILE\n\n"+
		"Rolls a character's species (2d1012 on the group's list, numbers with\n"+
		"no species rolled again). --commit makes a seed and prints it with its\n"+
		"commitment, sha256(seed): publish the commitment, keep the seed, and roll\n"+
		"with --seed later. The faces follow from the seed and the character's\n"+
		"name alone, so a reroll needs a new seed and a new commitment. --check\n"+
		"FILE reads a roll saved with --json and checks it against its seed and\n"+
		"commitment.")
	commit := fs.Bool("commit", false, "make a seed and print its commitment, to publish before rolling")
	character := fs.String("character", "", "the character's `NAME`")
	seedHex := fs.String("seed", "", "roll from the seed with these `HEX` digits (default: a fresh random seed)")
	asJSON := fs.Bool("json", false, "print the roll as JSON (input for --check)")
	check := fs.String("check", "", "check the roll saved in `FILE`")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("roll-species: unexpected %q (try -h)", pos[0])
	}
	if *check != "" {
		raw, err := readFile(*check)
		if err != nil {
			return err
		}
		msg, err := CheckRoll(raw)
		var ue *UsageError
		switch {
		case errors.As(err, &ue):
			return usagef("%s is %s", *check, ue.Msg)
		case errors.Is(err, ErrInvalid):
			fmt.Fprintf(stdout, "FAILED: %v\n", strings.TrimPrefix(err.Error(), ErrInvalid.Error()+": "))
			return err
		case err != nil:
			return err
		}
		fmt.Fprintln(stdout, msg)
		return nil
	}
	if *commit {
		seed := dice.NewSeed()
		fmt.Fprintf(stdout, "commitment: %s\nseed: %s\npublish the commitment now and keep the seed secret; roll with --seed %s\n",
			seed.Commitment(), seed, seed)
		return nil
	}
	if strings.TrimSpace(*character) == "" {
		return usagef("roll-species: want --character NAME")
	}
	seed := dice.NewSeed()
	if *seedHex != "" {
		if seed, err = dice.ParseSeed(*seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	r, err := d.RollSpecies(seed, *character)
	if err != nil {
		return usagef("%v", err)
	}
	if *asJSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	fmt.Fprintf(stdout, "commitment: %s\n", r.Commitment)
	fmt.Fprint(stdout, r.Text(d))
	fmt.Fprintf(stdout, "seed: %s\n", r.Seed)
	fmt.Fprintf(stdout, "check: %s (or --json, then --check FILE)\n", r.RollAgain())
	return nil
}
