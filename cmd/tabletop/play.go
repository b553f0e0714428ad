package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
)

func init() {
	register("play", "play a game in the terminal against bots: tabletop play pmr --bots nash,greedy", runPlay)
}

const playUsage = `GAME [--players N] [--bots LIST] [--turns N] [--seed HEX] [--name NAME] [-o name=value] [--export FILE]

You take seat 1; the other seats are played by bots (--bots, comma-separated,
one per seat; missing ones use the game's best bot). With neither --players
nor --bots the table has four seats, or as near as the game allows. At each
prompt type the number of a choice or its text; "help" lists the commands.
When the game ends the table export can be written for "tabletop verify".

A game with a game master (msp) seats people only, at one terminal: seat 1
(--name) is the GM, --names names the players (default: a GM and two
players), --book FILE imports the GM's book, and the terminal asks whoever
must act.`

// defaultPlayers is the size of a table when neither --players nor --bots
// says: you and three of the game's best bot.
const defaultPlayers = 4

func runPlay(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "play", playUsage)
	players := fs.Int("players", 0, "number of seats (default: 1 + the number of bots; 4, within the game's limits, if no bots are named)")
	fs.IntVar(players, "stables", 0, "same as --players (Pocket Monster Rancher)")
	botList := fs.String("bots", "", "bots for seats 2.., comma-separated (e.g. nash,greedy,random)")
	turns := fs.Int("turns", 0, "shorthand for -o turns=N")
	seedHex := fs.String("seed", "", "table seed in hex (default: random; revealed at the end)")
	name := fs.String("name", "Player", "your name at the table")
	export := fs.String("export", "", "write the table export to FILE at the end, without asking")
	playerNamesFlag := fs.String("names", "", "games with a game master: the players' names, comma-separated (seat 1, --name, is the GM)")
	book := fs.String("book", "", "games with a game master: import the GM's book from FILE at the start")
	opts := optionFlags{}
	fs.Var(opts, "o", "game option name=value (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one GAME (%s), got %d arguments", strings.Join(registry().IDs(), ", "), len(pos))
	}
	g, err := registry().Game(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	info := g.Info()
	if info.GMSeat {
		if *botList != "" {
			return usagef("%s is played by people only: the GM and the players share the terminal", info.Name)
		}
		return runPlayGM(ctx, env, g, gmTable{players: *players, name: *name, names: *playerNamesFlag, seedHex: *seedHex, export: *export, book: *book, opts: opts})
	}
	if *turns != 0 {
		opts["turns"] = strconv.Itoa(*turns)
	}
	var names []string
	if *botList != "" {
		names = strings.Split(*botList, ",")
	}
	n := *players
	switch {
	case n != 0:
	case len(names) > 0:
		n = max(1+len(names), info.MinSeats)
	default:
		n = min(max(defaultPlayers, info.MinSeats), info.MaxSeats)
	}
	if n < info.MinSeats || n > info.MaxSeats {
		return usagef("%s takes %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	if len(names) > n-1 {
		return usagef("%d bots named for %d other seats", len(names), n-1)
	}
	defaultBot := "random"
	if len(info.Bots) > 0 {
		defaultBot = info.Bots[len(info.Bots)-1]
	}
	seats := []engine.SeatInfo{{Name: *name}}
	botSeats := map[engine.Seat]engine.Bot{}
	for i := 1; i < n; i++ {
		bn := defaultBot
		if i-1 < len(names) && strings.TrimSpace(names[i-1]) != "" {
			bn = strings.TrimSpace(names[i-1])
		}
		b, err := bots.New(g, bn)
		if err != nil {
			return usagef("%v", err)
		}
		botSeats[engine.Seat(i)] = b
		seats = append(seats, engine.SeatInfo{Name: fmt.Sprintf("%s (%s)", botName(i), bn), Bot: bn})
	}
	seed := dice.NewSeed()
	if *seedHex != "" {
		if seed, err = dice.ParseSeed(*seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	tab, err := engine.NewTable(g, engine.Options(opts), seats, seed)
	if err != nil {
		return usagef("%v", err)
	}
	p := &session{env: env, in: bufio.NewScanner(env.Stdin), tab: tab, bots: botSeats, me: 0}
	fmt.Fprintf(env.Stdout, "%s: you are %s at a table of %d. Seed commitment: %s\n", info.Name, *name, n, tab.Commitment())
	fmt.Fprintln(env.Stdout, `Type the number of a choice or its text; "help" for help.`)
	if err := p.loop(ctx); err != nil {
		return err
	}
	return p.finish(*export)
}

var botNames = []string{"Ada", "Basil", "Cleo", "Dax", "Edda", "Fenn", "Gus", "Hale"}

func botName(i int) string { return botNames[(i-1)%len(botNames)] }

// session is one person playing at a table in the terminal.
type session struct {
	env   Env
	in    *bufio.Scanner
	tab   *engine.Table
	bots  map[engine.Seat]engine.Bot
	me    engine.Seat
	shown int // log entries already shown
}

var errQuit = &exitError{code: 0, msg: ""}

func (p *session) loop(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return &exitError{code: 130, msg: "interrupted"}
		}
		if err := p.runBots(); err != nil {
			return err
		}
		p.showEvents()
		if _, over := p.tab.Over(); over {
			return nil
		}
		if err := p.ask(); err != nil {
			return err
		}
	}
}

// runBots lets every pending bot act, and plays any seat's only legal action
// (a choice of one is no choice), until the person has a real choice or the
// game is over.
func (p *session) runBots() error {
	for range 100000 {
		st := p.tab.State()
		acted := false
		for _, s := range st.Pending() {
			a, only := engine.Only(st, s)
			b, isBot := p.bots[s]
			switch {
			case only && s == p.me:
				fmt.Fprintf(p.env.Stdout, "  (your only choice: %s)\n", a)
			case only:
			case isBot:
				a = b.Act(s, st.View(s), st.Legal(s), p.tab.BotStream(s))
			default:
				continue
			}
			if _, err := p.tab.Act(s, a); err != nil {
				return fmt.Errorf("seat %d playing %q: %w", s+1, a, err)
			}
			acted = true
			break
		}
		if !acted {
			return nil
		}
	}
	return fmt.Errorf("bots did not stop acting")
}

// showEvents prints the log entries not yet shown, as the person sees them.
func (p *session) showEvents() {
	for _, e := range p.tab.Log(p.shown) {
		for _, ev := range engine.EventsFor(e.Events, p.me) {
			fmt.Fprintln(p.env.Stdout, "  "+ev.Text)
		}
	}
	p.shown = p.tab.Len()
}

func (p *session) render() {
	st := p.tab.State()
	v := st.View(p.me)
	if r, ok := p.tab.Game().(engine.TextRenderer); ok {
		fmt.Fprintln(p.env.Stdout, r.RenderText(v, p.me))
		return
	}
	raw, _ := json.MarshalIndent(v, "", "  ")
	fmt.Fprintln(p.env.Stdout, string(raw))
}

// ask shows the view and the person's choices and applies one.
func (p *session) ask() error {
	p.render()
	for {
		legal := p.tab.State().Legal(p.me)
		if len(legal) == 0 {
			return fmt.Errorf("it is nobody's turn but the game is not over")
		}
		fmt.Fprintln(p.env.Stdout)
		for i, a := range legal {
			fmt.Fprintf(p.env.Stdout, "  %2d) %s\n", i+1, a)
		}
		fmt.Fprint(p.env.Stdout, "> ")
		if !p.in.Scan() {
			fmt.Fprintln(p.env.Stdout, "\nno more input: leaving the table.")
			return errQuit
		}
		line := strings.Join(strings.Fields(strings.ToLower(p.in.Text())), " ")
		switch line {
		case "":
			continue
		case "help", "?", "h":
			fmt.Fprintf(p.env.Stdout, `Type a choice's number (e.g. 1) or its text (e.g. %q).
  view   show the table again
  log    show the whole log so far
  seed   show the seed commitment (the seed itself is revealed at the end)
  quit   leave the table
`, legal[0].String())
			continue
		case "view", "v":
			p.render()
			continue
		case "log":
			for _, e := range p.tab.Log(0) {
				for _, ev := range engine.EventsFor(e.Events, p.me) {
					fmt.Fprintln(p.env.Stdout, "  "+ev.Text)
				}
			}
			continue
		case "seed":
			fmt.Fprintln(p.env.Stdout, "sha256(seed) = "+p.tab.Commitment())
			continue
		case "quit", "q", "exit":
			fmt.Fprintln(p.env.Stdout, "leaving the table.")
			return errQuit
		}
		a, err := pick(legal, line)
		if err != nil {
			fmt.Fprintln(p.env.Stdout, err)
			continue
		}
		if _, err := p.tab.Act(p.me, a); err != nil {
			fmt.Fprintln(p.env.Stdout, err)
			continue
		}
		return nil
	}
}

// pick finds the action a person meant: its number, its exact text, or the
// one action whose text starts with what they typed.
func pick(legal []engine.Action, line string) (engine.Action, error) {
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(legal) {
			return nil, fmt.Errorf("choose a number from 1 to %d", len(legal))
		}
		return legal[n-1], nil
	}
	var found []engine.Action
	for _, a := range legal {
		text := strings.ToLower(a.String())
		if text == line {
			return a, nil
		}
		if strings.HasPrefix(text, line) {
			found = append(found, a)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, fmt.Errorf("%q is not one of the choices; type its number, or help", line)
	}
	return nil, fmt.Errorf("%q could be %d choices; type more of it, or its number", line, len(found))
}

// finish shows the outcome, reveals the seed and offers the export.
func (p *session) finish(exportPath string) error {
	out, _ := p.tab.Over()
	fmt.Fprintln(p.env.Stdout)
	p.render()
	fmt.Fprintln(p.env.Stdout, "\nGame over: "+out.Text)
	fmt.Fprintln(p.env.Stdout, "Seed (check: sha256 of it is the commitment shown at the start): "+p.tab.Seed().String())
	if exportPath == "" {
		fmt.Fprint(p.env.Stdout, "Write the table export for \"tabletop verify\"? File name (enter to skip): ")
		if p.in.Scan() {
			exportPath = strings.TrimSpace(p.in.Text())
		}
		fmt.Fprintln(p.env.Stdout)
	}
	if exportPath == "" {
		return nil
	}
	raw, err := json.MarshalIndent(p.tab.Export(true), "", " ")
	if err != nil {
		return err
	}
	if err := writeFileAtomic(exportPath, raw); err != nil {
		return err
	}
	fmt.Fprintf(p.env.Stdout, "wrote %s: check it with \"tabletop verify %s\"\n", exportPath, exportPath)
	return nil
}

// writeFileAtomic writes via a temporary file and a rename, so a crash never
// leaves half a file.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
