package mgt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"tabletop/engine"
)

// snapshotVersion is the format's version (see snapshot); RestoreSnapshot
// reads no other.
const snapshotVersion = 1

// snapshot is the format of a position's snapshot (engine.Snapshotter,
// engine.Restorer): one JSON object, its format version first:
//
//	{"v":1,"rounds":4,"round":2,"dealer":1,"phase":0,"turn":3,"extra":0,
//	 "card":-1,"target":-1,"throws":[0,0],
//	 "stock":[...],"discards":[...],"natures":[{"card":17,"nature":12}],
//	 "players":[{"hand":[...],"groups":null,"aside":null,"bans":null,
//	             "skip":0,"answer":0,"seen":[...]}, ...],
//	 "results":[...]}
//
// Cards, sets, natures, phases and throws are written as their numbers (not
// their names as in views), which keeps a snapshot small (about 1.4 KB at
// four players); the numbers are those of the embedded deck and of this
// program, which the rules version pins. Lists keep their order (the stock
// bottom first, the discard pile oldest first, each hand in deck order, a
// group's cards in the order they joined it, bans in the order they were
// made), and a list that is nil in the state is written as null, an empty
// one as []: State.Equal tells them apart.
//
// Saved: everything that is part of the position, hidden information
// included: every hand, the stock's order, the cards each seat has looked at
// (honest cards), the natures miscellaneous cards rolled this round, sealed
// throws and claim answers, impatient draws still open, turns to lose,
// banned types and the results of the rounds played.
//
// Not saved, because it follows from what is:
//   - the config (the number of rounds is saved only to check that the
//     snapshot fits the table): names and texts come from the seats, as in
//     New;
//   - each discard's nature (a card keeps the nature it had when drawn for
//     the whole round), each player's claims this round (one per exposed
//     set), scores and rounds won (the sums of the results), the banned-type
//     bits and names (from the bans), and the claim options of an open claim
//     window (the hands do not change while it is open);
//   - the arena: a restored state starts without one, like a clone.
//
// RestoreSnapshot checks every number it reads, and the position against
// the rules, so that a state it accepts plays on without breaking: every
// card is in exactly one place, hands are sorted, natures were rolled
// exactly for the miscellaneous cards drawn this round, exposed
// sets hold cards of their set, each player holds eight cards but the one
// whose turn it is, the fields of the phase are set and the others clear,
// and the results add up. MarshalSnapshot refuses a state whose derived
// parts disagree with what they follow from (only a hand-built state could),
// since it could not be read back equal.
type snapshot struct {
	V        int          `json:"v"`
	Rounds   int          `json:"rounds"`
	Round    int          `json:"round"`
	Dealer   int          `json:"dealer"`
	Phase    int          `json:"phase"`
	Turn     int          `json:"turn"`
	Extra    int          `json:"extra"`
	After    bool         `json:"after,omitempty"` // the turn's discard waits for a refill's impatient draws
	Card     int          `json:"card"`            // -1: none
	Target   int          `json:"target"`          // -1: none
	Throws   [2]int       `json:"throws"`          // the discarder's, the target's
	Ties     int          `json:"ties,omitempty"`  // rock-paper-scissors ties in a row
	Stock    []int16      `json:"stock"`           // bottom first: the top is the end
	Queue    []int16      `json:"queue,omitempty"` // the turn's discards still to open claim windows
	Discards []int16      `json:"discards"`
	Natures  []natureSnap `json:"natures"` // by card
	Players  []playerSnap `json:"players"`
	Results  []resultSnap `json:"results"`
}

// natureSnap is the nature a miscellaneous card rolled this round.
type natureSnap struct {
	Card   int16 `json:"card"`
	Nature int   `json:"nature"`
}

type playerSnap struct {
	Hand   []int16     `json:"hand"`
	Groups []groupSnap `json:"groups"`
	Aside  []int16     `json:"aside"`
	Bans   []int       `json:"bans"` // banned keys, in the order they were banned
	Skip   int         `json:"skip"`
	Answer int         `json:"answer"`         // sealed claim answer
	With   []int16     `json:"with,omitempty"` // a sealed claim's three cards
	Seen   []int16     `json:"seen"`           // cards looked at (honest), in deck order
}

