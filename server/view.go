package server

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"tabletop/engine"
)

// seatState is everything one reader (a seat or a spectator) may see of a
// table at one moment. It is built from View(seat), Legal(seat) and the
// public facts of the table only; the seed appears once the game is over.
type seatState struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	GameName string      `json:"game_name"`
	Seat     engine.Seat `json:"seat"` // -1 for a spectator
	Seq      int         `json:"seq"`  // entries in the log
	MyTurn   bool        `json:"my_turn"`
	Over     bool        `json:"over"`
	Waiting  int         `json:"waiting_for"` // seats other than this one the view says are being waited for
	// WaitingKnown says whether the view tells whom the game waits for
	// (see Waiter); if not, Waiting is 0 and no seat is marked pending.
	WaitingKnown bool           `json:"waiting_known"`
	Legal        []*legalAction `json:"legal"`
	// Recorded is this seat's own answer to an answer window still open
	// (engine.Window), recorded and applied when the window closes; while
	// it is set the seat has nothing more to do.
	Recorded string `json:"recorded,omitempty"`
	// WindowMS is how long, in milliseconds, the answer window open now
	// stays open (as the state was made): the page counts it down, so that
	// a player sees how long is left to claim. When a window opens and how
	// long it holds are public; nothing here depends on anyone's answer.
	WindowMS int `json:"window_ms,omitempty"`
	// OpenSeats is how many seats are still open to anyone (join.go): the
	// game starts once every seat is taken, and nobody acts before.
	OpenSeats  int             `json:"open_seats,omitempty"`
	Seats      []seatInfo      `json:"seats"`
	Outcome    *engine.Outcome `json:"outcome,omitempty"`
	Commitment string          `json:"commitment"`
	Seed       string          `json:"seed,omitempty"` // only once the game is over
	Options    engine.Options  `json:"options"`
	// optionsJSON is Options as JSON (live.opts), for appendJSON
	// to copy; if nil, appendJSON writes Options.
	optionsJSON []byte
	// ScoreName is what the outcome's scores count (Info.ScoreName), for
	// the final standings: "trophies", "level".
	ScoreName string `json:"-"`
	seatsState
	// View comes last, so that a client that needs only the fields above
	// (a bot, a load generator) can stop reading before the largest part.
	View engine.View `json:"view"`
}

type seatInfo struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Bot     string      `json:"bot,omitempty"`
	You     bool        `json:"you,omitempty"`
	Pending bool        `json:"pending,omitempty"` // the view says the game waits for this seat
	Open    bool        `json:"open,omitempty"`    // open to anyone: nobody has joined it yet
	// StandIn says a bot plays the seat for its player (resigned, or the
	// turn clock ran out), Resigned that its player resigned.
	StandIn  bool `json:"stand_in,omitempty"`
	Resigned bool `json:"resigned,omitempty"`
	// GM marks a game master's seat (engine.GMSeats), which plays no
	// character and is left out of the final standings. The page reads
	// it; the JSON does not carry it (the seat's name says it already).
	GM bool `json:"-"`
}

// legalAction is one action a seat may take now, ready to post back. A
// table keeps those it offers (legalFor) and every state that offers the
// action shares it: it is never changed once made (newLegalAction).
type legalAction struct {
	Kind   string          `json:"kind"`
	Text   string          `json:"text"`
	Action json.RawMessage `json:"action"` // as json.Marshal writes it (engine.AppendJSON)
	// Label is what the action does in the seat's words where the game's
	// label (engine.Labeler) says more than Text: actions that share a
	// text ("bring the sheet of Ann", one for each sample sheet) are told
	// apart by it. Only the copies labelled sets it.
	Label string `json:"label,omitempty"`
	// Explain is what the action does, as the game explains it to this
	// seat (engine.Explainer, from the seat's own view): the values and
	// odds that decide it, what it costs. Only the copies labelled sets it.
	Explain string `json:"explain,omitempty"`
	// json is the whole of it as json.Marshal writes it, Action included,
	// for seatState.appendJSON to copy: a state offers tens of actions,
	// and writing their texts was most of its encoding.
	json   []byte
	action engine.Action // the action offered, for offered.same
}

