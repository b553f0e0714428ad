package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"tabletop/dice"
	"tabletop/engine"
)

// A game with a game master (Info.GMSeat) is played in the terminal with
// everyone at one keyboard: seat 1 is the GM and every seat is a person.
// The terminal asks whoever must act (the game says whom, see prompter);
// "as NAME" hands it to another seat for one action. Besides the numbered
// choices, a seat may type any action in the game's text form (see
// textParser); "@FILE" at the end of a line is replaced by the file's
// contents (a GM's book to import, a player's sheet to bring).

// prompter is implemented by states that say which seat a shared terminal
// should ask next.
type prompter interface {
	Prompt() engine.Seat
}

// bookKeeper is implemented by games whose GM keeps a book: ExportBook
// writes it from the GM's view to a file ("export book FILE"), which the
// game's "import book" action reads back (--book FILE, at the start).
type bookKeeper interface {
	ExportBook(v engine.View) ([]byte, error)
}

// gmTable is what runPlay read from the command line for a GM game.
type gmTable struct {
	players int
	name    string // --name: the GM's, if given
	names   string
	seedHex string
	export  string
	book    string
	opts    optionFlags
}

// defaultGMPlayers is a GM and two players.
const defaultGMPlayers = 3

// maxListed is the most choices listed at every prompt; a longer list (a
// GM's) is shown on asking.
const maxListed = 12