type groupSnap struct {
	Set     int     `json:"set"`
	Cards   []int16 `json:"cards"`
	Claimed int16   `json:"claimed"`
}

type resultSnap struct {
	Round   int     `json:"round"`
	Winner  int     `json:"winner"`
	Pattern int     `json:"pattern"`
	Sets    []int   `json:"sets"`
	Hand    []int16 `json:"hand"`
	How     int     `json:"how"`
	What    int     `json:"what"`
	Points  int     `json:"points"`
}

func snapErr(format string, args ...any) error {
	return fmt.Errorf("mgt: snapshot: "+format, args...)
}

// MarshalSnapshot implements engine.Snapshotter: it writes the whole
// position, hidden information included (see snapshot for the format). It only
// reads the state.
func (s *State) MarshalSnapshot() ([]byte, error) {
	if err := s.checkDerived(); err != nil {
		return nil, err
	}
	snap := snapshot{
		V: snapshotVersion, Rounds: s.cfg.rounds, Round: s.round, Dealer: int(s.dealer),
		Phase: int(s.phase), Turn: int(s.turn), Extra: int(s.extra), After: s.after,
		Card: int(s.card), Target: int(s.target),
		Throws: [2]int{int(s.throws[0]), int(s.throws[1])}, Ties: int(s.ties),
		Stock: cardNums(s.stock), Queue: cardNums(s.queue),
		Players: make([]playerSnap, len(s.players)),
	}
	if s.discards != nil {
		snap.Discards = make([]int16, len(s.discards))
		for i, cv := range s.discards {
			snap.Discards[i] = int16(cv.Card)
		}
	}
	for c := range deck.Cards {
		if s.nat[c] != NoNature {
			snap.Natures = append(snap.Natures, natureSnap{Card: int16(c), Nature: int(s.nat[c])})
		}
	}
	for i := range s.players {
		pl := &s.players[i]
		ps := &snap.Players[i]
		ps.Hand, ps.Aside = cardNums(pl.hand), cardNums(pl.aside)
		ps.Skip, ps.Answer = int(pl.skip), int(s.answer[i])
		if s.answer[i] > 0 {
			ps.With = cardNums(s.with[i][:])
		}
		if pl.groups != nil {
			ps.Groups = make([]groupSnap, len(pl.groups))
			for j, g := range pl.groups {
				ps.Groups[j] = groupSnap{Set: int(g.set), Cards: cardNums(g.cards), Claimed: int16(g.claimed)}
			}
		}
		if pl.bans != nil {
			ps.Bans = make([]int, len(pl.bans))
			for j, name := range pl.bans {
				ps.Bans[j] = keyByName[name] // checkDerived made sure it is there
			}
		}
		for c := range deck.Cards {
			if s.seen[i].has(Card(c)) {
				ps.Seen = append(ps.Seen, int16(c))
			}
		}
	}
	if s.results != nil {
		snap.Results = make([]resultSnap, len(s.results))
		for i, r := range s.results {
			rs := resultSnap{Round: r.Round, Winner: int(r.Winner), Pattern: int(r.Pattern),
				Hand: cardNums(r.Hand), How: r.How, What: r.What, Points: r.Points}
			if r.Sets != nil {
				rs.Sets = make([]int, len(r.Sets))
				for j, set := range r.Sets {
					rs.Sets[j] = int(set)
				}
			}
			snap.Results[i] = rs
		}
	}
	return json.Marshal(&snap)
}