// newLegalAction returns a as an action to offer, or an error if a does
// not encode. Its JSON holds the action's (engine.AppendJSON: its own
// encoder if it has one), which Action is a part of.
func newLegalAction(a engine.Action) (*legalAction, error) {
	kind, text := a.Kind(), a.String()
	b := make([]byte, 0, len(`{"kind":"","text":"","action":}`)+len(kind)+len(text)+48) // 48: room for most actions
	b = append(b, `{"kind":`...)
	b = engine.AppendJSONString(b, kind)
	b = append(b, `,"text":`...)
	b = engine.AppendJSONString(b, text)
	b = append(b, `,"action":`...)
	at := len(b)
	b, err := engine.AppendJSON(b, a)
	if err != nil {
		return nil, err
	}
	end := len(b)
	if end == at {
		b = append(b, "null"...) // as json.Marshal writes an empty RawMessage
	}
	b = append(b, '}')
	la := &legalAction{Kind: kind, Text: text, json: b, action: a}
	if end > at {
		la.Action = b[at:end:end]
	}
	return la, nil
}

// logLine is one log entry as a reader sees it: only the events that reader
// may see (engine.EventsFor); never the entry's action or raw dice, which may
// be another seat's sealed choice or a hidden shuffle.
type logLine struct {
	Seq    int            `json:"seq"`
	Seat   engine.Seat    `json:"seat"`
	Name   string         `json:"name"`
	Events []engine.Event `json:"events"`
}

// WindowSeconds is WindowMS in seconds, to a tenth, for the page.
func (s seatState) WindowSeconds() string {
	return strconv.FormatFloat(float64(s.WindowMS)/1000, 'f', 1, 64)
}

// waitingIn returns the seats a view says the game is waiting for (the
// view implements engine.Waiter); ok is false if the view does not say. The
// server never shows State.Pending, which may know more than the seat.
func waitingIn(v engine.View) (seats []engine.Seat, ok bool) {
	if w, isWaiter := v.(engine.Waiter); isWaiter {
		return w.WaitingFor(), true
	}
	return nil, false
}

// stateFor builds what seat sees now. With explain, each legal action
// carries the game's explanation (engine.Explainer), as the pages show it;
// the JSON API adds it only when asked (wantExplain), since writing it
// costs several times the rest of a state (BenchmarkStreamRender: about
// 12 against 2 µs) and a bot reads none.
// Call with l.mu held.
func stateFor(l *live, seat engine.Seat, explain bool) seatState {
	tab := l.tab
	st := tab.State()
	info := l.game.Info()
	out := seatState{
		ID: l.id, Game: info.ID, GameName: info.Name, Seat: seat, Seq: tab.Len(),
		View: st.View(seat), Commitment: tab.Commitment(), Options: tab.Options(), optionsJSON: l.opts,
		Legal: []*legalAction{}, ScoreName: info.ScoreName,
	}
	waiting, known := waitingIn(out.View)
	out.WaitingKnown = known
	var gms []engine.Seat
	if info.GMSeat {
		gms, _ = engine.GMSeats(tab.Seats(), info.MaxGMs) // the table was made with them: none otherwise
	}
	out.Seats = make([]seatInfo, 0, len(tab.Seats()))
	for i, si := range tab.Seats() {
		p := slices.Contains(waiting, engine.Seat(i))
		out.Seats = append(out.Seats, seatInfo{Seat: engine.Seat(i), Name: si.Name, Bot: si.Bot, You: engine.Seat(i) == seat, Pending: p,
			Open: slices.Contains(l.open, i), StandIn: tab.StandIn(engine.Seat(i)), Resigned: tab.Resigned(engine.Seat(i)), GM: slices.Contains(gms, engine.Seat(i))})
		if p && engine.Seat(i) != seat {
			out.Waiting++
		}
	}
	// Legal is non-empty exactly for seats the game waits for. A seat with a
	// single legal action is not asked: the server plays it (engine.Only), so
	// offering it would only make the person race the server.
	out.seatsState = seatsFor(l, seat)
	out.OpenSeats = len(l.open)
	if l.win != nil && l.win.seq == tab.Len() {
		out.WindowMS = max(1, int(l.win.left()/time.Millisecond))
	}
	if out.OpenSeats > 0 {
		// Nobody acts before the table is full.
	} else if l.answered(seat) {
		out.Recorded = l.win.answers[seat].String()
	} else if out.StandIn {
		// A bot plays the seat: the player takes it back first.
	} else if legal := st.Legal(seat); seat >= 0 && len(legal) > 1 {
		out.Legal = l.offer(seat, legal)
		out.MyTurn = len(out.Legal) > 0
		lb, _ := l.game.(engine.Labeler)
		var ex engine.Explainer
		if explain {
			ex, _ = l.game.(engine.Explainer)
		}
		if lb != nil || ex != nil {
			out.Legal = labelled(lb, ex, out.View, out.Legal)
		}
	}
	if o, over := tab.Over(); over {
		out.Over, out.Outcome = true, new(engine.Outcome) // a copy: &o would put o on the heap in every call
		*out.Outcome = o
		out.Seed = tab.Seed().String()
	}
	return out
}

