package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
)

func init() {
	register("play", "play a game in the terminal against bots: tabletop play pmr --bots nash,greedy", runPlay)
}

const playUsage = `GAME [--players N] [--bots LIST] [--turns N] [--seed HEX] [--name NAME] [--names LIST] [-o name=value] [--export FILE] [--markdown FILE] [--book FILE]

You take seat 1; the other seats are played by bots (--bots, comma-separated,
one per seat; missing ones use the game's best bot). A game only people can
play (a story game) seats people at every seat instead: they share this
keyboard, and "as N" acts for seat N (--names names them, and without
--players sets how many). With neither --players nor --bots the table has
four seats, or as near as the game allows. At each prompt type the number
of a choice or its text; games whose actions carry free text (names,
narration) take any action typed in its text form. "help" lists the
commands and says what each choice does, "rules" gives the game's rules in
brief. When the game ends the table export can be written for "tabletop
verify" (--export), and a story game's story as Markdown (--markdown).

A game with a game master seats people only too, three unless --players or
--names says: seat 1 is the GM, the terminal asks whoever must act, "as
NAME" hands it to another seat, and --book FILE imports the GM's book where
the GM keeps one. A seat's only choice is played without asking, as the
server does. An action that ends the game for everyone asks "y" first.

Where people play every seat, a seat --names leaves unnamed (the first in
--names ,Ann,Bo) keeps its default name: --name or, at a game master's
table, "GM" for seat 1, and "Player N" for seat N.

A flag the game has no use for (--markdown where there is no story to
write, --book where the GM keeps no book, --names for bots' seats) is an
error that says which games it applies to.`

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
	nameList := fs.String("names", "", "names of the seats, comma-separated, for "+gamesWith(peoplePlayEverySeat)+", where people play every seat")
	export := fs.String("export", "", "write the table export to FILE at the end, without asking")
	story := fs.String("markdown", "", "write the story as Markdown to `FILE` at the end, for "+gamesWith(tellsStory))
	book := fs.String("book", "", "import the GM's book from `FILE` at the start, for "+gamesWith(keepsBook))
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
	if err := checkWritable(*export); err != nil {
		return usagef("--export: %v", err)
	}
	info := g.Info()
	given := flagsGiven(fs)
	if err := turnsOption(given, info, opts, *turns); err != nil {
		return err
	}
	if err := refuseUnused(g, given); err != nil {
		return err
	}
	if err := checkPlayers(given, info, *players); err != nil {
		return err
	}
	if info.GMSeat {
		if *botList != "" {
			return usagef("%s is played by people only: the GM and the players share the terminal", info.Name)
		}
		gmName := ""
		if given["name"] {
			gmName = *name
		}
		return runPlayGM(ctx, env, g, gmTable{players: *players, name: gmName, names: *nameList, seedHex: *seedHex, export: *export, book: *book, opts: opts})
	}
	var names []string
	if *botList != "" {
		names = strings.Split(*botList, ",")
	}
	// A game only people can play seats people at every seat.
	_, hotSeat := g.(engine.PeopleOnly)
	if hotSeat && len(names) > 0 {
		return usagef("%s is played by people only: no --bots", info.Name)
	}
	n := *players
	switch {
	case n != 0:
	case hotSeat && *nameList != "":
		n = len(strings.Split(*nameList, ","))
	case len(names) > 0:
		n = max(1+len(names), info.MinSeats)
	default:
		n = min(max(defaultPlayers, info.MinSeats), info.MaxSeats)
	}
	if err := checkNames(info, *nameList, n, *players != 0); err != nil {
		return err
	}
	if n < info.MinSeats || n > info.MaxSeats {
		return usagef("%s takes %d to %d players, not %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	if len(names) > n-1 {
		return usagef("%s named for %s", engine.Count(len(names), "bot", "bots"), engine.Count(n-1, "other seat", "other seats"))
	}
	defaultBot := "random"
	if len(info.Bots) > 0 {
		defaultBot = info.Bots[len(info.Bots)-1]
	}
	seats := []engine.SeatInfo{{Name: *name}}
	botSeats := map[engine.Seat]engine.Bot{}
	if hotSeat {
		first := ""
		if given["name"] {
			first = *name
		}
		seats = hotSeats(n, first, *nameList)
	}
	for i := 1; i < n && !hotSeat; i++ {
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
	if err := distinctNames(seats); err != nil {
		return err
	}
	tab, err := engine.NewTable(g, engine.Options(opts), seats, seed)
	if err != nil {
		return usagef("%v", err)
	}
	p := &session{env: env, in: bufio.NewScanner(env.Stdin), tab: tab, bots: botSeats, me: 0, hotSeat: hotSeat, resignBot: defaultBot}
	if hotSeat {
		fmt.Fprintf(env.Stdout, "%s: %s share this keyboard; \"as N\" acts for seat N. Seed commitment: %s\n", info.Name, seatNames(seats), tab.Commitment())
	} else {
		fmt.Fprintf(env.Stdout, "%s: you are %s at a table of %d. Seed commitment: %s\n", info.Name, *name, n, tab.Commitment())
	}
	fmt.Fprintln(env.Stdout, `Type the number of a choice or its text; "help" for help.`)
	if err := p.loop(ctx); err != nil {
		return err
	}
	if err := p.writeStory(*story); err != nil {
		return err
	}
	return p.finish(*export)
}

// flagsGiven is the set of fs's flags given on the command line, by
// name: a flag given its default value is given all the same.
func flagsGiven(fs *flag.FlagSet) map[string]bool {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	return given
}

// refuseUnused refuses a flag given for a game that has no use for it,
// naming the games it applies to. What a flag needs is something a game
// can do (write its story, keep a GM's book, seat people at every seat),
// so the games named are those that say they can.
func refuseUnused(g engine.Game, given map[string]bool) error {
	switch {
	case given["markdown"] && !tellsStory(g):
		return usagef("--markdown applies only to %s, to write the story at the end", gamesWith(tellsStory))
	case given["book"] && !keepsBook(g):
		return usagef("--book applies only to %s, to import the GM's book at the start", gamesWith(keepsBook))
	case given["names"] && !peoplePlayEverySeat(g):
		return usagef("--names applies only to %s, where people play every seat: at %s the other seats are bots (--name names yours)", gamesWith(peoplePlayEverySeat), g.Info().Name)
	}
	return nil
}

func tellsStory(g engine.Game) bool {
	_, ok := g.(markdowner)
	return ok
}

func keepsBook(g engine.Game) bool {
	_, ok := g.(bookKeeper)
	return ok
}

func peoplePlayEverySeat(g engine.Game) bool { return !engine.BotsCanPlay(g) }

// gamesWith lists the games has holds for, as a person reads them:
// "musi supa pona (msp)", "A (a), B (b) and C (c)".
func gamesWith(has func(engine.Game) bool) string {
	var out []string
	for _, id := range registry().IDs() {
		if g, err := registry().Game(id); err == nil && has(g) {
			out = append(out, fmt.Sprintf("%s (%s)", g.Info().Name, id))
		}
	}
	return engine.JoinAnd(out)
}

// checkPlayers refuses --players (or --stables) outside the game's seats,
// 0 included, which would otherwise read as "the default".
func checkPlayers(given map[string]bool, info engine.Info, n int) error {
	flagName := "players"
	if given["stables"] {
		flagName = "stables"
	} else if !given["players"] {
		return nil
	}
	if n >= info.MinSeats && n <= info.MaxSeats {
		return nil
	}
	at := info.Name
	if info.GMSeat {
		at += " (the GM and the players)"
	}
	if info.MinSeats == info.MaxSeats {
		return usagef("--%s must be %d at %s, got %d", flagName, info.MinSeats, at, n)
	}
	return usagef("--%s must be from %d to %d at %s, got %d", flagName, info.MinSeats, info.MaxSeats, at, n)
}

// checkNames refuses more --names (list) than the table's n seats, which
// --players gave, or else than the game takes (the names set the seats).
func checkNames(info engine.Info, list string, n int, playersGiven bool) error {
	if list == "" {
		return nil
	}
	k := len(strings.Split(list, ","))
	switch {
	case playersGiven && k > n:
		return usagef("%d names given for %d seats", k, n)
	case k > info.MaxSeats:
		return usagef("%d names given: %s takes at most %d seats", k, info.Name, info.MaxSeats)
	}
	return nil
}

// hotSeats names the n seats of a table of people sharing the keyboard:
// from list (comma-separated) if given, else first (--name, if given) for
// seat 1, and "Player N" for the others.
func hotSeats(n int, first, list string) []engine.SeatInfo {
	var given []string
	if list != "" {
		given = strings.Split(list, ",")
	}
	seats := make([]engine.SeatInfo, n)
	for i := range seats {
		switch {
		case i < len(given) && strings.TrimSpace(given[i]) != "":
			seats[i].Name = strings.TrimSpace(given[i])
		case i == 0 && first != "":
			seats[i].Name = first
		default:
			seats[i].Name = fmt.Sprintf("Player %d", i+1)
		}
	}
	return seats
}

// distinctNames refuses a table whose seats could not be told apart in
// its log and prompts: a seat with no name, or two with names alike
// (engine.DistinctNames).
func distinctNames(seats []engine.SeatInfo) error {
	for i, s := range seats {
		if strings.TrimSpace(s.Name) == "" {
			return usagef("seat %d has no name: give it one (--name, --names)", i+1)
		}
	}
	if err := engine.DistinctNames(seats); err != nil {
		return usagef("%s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	return nil
}

func seatNames(seats []engine.SeatInfo) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

var botNames = []string{"Ada", "Basil", "Cleo", "Dax", "Edda", "Fenn", "Gus", "Hale"}

func botName(i int) string { return botNames[(i-1)%len(botNames)] }

// session is one person playing at a table in the terminal.
type session struct {
	env  Env
	in   *bufio.Scanner
	tab  *engine.Table
	bots map[engine.Seat]engine.Bot
	// resignBot plays the person's seat after a resignation: the bot the
	// other seats get by default.
	resignBot string
	me        engine.Seat
	shown     int // log entries already shown
	// hotSeat: people sit at every seat and share the keyboard; "as N"
	// switches me.
	hotSeat bool
}

// textParser is implemented by games whose actions carry free text (names,
// narration), which no list of legal actions can hold: a person may type
// any action in its text form.
type textParser interface {
	ParseAction(text string) (engine.Action, error)
}

// seatParser is a textParser whose reading depends on who typed the text:
// ParseActionBy reads it as seat's at st, so that a refusal's example is
// one that seat may type (a game master's, or a player's).
type seatParser interface {
	ParseActionBy(st engine.State, seat engine.Seat, text string) (engine.Action, error)
}

// parseText reads text as an action seat typed at st, by tp.
func parseText(tp textParser, st engine.State, seat engine.Seat, text string) (engine.Action, error) {
	if sp, ok := tp.(seatParser); ok {
		return sp.ParseActionBy(st, seat, text)
	}
	return tp.ParseAction(text)
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
	for range maxAutoActs {
		st := p.tab.State()
		acted := false
		for _, s := range st.Pending() {
			a, only := engine.Only(st, s)
			b, isBot := p.bots[s]
			switch {
			case only && s == p.me:
				// What the choice answers (a discard to pass on) first.
				p.showEvents()
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

// maxAutoActs bounds the actions a terminal plays in a row without asking
// anyone (bots' moves, choices of one): a game that never stops asking
// for them is a bug to report, not a session to hang.
const maxAutoActs = 100000

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
		v := p.tab.State().View(p.me)
		for i, a := range legal {
			fmt.Fprintf(p.env.Stdout, "  %2d) %s\n", i+1, engine.Label(p.tab.Game(), v, a))
		}
		if p.hotSeat {
			fmt.Fprintf(p.env.Stdout, "%s> ", p.tab.Seats()[p.me].Name)
		} else {
			fmt.Fprint(p.env.Stdout, "> ")
		}
		if !p.in.Scan() {
			fmt.Fprintln(p.env.Stdout, "\nno more input: leaving the table.")
			return errQuit
		}
		raw := strings.TrimSpace(p.in.Text())
		line := strings.Join(strings.Fields(strings.ToLower(raw)), " ")
		if p.hotSeat && strings.HasPrefix(line, "as ") {
			k, err := strconv.Atoi(strings.TrimPrefix(line, "as "))
			if err != nil || k < 1 || k > len(p.tab.Seats()) {
				fmt.Fprintf(p.env.Stdout, "as N: N is a seat from 1 to %d\n", len(p.tab.Seats()))
				continue
			}
			p.me = engine.Seat(k - 1)
			fmt.Fprintf(p.env.Stdout, "now acting as %s (seat %d)\n", p.tab.Seats()[p.me].Name, k)
			return nil
		}
		switch line {
		case "":
			continue
		case "help", "?", "h":
			fmt.Fprintf(p.env.Stdout, `Type a choice's number (e.g. 1) or its text (e.g. %q).
  rules  the rules of %s in brief
  view   show the table again
  log    show the whole log so far
  seed   show the seed commitment (the seed itself is revealed at the end)
  quit   leave the table
`, legal[0].String(), p.tab.Game().Info().Name)
			if !p.hotSeat {
				fmt.Fprintf(p.env.Stdout, "  resign give up: %s plays your seat to the end, and the game is scored\n", p.resignBot)
			}
			if p.hotSeat {
				fmt.Fprintln(p.env.Stdout, "  as N   act for seat N (everyone shares this keyboard)")
			}
			if _, ok := p.tab.Game().(textParser); ok {
				fmt.Fprintln(p.env.Stdout, "Any action may be typed in full in its text form, free text included; the choices above show the forms.")
			}
			p.explain(legal)
			continue
		case "rules":
			fmt.Fprintln(p.env.Stdout, rulesText(p.tab.Game()))
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
		case "resign":
			if err := p.resign(); err != nil {
				fmt.Fprintln(p.env.Stdout, refusal(err))
				continue
			}
			return nil
		}
		a, err := p.parse(legal, raw, line)
		if err != nil {
			fmt.Fprintln(p.env.Stdout, refusal(err))
			continue
		}
		if !p.confirmed(p.me, a, false) {
			continue
		}
		if _, err := p.tab.Act(p.me, a); err != nil {
			fmt.Fprintln(p.env.Stdout, refusal(err))
			continue
		}
		return nil
	}
}

// confirmed asks before seat s plays a where the game asks first
// (engine.AskFirst: an action that ends the game for everyone, which s
// may take now): only "y" or "yes" plays it; anything else, or no more
// input, leaves the game as it was. An action s may not take is not asked
// about: playing it gives the game's refusal ("only the game master may
// do that"). echo repeats the answer, as a transcript of a shared terminal
// shows every line typed.
func (p *session) confirmed(s engine.Seat, a engine.Action, echo bool) bool {
	q, _ := engine.AskFirst(p.tab.State(), s, a)
	if q == "" {
		return true
	}
	fmt.Fprintf(p.env.Stdout, "%s [y/N] ", q)
	answer := ""
	if p.in.Scan() {
		answer = strings.ToLower(strings.TrimSpace(p.in.Text()))
	}
	if echo {
		fmt.Fprintln(p.env.Stdout, answer)
	}
	if answer == "y" || answer == "yes" {
		return true
	}
	fmt.Fprintf(p.env.Stdout, "not done: %s\n", a)
	return false
}

// refusal is what a person at the prompt reads when an action is refused:
// the game's reason, without the engine's package name.
func refusal(err error) string {
	if ae, ok := errors.AsType[*engine.ActionError](err); ok {
		return ae.Refusal()
	}
	return err.Error()
}

// resign gives up the person's seat: the table records the resignation, and
// the table's usual bot plays the seat to the end (engine.Resign), so the
// game is still played out and scored, and its export verifies. A game only
// people play has no bot to take the seat.
func (p *session) resign() error {
	if p.hotSeat {
		return fmt.Errorf("%s is played by people only: there is no bot to take a resigned seat; type quit to leave", p.tab.Game().Info().Name)
	}
	b, err := bots.New(p.tab.Game(), p.resignBot)
	if err != nil {
		return err
	}
	if _, err := p.tab.Act(p.me, engine.Resign{}); err != nil {
		return err
	}
	p.bots[p.me] = b
	fmt.Fprintf(p.env.Stdout, "You resign; %s plays your seat to the end.\n", p.resignBot)
	return nil
}

// parse reads what a person typed: a choice's number, or, for a game that
// reads free text (textParser), any action in its text form, or else a
// choice's text or the start of it (pick).
func (p *session) parse(legal []engine.Action, raw, line string) (engine.Action, error) {
	named := labels(p.tab.Game(), p.tab.State().View(p.me), legal)
	tp, ok := p.tab.Game().(textParser)
	if _, err := strconv.Atoi(line); err == nil || !ok {
		return pick(legal, named, line)
	}
	a, err := parseText(tp, p.tab.State(), p.me, raw)
	if err == nil {
		return a, nil
	}
	if b, perr := pick(legal, named, line); perr == nil {
		return b, nil
	}
	return nil, err
}

// explain says what each choice does, for the games whose actions explain
// themselves (engine.Explainer).
func (p *session) explain(legal []engine.Action) {
	ex, ok := p.tab.Game().(engine.Explainer)
	if !ok {
		return
	}
	v := p.tab.State().View(p.me)
	head := false
	for i, a := range legal {
		if help := ex.Explain(v, a); help != "" {
			if !head {
				fmt.Fprintln(p.env.Stdout, "What the choices do:")
				head = true
			}
			fmt.Fprintf(p.env.Stdout, "  %2d) %s: %s\n", i+1, engine.Label(p.tab.Game(), v, a), help)
		}
	}
}

// rulesText is a game's rules summary (engine.Presenter's rules.md) for the
// terminal: the Markdown with its emphasis marks and heading marks taken
// out, which reads well as plain text.
func rulesText(g engine.Game) string {
	pr, ok := g.(engine.Presenter)
	if !ok {
		return "No rules summary for " + g.Info().Name + "."
	}
	md, err := fs.ReadFile(pr.Pages(), "rules.md")
	if err != nil {
		return "No rules summary for " + g.Info().Name + "."
	}
	var b strings.Builder
	for line := range strings.Lines(string(md)) {
		line = strings.ReplaceAll(line, "**", "")
		if h := strings.TrimLeft(line, "#"); len(h) < len(line) && strings.HasPrefix(h, " ") {
			title := strings.TrimSpace(h)
			line = title + "\n" + strings.Repeat("-", utf8.RuneCountInString(title)) + "\n"
		}
		b.WriteString(line)
	}
	return strings.TrimRight(b.String(), "\n")
}

// pick finds the action a person meant: its number, its exact text or
// label, or the one action whose text or label starts with what they typed.
// labels[i], if labels is not nil, is legal[i]'s label (engine.Label): the
// choices are listed by their labels ("attack Bo"), so a person may type
// what they read as well as the text form ("attack 2").
func pick(legal []engine.Action, labels []string, line string) (engine.Action, error) {
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(legal) {
			return nil, fmt.Errorf("choose a number from 1 to %d", len(legal))
		}
		return legal[n-1], nil
	}
	var exact, found []engine.Action
	for i, a := range legal {
		texts := []string{strings.ToLower(a.String())}
		if i < len(labels) {
			texts = append(texts, strings.ToLower(labels[i]))
		}
		if slices.Contains(texts, line) {
			exact = append(exact, a)
		}
		if slices.ContainsFunc(texts, func(t string) bool { return strings.HasPrefix(t, line) }) {
			found = append(found, a)
		}
	}
	if len(exact) > 0 {
		// Choices may share a text and differ in their labels (sample
		// sheets that all bring the player's name): the text is then as
		// ambiguous as a prefix.
		found = exact
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, fmt.Errorf("%q is not one of the choices; type its number, or help", line)
	}
	return nil, fmt.Errorf("%q could be %d choices; type more of it, or its number", line, len(found))
}

// labels returns each of legal's labels for seat s (engine.Label).
func labels(g engine.Game, v engine.View, legal []engine.Action) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = engine.Label(g, v, a)
	}
	return out
}

// markdowner is implemented by games that write a finished table as a
// Markdown document (a story game's whole story): --markdown applies to
// them alone.
type markdowner interface {
	Markdown(v engine.View) string
}

// writeStory writes the game's Markdown of the table to path, if given.
func (p *session) writeStory(path string) error {
	m, ok := p.tab.Game().(markdowner)
	if path == "" || !ok {
		return nil
	}
	if err := writeFileAtomic(path, []byte(m.Markdown(p.tab.State().View(engine.Spectator)))); err != nil {
		return err
	}
	fmt.Fprintf(p.env.Stdout, "wrote the story to %s\n", path)
	return nil
}

// finish shows the outcome and everything the game hid (engine.Revealer),
// reveals the seed and offers the export.
func (p *session) finish(exportPath string) error {
	out, _ := p.tab.Over()
	fmt.Fprintln(p.env.Stdout)
	p.render()
	fmt.Fprintln(p.env.Stdout, "\nGame over: "+out.Text)
	if r, ok := p.tab.State().(engine.Revealer); ok {
		if evs := r.Reveal(); len(evs) > 0 {
			fmt.Fprintln(p.env.Stdout, "Everything that was hidden:")
			for _, ev := range evs {
				fmt.Fprintln(p.env.Stdout, "  "+ev.Text)
			}
		}
	}
	fmt.Fprintln(p.env.Stdout, "Seed (check: sha256 of it is the commitment shown at the start): "+p.tab.Seed().String())
	raw, err := json.MarshalIndent(p.tab.Export(true), "", " ")
	if err != nil {
		return err
	}
	if exportPath != "" { // --export, checked before the game began
		return p.writeExport(exportPath, raw)
	}
	// Ask for a file name until one can be written, or none is given: a
	// typing mistake must not lose the game's export.
	for {
		fmt.Fprint(p.env.Stdout, "Write the table export for \"tabletop verify\"? File name (enter to skip): ")
		if !p.in.Scan() {
			fmt.Fprintln(p.env.Stdout)
			return nil
		}
		name := strings.TrimSpace(p.in.Text())
		switch strings.ToLower(name) {
		case "", "n", "no", "skip", "quit":
			return nil
		case "y", "yes", "view", "log", "help", "rules", "choices":
			// A prompt's word, or a yes: not the file name asked for.
			fmt.Fprintln(p.env.Stdout, "the game is over: type a file name for its export (say game.json), or press enter to skip")
			continue
		}
		if err := checkWritable(name); err != nil {
			fmt.Fprintf(p.env.Stdout, "cannot write %s: %s\n", name, forPeople(err.Error()))
			continue
		}
		if err := p.writeExport(name, raw); err != nil {
			fmt.Fprintf(p.env.Stdout, "cannot write %s: %s\n", name, forPeople(err.Error()))
			continue
		}
		return nil
	}
}

func (p *session) writeExport(path string, raw []byte) error {
	if err := writeFileAtomic(path, raw); err != nil {
		return err
	}
	fmt.Fprintf(p.env.Stdout, "wrote %s: check it with \"tabletop verify %s\"\n", path, path)
	return nil
}

// checkWritable says why a file could not be written at path, before any
// work is done that would be lost: a folder that does not exist or cannot
// be written to, or a path that is a folder. "" is fine (no file).
func checkWritable(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder, not a file name", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("there is no folder %s", dir)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	}
	f, err := os.CreateTemp(dir, ".tabletop-check-*")
	if err != nil {
		return fmt.Errorf("cannot create files in %s", dir)
	}
	f.Close()
	return os.Remove(f.Name())
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