// checkDerived makes sure that the parts of the state a snapshot leaves out
// (see snapshot) are what RestoreSnapshot will derive, so that it reads
// back an equal state.
func (s *State) checkDerived() error {
	if s.phase == PhaseClaim && !validCard(s.card) {
		return snapErr("claims are open on no card")
	}
	for _, cv := range s.discards {
		if !validCard(cv.Card) || cv != s.cardView(cv.Card) {
			return snapErr("discard %s does not have the nature it was drawn with", cv.Card)
		}
	}
	var score, wins [maxSeats]int
	for _, r := range s.results {
		if r.Winner >= 0 && int(r.Winner) < len(s.players) {
			score[r.Winner] += r.Points
			wins[r.Winner]++
		}
	}
	for i := range s.players {
		pl := &s.players[i]
		if int(pl.claims) != len(pl.groups) {
			return snapErr("player %d claimed %d cards but has %d exposed sets", i+1, pl.claims, len(pl.groups))
		}
		if pl.score != score[i] || pl.wins != wins[i] {
			return snapErr("player %d's score and rounds won are not those of the results", i+1)
		}
		var banned uint64
		for _, name := range pl.bans {
			key, ok := keyByName[name]
			if !ok {
				return snapErr("player %d's banned type %q is not a type of the deck", i+1, name)
			}
			banned |= 1 << uint(key)
		}
		if banned != pl.banned {
			return snapErr("player %d's banned types do not match their names", i+1)
		}
		want := uint8(0)
		if s.phase == PhaseClaim && engine.Seat(i) != s.turn {
			want = s.eligibility(engine.Seat(i), s.card)
		}
		if s.elig[i] != want {
			return snapErr("player %d's claim options are not those of their cards", i+1)
		}
	}
	return nil
}

// cardNums returns cs as numbers; nil stays nil.
func cardNums(cs []Card) []int16 {
	if cs == nil {
		return nil
	}
	out := make([]int16, len(cs))
	for i, c := range cs {
		out[i] = int16(c)
	}
	return out
}

// RestoreSnapshot implements engine.Restorer: it reads a position that
// MarshalSnapshot wrote for a table with these (normalized) options and
// seats. Data that is damaged, breaks a rule of the game or does not fit the
// table is an error.
func (game) RestoreSnapshot(opts engine.Options, seats []engine.SeatInfo, data []byte) (engine.State, error) {
	cfg, err := newConfig(optionsOf(opts), seats)
	if err != nil {
		return nil, err
	}
	var snap snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&snap); err != nil {
		return nil, snapErr("%v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, snapErr("data after the snapshot")
	}
	if snap.V != snapshotVersion {
		return nil, snapErr("format version %d, this program reads version %d", snap.V, snapshotVersion)
	}
	if len(snap.Players) != len(seats) {
		return nil, snapErr("written for %d players, the table has %d", len(snap.Players), len(seats))
	}
	if snap.Rounds != cfg.rounds {
		return nil, snapErr("written for a game of %d rounds, the table plays %d", snap.Rounds, cfg.rounds)
	}
	r := restorer{snap: &snap, s: &State{cfg: cfg, players: make([]player, len(seats))}}
	if err := r.restore(); err != nil {
		return nil, err
	}
	return r.s, nil
}

// Places a card can be in, for restorer.where.
const (
	inNowhere = iota
	inStock
	inDiscards
	inHand    // + 3*seat
	inExposed // + 3*seat
	inAside   // + 3*seat
)

// restorer reads a snapshot into a state, checking it as it goes.
type restorer struct {
	snap  *snapshot
	s     *State
	where [maxCards]int // the place of each card read so far (see inStock)
}

func placeName(w int) string {
	switch w {
	case inNowhere:
		return "nowhere"
	case inStock:
		return "the stock"
	case inDiscards:
		return "the discard pile"
	}
	seat := (w-inHand)/3 + 1
	switch (w - inHand) % 3 {
	case 0:
		return fmt.Sprintf("player %d's hand", seat)
	case 1:
		return fmt.Sprintf("player %d's exposed sets", seat)
	}
	return fmt.Sprintf("player %d's proud cards set aside", seat)
}

// card checks a card number read from what.
func card(x int, what string) (Card, error) {
	if x < 0 || x >= len(deck.Cards) {
		return NoCard, snapErr("%s: card %d is not a card of the deck (0..%d)", what, x, len(deck.Cards)-1)
	}
	return Card(x), nil
}