// labelled returns legal with what the game says of each action for the
// seat whose view v is, as the page and the terminal show it: its label
// (lb, engine.Labeler) where it is not the action's text, and its
// explanation (ex, engine.Explainer). Either may be nil. The list offer
// keeps is not changed: labelled entries are copies, and a list with
// nothing to add is legal itself.
func labelled(lb engine.Labeler, ex engine.Explainer, v engine.View, legal []*legalAction) []*legalAction {
	var out []*legalAction
	for i, la := range legal {
		var label, explain string
		if lb != nil {
			if label = lb.Label(v, la.action); label == la.Text {
				label = ""
			}
		}
		if ex != nil {
			explain = ex.Explain(v, la.action)
		}
		if label == "" && explain == "" {
			if out != nil {
				out = append(out, la)
			}
			continue
		}
		if out == nil {
			out = append(make([]*legalAction, 0, len(legal)), legal[:i]...)
		}
		c := *la
		c.Label, c.Explain = label, explain
		c.json = append(make([]byte, 0, len(la.json)+len(label)+len(explain)+24), la.json[:len(la.json)-1]...)
		if label != "" {
			c.json = engine.AppendJSONString(append(c.json, `,"label":`...), label)
		}
		if explain != "" {
			c.json = engine.AppendJSONString(append(c.json, `,"explain":`...), explain)
		}
		c.json = append(c.json, '}')
		out = append(out, &c)
	}
	if out == nil {
		return legal
	}
	return out
}

// logFor returns the log entries after seq from as seat sees them, leaving
// out entries seat sees nothing of. Call with l.mu held.
func logFor(l *live, seat engine.Seat, from int) []logLine {
	return new(logScratch).logFor(l, seat, from)
}

// logScratch holds the arrays logFor fills: the lines, and the events of
// every line in one array, so that the lines of a batch (the moves of a
// round) take two allocations, not one per line, or none from a scratch
// used before. A stream renders with one from logScratches and puts it
// back.
type logScratch struct {
	lines []logLine
	evs   []engine.Event
}

// logScratches holds the scratch of streams between two renders.
var logScratches = sync.Pool{New: func() any { return new(logScratch) }}