func runPlayGM(ctx context.Context, env Env, g engine.Game, cfg gmTable) error {
	info := g.Info()
	n := cfg.players
	switch {
	case n != 0:
	case cfg.names != "":
		n = len(strings.Split(cfg.names, ","))
	default:
		n = defaultGMPlayers
	}
	if err := checkNames(info, cfg.names, n, cfg.players != 0); err != nil {
		return err
	}
	if n < info.MinSeats || n > info.MaxSeats {
		return usagef("%s takes %d to %d seats (the GM and the players), not %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	first := cfg.name
	if first == "" {
		first = "GM"
	}
	seats := hotSeats(n, first, cfg.names)
	seats[0].GM = true
	gmName := seats[0].Name
	seed := dice.NewSeed()
	if cfg.seedHex != "" {
		var err error
		if seed, err = dice.ParseSeed(cfg.seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	if err := distinctNames(seats); err != nil {
		return err
	}
	tab, err := engine.NewTable(g, engine.Options(cfg.opts), seats, seed)
	if err != nil {
		return usagef("%v", err)
	}
	p := &gmSession{session: session{env: env, in: bufio.NewScanner(env.Stdin), tab: tab}, as: engine.Spectator}
	fmt.Fprintf(env.Stdout, "%s: %s is the game master; players: %s. Seed commitment: %s\n", info.Name, gmName, playerNames(seats), tab.Commitment())
	fmt.Fprintln(env.Stdout, `Everyone shares this terminal. Type the number of a choice, its text, or any action; "help" for help.`)
	if cfg.book != "" {
		if err := p.typed(0, "import book @"+cfg.book); err != nil {
			return usagef("--book: %v", err)
		}
	}
	if err := p.loop(ctx); err != nil {
		return err
	}
	return p.finish(cfg.export)
}

func playerNames(seats []engine.SeatInfo) string {
	var out []string
	for _, s := range seats[1:] {
		out = append(out, s.Name)
	}
	return strings.Join(out, ", ")
}

// gmSession is a table of people sharing one terminal.
type gmSession struct {
	session
	as engine.Seat // the seat "as NAME" handed the terminal to, for one action
}

func (p *gmSession) loop(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return &exitError{code: 130, msg: "interrupted"}
		}
		if err := p.playOnly(); err != nil {
			return err
		}
		if _, over := p.tab.Over(); over {
			return nil
		}
		if err := p.ask(p.next()); err != nil {
			return err
		}
	}
}

// playOnly plays the only legal action of each pending seat that has just
// one, as the server does (a choice of one is no choice: engine.Only), and
// says whose choice it was, until no pending seat has one.
func (p *gmSession) playOnly() error {
	for range maxAutoActs {
		st := p.tab.State()
		played := false
		for _, s := range st.Pending() {
			a, only := engine.Only(st, s)
			if !only {
				continue
			}
			fmt.Fprintf(p.env.Stdout, "  (%s's only choice: %s)\n", p.tab.Seats()[s].Name, engine.Label(p.tab.Game(), st.View(s), a))
			if _, err := p.tab.Act(s, a); err != nil {
				return fmt.Errorf("seat %d playing %q: %w", s+1, a, err)
			}
			p.showNew()
			played = true
			break
		}
		if !played {
			return nil
		}
	}
	return errors.New("the seats' only choices did not stop")
}

// next is the seat to ask: the one handed the terminal if it may act,
// else the one the game names, else the first pending.
func (p *gmSession) next() engine.Seat {
	st := p.tab.State()
	pending := st.Pending()
	for _, s := range pending {
		if s == p.as {
			return s
		}
	}
	if pr, ok := st.(prompter); ok {
		if s := pr.Prompt(); s >= 0 {
			return s
		}
	}
	return pending[0]
}

// showNew prints the log entries not yet shown, each as the seat that
// acted sees it: the one at the keyboard.
func (p *gmSession) showNew() {
	for _, e := range p.tab.Log(p.shown) {
		for _, ev := range engine.EventsFor(e.Events, e.Seat) {
			fmt.Fprintln(p.env.Stdout, "  "+ev.Text)
		}
	}
	p.shown = p.tab.Len()
}

func (p *gmSession) label(s engine.Seat) string {
	name := p.tab.Seats()[s].Name
	if p.tab.Seats()[s].GM {
		return name + " (GM)"
	}
	return name
}

// ask shows seat s its view and choices and applies what it types.
func (p *gmSession) ask(s engine.Seat) error {
	p.me = s
	fmt.Fprintf(p.env.Stdout, "\n== %s ==\n", p.label(s))
	p.render()
	legal := p.tab.State().Legal(s)
	listChoices := func() {
		v := p.tab.State().View(s)
		for i, a := range legal {
			fmt.Fprintf(p.env.Stdout, "  %2d) %s\n", i+1, engine.Label(p.tab.Game(), v, a))
		}
	}
	fmt.Fprintln(p.env.Stdout)
	if len(legal) <= maxListed {
		listChoices()
	} else {
		fmt.Fprintf(p.env.Stdout, "  (%d ready-made choices: \"choices\" lists them; or type any action)\n", len(legal))
	}
	for {
		fmt.Fprintf(p.env.Stdout, "%s> ", p.label(s))
		if !p.in.Scan() {
			fmt.Fprintln(p.env.Stdout, "\nno more input: leaving the table.")
			return errQuit
		}
		line := strings.TrimSpace(p.in.Text())
		fmt.Fprintln(p.env.Stdout, line) // echo, so that a transcript reads as a session
		lower := strings.ToLower(line)
		switch {
		case line == "":
			continue
		case lower == "help" || lower == "?":
			fmt.Fprint(p.env.Stdout, `Type a choice's number, its text, or any action in the game's words, as the
choices show them; a last word "@FILE", FILE a file, reads the rest from it (a
sheet, a book).
  choices            list the ready-made choices
  rules              the rules in brief
  as NAME            hand the terminal to another seat (a player, or the GM) for one action
  view               show the table again
  log                show the whole log so far, as this seat sees it
  export book FILE   (GM) write the GM's book to FILE, to import at another table
  quit               leave the table
`)
			p.explain(legal)
			continue
		case lower == "rules":
			fmt.Fprintln(p.env.Stdout, rulesText(p.tab.Game()))
			continue
		case lower == "choices" || lower == "c":
			listChoices()
			continue
		case lower == "view" || lower == "v":
			p.render()
			continue
		case lower == "log":
			for _, e := range p.tab.Log(0) {
				for _, ev := range engine.EventsFor(e.Events, s) {
					fmt.Fprintln(p.env.Stdout, "  "+ev.Text)
				}
			}
			continue
		case lower == "quit" || lower == "q" || lower == "exit":
			fmt.Fprintln(p.env.Stdout, "leaving the table.")
			return errQuit
		case strings.HasPrefix(lower, "as "):
			name := strings.TrimSpace(line[3:])
			to, ok := p.seatNamed(name)
			switch {
			case !ok:
				fmt.Fprintf(p.env.Stdout, "no seat called %q: %s\n", name, p.seatsToAsk(s))
			case len(p.tab.State().Legal(to)) == 0:
				fmt.Fprintf(p.env.Stdout, "%s has nothing to do now: %s\n", p.label(to), p.seatsToAsk(s))
			default:
				p.as = to
				return nil
			}
			continue
		case strings.HasPrefix(lower, "export book "):
			p.exportBook(s, strings.TrimSpace(line[len("export book "):]))
			continue
		}
		a, err := p.read(s, line)
		if err == nil && !p.confirmed(s, a, true) {
			continue
		}
		if err == nil {
			_, err = p.tab.Act(s, a)
		}
		if err != nil {
			fmt.Fprintln(p.env.Stdout, refusal(err))
			continue
		}
		p.as = engine.Spectator
		p.showNew()
		return nil
	}
}

// typed applies what seat s typed (read).
func (p *gmSession) typed(s engine.Seat, line string) error {
	a, err := p.read(s, line)
	if err != nil {
		return err
	}
	_, err = p.tab.Act(s, a)
	return err
}

// read is the action seat s typed: a choice's number or exact text or
// label (engine.Label), any action the game parses, or a prefix of one
// choice's text or label.
func (p *gmSession) read(s engine.Seat, line string) (engine.Action, error) {
	st := p.tab.State()
	legal := st.Legal(s)
	named := labels(p.tab.Game(), st.View(s), legal)
	var a engine.Action
	if _, err := strconv.Atoi(line); err == nil {
		var perr error
		if a, perr = pick(legal, named, line); perr != nil {
			return nil, perr
		}
	}
	if a == nil {
		// The one choice whose text or label this is; of several (sample
		// sheets share a text) pick asks which.
		var exact []engine.Action
		for i, l := range legal {
			if strings.EqualFold(named[i], line) || strings.EqualFold(l.String(), line) {
				exact = append(exact, l)
			}
		}
		switch len(exact) {
		case 1:
			a = exact[0]
		case 0:
		default:
			return pick(legal, named, strings.ToLower(line))
		}
	}
	if ap, ok := p.tab.Game().(textParser); ok && a == nil {
		text, err := withFile(line)
		if err != nil {
			return nil, err
		}
		if parsed, perr := parseText(ap, st, s, text); perr == nil {
			a = parsed
		} else if _, pickErr := pick(legal, named, strings.ToLower(line)); pickErr != nil || tooShort(line) {
			return nil, perr
		}
	}
	if a == nil {
		if tooShort(line) {
			return nil, fmt.Errorf("%q is too short to pick a choice by: type its number, or more of its text", line)
		}
		return pick(legal, named, strings.ToLower(line))
	}
	return a, nil
}

// tooShort reports whether line is too short to stand for the choice it
// begins: at a table where anything may be typed, a stray "n" or "no" (an
// answer given a line late) would otherwise play the first choice that
// starts with it, say a GM's note. A choice's number or whole text is
// never too short.
func tooShort(line string) bool { return utf8.RuneCountInString(line) < 3 }

// withFile replaces a final "@FILE" word (an @ at the line's start or
// after a space) by the contents of the file FILE, if there is one: a line
// that only ends like an address ("write to bob@example.com") or names
// something with @ ("meet @dawn") stays as typed.
func withFile(line string) (string, error) {
	i := strings.LastIndex(line, "@")
	if i < 0 || strings.ContainsAny(line[i+1:], " \t") || i+1 == len(line) || i > 0 && line[i-1] != ' ' && line[i-1] != '\t' {
		return line, nil
	}
	data, err := os.ReadFile(line[i+1:])
	if errors.Is(err, fs.ErrNotExist) {
		return line, nil
	}
	if err != nil {
		return "", fmt.Errorf("cannot read %s: %s", line[i+1:], fileProblem(err))
	}
	return line[:i] + string(data), nil
}

// fileProblem says why a file could not be read, without Go's words.
func fileProblem(err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, syscall.EISDIR):
		return "it is a folder, not a file"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// seatNamed finds a seat by its person's name or number (from 1).
func (p *gmSession) seatNamed(name string) (engine.Seat, bool) {
	if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(p.tab.Seats()) {
		return engine.Seat(n - 1), true
	}
	for i, s := range p.tab.Seats() {
		if strings.EqualFold(s.Name, name) {
			return engine.Seat(i), true
		}
	}
	return engine.Spectator, false
}

// seatsToAsk says which seats "as NAME" may hand the terminal to now, from
// seat s's: the others that have something to do.
func (p *gmSession) seatsToAsk(s engine.Seat) string {
	st := p.tab.State()
	var names []string
	for i, si := range p.tab.Seats() {
		if engine.Seat(i) != s && len(st.Legal(engine.Seat(i))) > 0 {
			names = append(names, si.Name)
		}
	}
	switch len(names) {
	case 0:
		return "no other seat has anything to do now"
	case 1:
		return "the other seat with something to do now is " + names[0]
	}
	return "the other seats with something to do now are " + engine.JoinAnd(names)
}

func (p *gmSession) exportBook(s engine.Seat, path string) {
	be, ok := p.tab.Game().(bookKeeper)
	if !ok {
		fmt.Fprintln(p.env.Stdout, "this game has no book to export")
		return
	}
	data, err := be.ExportBook(p.tab.State().View(s))
	if err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		fmt.Fprintln(p.env.Stdout, err)
		return
	}
	fmt.Fprintf(p.env.Stdout, "wrote the book to %s: \"import book @%s\" at another table\n", path, path)
}