// place reads cards found in place w (an in* constant), each of which must
// be nowhere else; nil stays nil.
func (r *restorer) place(xs []int16, w int) ([]Card, error) {
	if xs == nil {
		return nil, nil
	}
	out := make([]Card, len(xs))
	for i, x := range xs {
		c, err := card(int(x), placeName(w))
		if err != nil {
			return nil, err
		}
		if r.where[c] != inNowhere {
			return nil, snapErr("card %d (%s) is in two places: %s and %s", c, c, placeName(r.where[c]), placeName(w))
		}
		r.where[c] = w
		out[i] = c
	}
	return out, nil
}

// seat checks a seat number; -1 is allowed if none is.
func (r *restorer) seat(x int, what string, none bool) (engine.Seat, error) {
	if none && x == -1 || x >= 0 && x < len(r.s.players) {
		return engine.Seat(x), nil
	}
	return 0, snapErr("%s: seat %d is not one of this %d-player table's (0..%d)", what, x, len(r.s.players), len(r.s.players)-1)
}

func (r *restorer) restore() error {
	snap, s := r.snap, r.s
	n := len(s.players)
	var err error
	if snap.Round < 1 || snap.Round > snap.Rounds {
		return snapErr("round %d is not one of rounds 1..%d", snap.Round, snap.Rounds)
	}
	s.round = snap.Round
	if snap.Dealer != (snap.Round-1)%n {
		return snapErr("player %d deals round %d, but the deal passes from player 1 one seat a round", snap.Dealer+1, snap.Round)
	}
	s.dealer = engine.Seat(snap.Dealer)
	if snap.Phase < int(PhaseDiscard) || snap.Phase > int(PhaseOver) {
		return snapErr("phase %d is not a phase", snap.Phase)
	}
	s.phase = Phase(snap.Phase)
	if s.turn, err = r.seat(snap.Turn, "turn", false); err != nil {
		return err
	}
	if snap.Extra < 0 || snap.Extra > handSize {
		return snapErr("%d impatient draws open, at most %d can be", snap.Extra, handSize)
	}
	s.extra = int8(snap.Extra)

	// The cards: each in exactly one place.
	if s.stock, err = r.place(snap.Stock, inStock); err != nil {
		return err
	}
	discards, err := r.place(snap.Discards, inDiscards)
	if err != nil {
		return err
	}
	for i := range s.players {
		ps, pl := &snap.Players[i], &s.players[i]
		if pl.hand, err = r.place(ps.Hand, inHand+3*i); err != nil {
			return err
		}
		if !slices.IsSorted(pl.hand) {
			return snapErr("player %d's hand is not in deck order", i+1)
		}
		if ps.Groups != nil {
			pl.groups = make([]group, len(ps.Groups))
		}
		for j, gs := range ps.Groups {
			g := &pl.groups[j]
			if gs.Set < 0 || gs.Set >= len(deck.Sets) {
				return snapErr("player %d's exposed set %d is not a set", i+1, gs.Set)
			}
			g.set = SetID(gs.Set)
			if g.cards, err = r.place(gs.Cards, inExposed+3*i); err != nil {
				return err
			}
			if len(g.cards) < 4 || len(g.cards) > handSize {
				return snapErr("player %d's exposed set of %s has %d cards, not 4 to %d", i+1, g.set, len(g.cards), handSize)
			}
			// A claim exposes three cards from the hand, in deck order, then
			// the claimed card; melds follow.
			if g.claimed = Card(gs.Claimed); g.claimed != g.cards[3] || !slices.IsSorted(g.cards[:3]) {
				return snapErr("player %d's exposed set of %s is not three cards in deck order, the claimed card and melds", i+1, g.set)
			}
			for _, h := range pl.groups[:j] {
				if h.set == g.set {
					return snapErr("player %d has two exposed sets of %s", i+1, g.set)
				}
			}
		}
		pl.claims = int8(len(pl.groups))
		if pl.aside, err = r.place(ps.Aside, inAside+3*i); err != nil {
			return err
		}
		if ps.Bans != nil {
			pl.bans = make([]string, len(ps.Bans))
		}
		for j, key := range ps.Bans {
			if key < 0 || key >= len(deck.Keys) {
				return snapErr("player %d's banned type %d is not a type of the deck", i+1, key)
			}
			if pl.banned&(1<<uint(key)) != 0 {
				return snapErr("player %d's type %s is banned twice", i+1, deck.Keys[key].Name)
			}
			pl.banned |= 1 << uint(key)
			pl.bans[j] = deck.Keys[key].Name
		}
		if ps.Skip < 0 || ps.Skip > 127 {
			return snapErr("player %d has %d turns to lose", i+1, ps.Skip)
		}
		pl.skip = int8(ps.Skip)
		prev := -1
		for _, x := range ps.Seen {
			c, err := card(int(x), fmt.Sprintf("player %d's looks", i+1))
			if err != nil {
				return err
			}
			if int(c) <= prev {
				return snapErr("player %d's looks are not in deck order, once each", i+1)
			}
			prev = int(c)
			s.seen[i].add(c)
		}
	}
	for c := range deck.Cards {
		if r.where[c] == inNowhere {
			return snapErr("card %d (%s) is nowhere", c, Card(c))
		}
	}

	// Natures: rolled by every miscellaneous card drawn this round (every
	// card out of the stock), by no other.
	prev := -1
	for _, ns := range snap.Natures {
		c, err := card(int(ns.Card), "natures")
		if err != nil {
			return err
		}
		if int(c) <= prev {
			return snapErr("the natures rolled are not in deck order, once each")
		}
		prev = int(c)
		switch {
		case cardNature[c] != Miscellaneous:
			return snapErr("%s rolled a nature but is not miscellaneous", c)
		case r.where[c] == inStock:
			return snapErr("%s rolled a nature but has not been drawn", c)
		case ns.Nature < 0 || ns.Nature >= len(natureNames) || !slices.Contains(deck.Table, Nature(ns.Nature)):
			return snapErr("%s rolled nature %d, which is not on the nature table", c, ns.Nature)
		}
		s.nat[c] = Nature(ns.Nature)
	}
	for c := range deck.Cards {
		if cardNature[c] == Miscellaneous && r.where[c] != inStock && s.nat[c] == NoNature {
			return snapErr("%s is in %s but rolled no nature", Card(c), placeName(r.where[c]))
		}
	}
	if discards != nil {
		s.discards = make([]CardView, len(discards))
		for i, c := range discards {
			s.discards[i] = s.cardView(c)
		}
	}

	// What the natures allow: exposed sets hold cards of their set, proud
	// cards are set aside and ban their type.
	for i := range s.players {
		pl := &s.players[i]
		for _, g := range pl.groups {
			for _, c := range g.cards {
				if cardSet[c] != g.set && !(g.set == deck.CheerfulSet && s.cheerful(c)) {
					return snapErr("player %d's exposed set of %s holds %s", i+1, g.set, c)
				}
			}
		}
		for _, c := range pl.aside {
			if s.nature(c).Effect() != Proud {
				return snapErr("player %d set %s aside, which is not proud", i+1, c)
			}
			if pl.banned&(1<<cardKey[c]) == 0 {
				return snapErr("player %d set proud %s aside without banning its type", i+1, c)
			}
		}
	}

	if err := r.results(); err != nil {
		return err
	}
	return r.phase()
}