// logFor is the package's logFor, into sc's arrays: the lines it returns
// are valid until sc is used again or put back.
//
// It is engine.EventsFor for each entry.
func (sc *logScratch) logFor(l *live, seat engine.Seat, from int) []logLine {
	seats := l.tab.Seats()
	entries := l.tab.Log(max(from, 0))
	if len(entries) == 0 {
		return nil
	}
	n := 0
	for _, e := range entries {
		n += len(e.Events)
	}
	out := slices.Grow(sc.lines[:0], len(entries))
	// The lines keep slices of evs: it must not grow once they are made.
	evs := slices.Grow(sc.evs[:0], n)
	for i, e := range entries {
		start := len(evs)
		for _, ev := range e.Events {
			if v, ok := ev.For(seat); ok {
				evs = append(evs, v)
			}
		}
		if len(evs) == start {
			continue
		}
		name := ""
		if int(e.Seat) >= 0 && int(e.Seat) < len(seats) {
			name = seats[e.Seat].Name
		}
		out = append(out, logLine{Seq: from + i + 1, Seat: e.Seat, Name: name, Events: evs[start:len(evs):len(evs)]})
	}
	sc.lines, sc.evs = out, evs
	return out
}

// put empties sc, so that it keeps no log alive, and gives it back to
// logScratches.
func (sc *logScratch) put() {
	clear(sc.lines)
	clear(sc.evs)
	logScratches.Put(sc)
}

// maxLegalCache bounds a table's cache of encoded legal actions.
const maxLegalCache = 4096

// offered is the list of legal actions last offered to a seat. It is never
// changed once made, so a state may keep its list.
type offered struct {
	legal []*legalAction
	// plain says that every action is a plainValue and was offered, so that
	// the actions of legal line up with those of the state and == compares
	// them (a comparison of interfaces panics only on values of one type
	// that is not comparable).
	plain bool
}

// offer returns legal, the legal actions of seat, as actions to offer: a
// list offered to seat lately if legal is the same list (a seat is offered
// the same choices while others move), else one made with legalFor and kept
// for next time. Call with l.mu held.
//
// A list that changed mostly holds the actions of one offered lately, in
// the same order: the last one after a seat's own move changed a few, or
// the one of a phase that comes back (a turn's activities after a
// tournament's entries and choices). That one is the latest to start with
// an action of the same type (recentOffers.like), and each action is looked
// for in it first, a few places on from the one found before (find), and
// only then in the table's cache: comparing two actions costs less than
// hashing one.
func (l *live) offer(seat engine.Seat, legal []engine.Action) []*legalAction {
	if l.offered == nil {
		l.offered = make(map[engine.Seat]*recentOffers)
	}
	recent := l.offered[seat]
	if recent == nil {
		recent = new(recentOffers)
		l.offered[seat] = recent
	}
	last := recent.like(legal)
	if last != nil && !last.plain {
		last = nil // its actions may not compare with ==; nothing is looked for in it
	}
	if last != nil && last.same(legal) {
		recent.use(last)
		return last.legal
	}
	o := &offered{legal: make([]*legalAction, 0, len(legal)), plain: true}
	var t reflect.Type // the type of the action before, and whether it is plain
	plain, next, far := false, 0, true
	for _, a := range legal {
		if at := reflect.TypeOf(a); at != t {
			t, plain = at, plainValue(at)
		}
		o.plain = o.plain && plain
		if plain && last != nil {
			i := last.find(a, next, far)
			far = i >= 0
			if i >= 0 {
				o.legal = append(o.legal, last.legal[i])
				next = i + 1
				continue
			}
		}
		if la := l.legalFor(a, plain); la != nil {
			o.legal = append(o.legal, la)
		} else {
			o.plain = false
		}
	}
	recent.use(o)
	return o.legal
}

// offeredAction returns the action of the list offered to seat last whose
// kind is kind and whose JSON is raw, byte for byte, or nil if there is
// none. A client posts back an action it was offered as it was offered,
// and finding it there costs less than decoding it. Only a list of plain
// values (offered.plain) is looked in: its actions are copies, which
// nothing the game does later changes.
func (l *live) offeredAction(seat engine.Seat, kind string, raw []byte) engine.Action {
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.offered[seat]
	if recent == nil || recent[0].offered == nil || !recent[0].plain {
		return nil
	}
	for _, la := range recent[0].legal {
		if la.Kind == kind && bytes.Equal(la.Action, raw) {
			return la.action
		}
	}
	return nil
}