// results reads the rounds played, and the scores and rounds won they add
// up to.
func (r *restorer) results() error {
	snap, s := r.snap, r.s
	played := s.round - 1
	if s.phase == PhaseOver {
		if s.round != snap.Rounds {
			return snapErr("the game is over in round %d of %d", s.round, snap.Rounds)
		}
		played = s.round
	}
	if len(snap.Results) != played {
		return snapErr("%d round results in round %d (%s)", len(snap.Results), s.round, s.phase)
	}
	if snap.Results != nil {
		s.results = make([]RoundResult, len(snap.Results))
	}
	for i, rs := range snap.Results {
		res := &s.results[i]
		if rs.Round != i+1 {
			return snapErr("result %d is for round %d", i+1, rs.Round)
		}
		res.Round = rs.Round
		w, err := r.seat(rs.Winner, fmt.Sprintf("round %d's winner", rs.Round), true)
		if err != nil {
			return err
		}
		res.Winner = w
		if w < 0 {
			if rs.Pattern != 0 || len(rs.Sets) != 0 || len(rs.Hand) != 0 || rs.How != 0 || rs.What != 0 || rs.Points != 0 {
				return snapErr("round %d has no winner but a winning hand", rs.Round)
			}
			continue
		}
		if err := res.read(&rs); err != nil {
			return err
		}
		pl := &s.players[w]
		pl.score += res.Points
		pl.wins++
	}
	return nil
}

// read reads a won round's pattern, sets, hand and points.
func (res *RoundResult) read(rs *resultSnap) error {
	bad := func(what string) error { return snapErr("round %d's %s", rs.Round, what) }
	if rs.Pattern <= int(NoPattern) || rs.Pattern > int(SevenOrphans) {
		return bad(fmt.Sprintf("pattern %d is not a winning pattern", rs.Pattern))
	}
	res.Pattern = Pattern(rs.Pattern)
	sets := 2
	if res.Pattern == Eight || res.Pattern == SevenOrphans {
		sets = 1
	}
	if len(rs.Sets) != sets {
		return bad(fmt.Sprintf("%s pattern has %d sets", res.Pattern, len(rs.Sets)))
	}
	res.Sets = make([]SetID, sets)
	for j, x := range rs.Sets {
		if x < 0 || x >= len(deck.Sets) || j > 0 && SetID(x) == res.Sets[0] {
			return bad(fmt.Sprintf("set %d is not a set or is there twice", x))
		}
		res.Sets[j] = SetID(x)
	}
	var what int
	switch a := res.Sets[0]; res.Pattern {
	case Eight:
		what = eightWhat(a)
	case FourFour:
		what = fourWhat(a) + fourWhat(res.Sets[1])
	case FiveThree:
		what = fourWhat(a)
	case SevenOrphans:
		if !deck.Sets[a].Orphan {
			return bad("seven orphans are not of an orphan set")
		}
		what = 12
	}
	how := false
	for claims := range 3 {
		how = how || rs.How == howPoints(res.Pattern, claims)
	}
	if !how || rs.What != what || rs.Points != rs.How+rs.What {
		return bad(fmt.Sprintf("points (how %d, what %d, %d in all) are not those of %s", rs.How, rs.What, rs.Points, res.Pattern))
	}
	res.How, res.What, res.Points = rs.How, rs.What, rs.Points
	if len(rs.Hand) != handSize {
		return bad(fmt.Sprintf("winning hand has %d cards", len(rs.Hand)))
	}
	res.Hand = make([]Card, handSize)
	for j, x := range rs.Hand {
		c, err := card(int(x), fmt.Sprintf("round %d's winning hand", rs.Round))
		if err != nil {
			return err
		}
		if slices.Contains(res.Hand[:j], c) {
			return bad(fmt.Sprintf("winning hand holds %s twice", c))
		}
		res.Hand[j] = c
	}
	return nil
}