// recentOffers are the lists offered to a seat lately, the latest first.
type recentOffers [4]recentOffer

// recentOffer is a list offered lately and the type of its first action
// (nil if it is empty or not plain), which like reads without reaching
// into the list: that cost more than the rest of offering a list that did
// not change, at a server's many tables.
type recentOffer struct {
	*offered
	first reflect.Type
}

// like returns the latest of r whose first action is of the type of
// legal's first (a game's activities may all start with one kind of
// action, its entries with another), or else the latest.
func (r *recentOffers) like(legal []engine.Action) *offered {
	if len(legal) > 0 {
		t := reflect.TypeOf(legal[0])
		for _, ro := range r {
			if ro.first == t && t != nil {
				return ro.offered
			}
		}
	}
	return r[0].offered
}

// use makes o the latest of r.
func (r *recentOffers) use(o *offered) {
	i := 0
	for i < len(r)-1 && r[i].offered != o {
		i++
	}
	ro := r[i]
	if ro.offered != o { // a new list
		ro = recentOffer{offered: o}
		if o.plain && len(o.legal) > 0 {
			ro.first = reflect.TypeOf(o.legal[0].action)
		}
	}
	copy(r[1:i+1], r[:i])
	r[0] = ro
}

// lookAhead and lookFar are how many places on find looks for an action in
// the list offer starts from: lookFar after an action found there, so that
// the first action after a few left out of the list (the moves of a piece
// gone) is found, and lookAhead after one not found,
// so that a run of new actions costs a few comparisons each.
const (
	lookAhead = 4
	lookFar   = 64
)

// find returns where a, a plain value, is among the actions of o (a plain
// list) from from on, looking lookFar places on if far, else lookAhead; or
// -1.
func (o *offered) find(a engine.Action, from int, far bool) int {
	end := from + lookAhead
	if far {
		end = from + lookFar
	}
	for i := from; i < min(end, len(o.legal)); i++ {
		if a == o.legal[i].action {
			return i
		}
	}
	return -1
}

// same reports whether legal holds the same actions as o (a plain list),
// in the same order: values of the same plain types, equal.
func (o *offered) same(legal []engine.Action) bool {
	if len(legal) != len(o.legal) {
		return false
	}
	for i, a := range legal {
		if a != o.legal[i].action {
			return false
		}
	}
	return true
}

// legalFor returns a as a legal action to offer, from the table's cache
// when a is a plain value (plainValue) seen before: the same actions are
// offered turn after turn, and encoding them was a large part of rendering
// a state. It returns nil if a does not encode. Call with l.mu held.
func (l *live) legalFor(a engine.Action, plain bool) *legalAction {
	if plain {
		if la, ok := l.legal[a]; ok {
			return la
		}
	}
	la, err := newLegalAction(a)
	if err != nil {
		return nil
	}
	if plain {
		if l.legal == nil || len(l.legal) >= maxLegalCache {
			l.legal = make(map[engine.Action]*legalAction)
		}
		l.legal[a] = la
	}
	return la
}

var plainTypes sync.Map // reflect.Type → bool

// plainValue reports whether values of t are plain data, compared by value
// all the way down (no pointers, interfaces, maps, slices, channels or
// functions), so that two equal values always encode alike.
func plainValue(t reflect.Type) bool {
	if v, ok := plainTypes.Load(t); ok {
		return v.(bool)
	}
	var plain func(t reflect.Type) bool
	plain = func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64, reflect.String:
			return true
		case reflect.Array:
			return plain(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if !plain(t.Field(i).Type) {
					return false
				}
			}
			return true
		}
		return false
	}
	p := plain(t)
	plainTypes.Store(t, p)
	return p
}