// phase reads what the phase is waiting for, and checks that the fields of
// other phases are clear and that every player holds what the phase allows:
// eight cards, and more for the player whose turn it is to discard.
func (r *restorer) phase() error {
	snap, s := r.snap, r.s
	var err error
	if snap.Card != -1 {
		if s.card, err = card(snap.Card, "the card being resolved"); err != nil {
			return err
		}
	} else {
		s.card = NoCard
	}
	if s.target, err = r.seat(snap.Target, "the attacked player", true); err != nil {
		return err
	}
	for i, h := range snap.Throws {
		if h < int(NoHand) || h > int(Scissors) {
			return snapErr("throw %d is not rock, paper or scissors", h)
		}
		s.throws[i] = Hand(h)
	}
	if snap.Ties < 0 || snap.Ties >= maxTies || snap.Ties > 0 && s.phase != PhaseRPS {
		return snapErr("%d rock-paper-scissors ties in a row in the %s phase", snap.Ties, s.phase)
	}
	s.ties = int8(snap.Ties)
	answered := false
	for i := range s.players {
		a := snap.Players[i].Answer
		if a != 0 && a != answerPass && a != claimOwn && a != claimCheerful {
			return snapErr("player %d's claim answer %d is not pass or a claim", i+1, a)
		}
		s.answer[i] = int8(a)
		answered = answered || a != 0
		if a <= 0 && snap.Players[i].With != nil {
			return snapErr("player %d names cards to expose but has not claimed", i+1)
		}
	}
	if err := r.queue(); err != nil {
		return err
	}
	if r.snap.After && s.phase != PhaseDiscard {
		return snapErr("a discard waits for a refill's draws in the %s phase", s.phase)
	}
	// clear checks that fields of other phases are clear.
	clear := func(what ...string) error {
		for _, w := range what {
			switch {
			case w == "a card being resolved" && s.card != NoCard,
				w == "an attacked player" && s.target != NoTarget,
				w == "sealed throws" && s.throws != [2]Hand{},
				w == "claim answers" && answered,
				w == "an impatient draw open" && s.extra != 0:
				return snapErr("%s in the %s phase", w, s.phase)
			}
		}
		return nil
	}
	const (
		resolving, attacked, throws = "a card being resolved", "an attacked player", "sealed throws"
		answers, openDraw           = "claim answers", "an impatient draw open"
	)
	// The card being resolved is the turn's discard, still on the pile.
	discard := func() error {
		if s.card == NoCard || r.where[s.card] != inDiscards {
			return snapErr("the card being resolved in the %s phase is not on the discard pile", s.phase)
		}
		return nil
	}
	aggressive := func() error {
		if s.nature(s.card).Effect() != Aggressive {
			return snapErr("%s is resolved as an aggressive card but is %s", s.card, s.nature(s.card))
		}
		return nil
	}
	duel := func() error {
		switch {
		case s.target == NoTarget:
			return snapErr("player %d's attack in the %s phase has no target", s.turn+1, s.phase)
		case s.target == s.turn:
			return snapErr("player %d attacks themselves", s.turn+1)
		}
		return aggressive()
	}
	switch s.phase {
	case PhaseDiscard:
		if s.after = r.snap.After; s.after {
			// The turn's discard waits for a refill's impatient draws.
			if err := clear(attacked, throws, answers); err != nil {
				return err
			}
			if s.card == NoCard || r.where[s.card] != inDiscards && r.where[s.card] != inAside+3*int(s.turn) {
				return snapErr("the discard waiting for a refill's draws is neither on the pile nor set aside")
			}
			if s.extra == 0 && s.total(s.turn) == handSize {
				return snapErr("a discard waits for a refill's draws, but none is open and nothing is to discard")
			}
			break
		}
		if err := clear(resolving, attacked, throws, answers); err != nil {
			return err
		}
		if s.extra > 1 {
			return snapErr("%d impatient draws open, at most one can be", s.extra)
		}
		if s.extra > 0 && len(s.stock) == 0 {
			return snapErr("an impatient draw is open on an empty stock")
		}
		if len(s.players[s.turn].hand) == 0 {
			return snapErr("player %d is to discard with no cards in hand", s.turn+1)
		}
	case PhaseTarget:
		if err := errors.Join(clear(attacked, throws, answers, openDraw), discard()); err != nil {
			return err
		}
		if err := aggressive(); err != nil {
			return err
		}
	case PhaseRPS:
		if err := errors.Join(clear(answers, openDraw), discard()); err != nil {
			return err
		}
		if err := duel(); err != nil {
			return err
		}
		if s.throws[0] != NoHand && s.throws[1] != NoHand {
			return snapErr("both rock-paper-scissors throws are sealed but not resolved")
		}
	case PhaseClaim:
		if err := errors.Join(clear(openDraw), discard()); err != nil {
			return err
		}
		if n := s.nature(s.card).Effect(); n == Loyal {
			return snapErr("claims are open on %s %s", n, s.card)
		}
		// After an attack the resolved throws stay until the next turn.
		if s.target != NoTarget || s.throws != [2]Hand{} {
			if err := duel(); err != nil {
				return err
			}
			if s.throws[0] == NoHand || s.throws[1] == NoHand || s.throws[0] == s.throws[1] {
				return snapErr("claims are open after a rock-paper-scissors contest that is not resolved")
			}
		}
	case PhaseOver:
		if err := clear(resolving, attacked, throws, answers, openDraw); err != nil {
			return err
		}
		return nil // the cards stay as the last round left them
	}

	for i := range s.players {
		p, total := engine.Seat(i), s.total(engine.Seat(i))
		switch {
		case s.phase == PhaseDiscard && p == s.turn && s.after:
			if total < handSize {
				return snapErr("player %d is to draw after a refill with %d cards", i+1, total)
			}
		case s.phase == PhaseDiscard && p == s.turn:
			if total <= handSize {
				return snapErr("player %d is to discard with %d cards", i+1, total)
			}
		case total != handSize:
			return snapErr("player %d holds %d cards, not %d", i+1, total, handSize)
		}
	}

	if s.phase == PhaseClaim {
		waiting := false
		for i := range s.players {
			q := engine.Seat(i)
			if q == s.turn {
				if s.answer[i] != 0 {
					return snapErr("player %d answered a claim window on their own discard", i+1)
				}
				continue
			}
			s.elig[i] = s.eligibility(q, s.card)
			if a := s.answer[i]; a > 0 && s.elig[i]&uint8(a) == 0 {
				return snapErr("player %d claimed %s without the cards to", i+1, s.card)
			}
			if with := r.snap.Players[i].With; s.answer[i] > 0 {
				if len(with) != 3 {
					return snapErr("player %d's claim names %d cards to expose, not 3", i+1, len(with))
				}
				claim := Claim{Card: s.card, Cheerful: s.answer[i] == claimCheerful}
				for k, x := range with {
					if claim.With[k], err = card(int(x), "a claim's cards"); err != nil {
						return err
					}
				}
				w, err := s.claimWith(q, claim)
				if err != nil || w != claim.With {
					return snapErr("player %d's claim exposes %v, which is not three of its cards in deck order that may join %s", i+1, with, s.card)
				}
				s.with[i] = w
			} else if with != nil {
				return snapErr("player %d names cards to expose but has not claimed", i+1)
			}
			waiting = waiting || s.answer[i] == 0
		}
		if !waiting {
			return snapErr("every player has answered the claim window, but it is open")
		}
	}
	return nil
}

// queue reads the turn's discards still to open claim windows: cards on
// the discard pile, each once, none loyal, and only while a turn's discards
// are being resolved.
func (r *restorer) queue() error {
	s := r.s
	if r.snap.Queue == nil {
		return nil
	}
	if len(r.snap.Queue) == 0 || s.phase == PhaseOver {
		return snapErr("a queue of discards to claim that is empty or in the %s phase", s.phase)
	}
	for _, x := range r.snap.Queue {
		c, err := card(int(x), "the discards to claim")
		if err != nil {
			return err
		}
		switch {
		case r.where[c] != inDiscards:
			return snapErr("%s is queued to be claimed but is in %s", c, placeName(r.where[c]))
		case slices.Contains(s.queue, c) || s.phase == PhaseClaim && c == s.card:
			return snapErr("%s is queued to be claimed twice", c)
		case s.nature(c).Effect() == Loyal:
			return snapErr("loyal %s is queued to be claimed", c)
		}
		s.queue = append(s.queue, c)
	}
	return nil
}
