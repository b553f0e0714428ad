package engine

import (
	"fmt"
	"time"

	"tabletop/dice"
)

// Seat is a position at a table, 0-based. Spectator is the public view.
type Seat int

// Spectator is the seat of someone who only watches: its View shows public
// information only. It is never used as a slice index.
const Spectator Seat = -1

// String names the seat for people, who count seats from 1 as pages and
// "tabletop play" do: Seat(0) is "seat 1".
func (s Seat) String() string {
	switch {
	case s == Spectator:
		return "spectator"
	case s < 0:
		return fmt.Sprintf("no seat (%d)", int(s))
	}
	return fmt.Sprintf("seat %d", int(s)+1)
}

// State is a game in progress. Implementations must keep these invariants,
// which enginetest checks:
//
//   - Pending is empty exactly when Outcome reports the game over. Several
//     pending seats means a simultaneous (sealed) choice: each may act in any
//     order, and nobody sees another's choice before it resolves.
//   - Legal(s) is non-empty for every pending seat, empty for every other seat,
//     and in a stable order (the same state gives the same list).
//   - Apply of an action that is not legal returns an error wrapping
//     ErrIllegalAction, ErrNotYourTurn or ErrGameOver, and changes nothing: not
//     the state and not the dice stream.
//   - Apply draws every random number from d, so the same state, actions and
//     stream give the same result.
//   - View(s) depends only on what s may know: changing another seat's hidden
//     information leaves it unchanged.
//   - Clone returns a deep copy: applying actions to one never changes the other.
//   - The slices and views a state hands out (Pending, Legal, View, events)
//     may share memory with it and with each other: callers must not modify
//     them. They are valid until the state's next successful Apply, which
//     may reuse their memory (so a game in progress allocates next to
//     nothing): whoever keeps them longer keeps a copy (Keep for events;
//     Table does so for its log) or encodes them first (the server encodes
//     views while it holds the table's lock). That includes the texts of
//     events, whose bytes a game may reuse too: never keep one, not even as
//     a map key, without strings.Clone. A refused Apply changes nothing, so
//     what was handed out before it stays valid. Memory handed to one seat
//     (its view, its legal list) is never reused for another seat's, so a
//     view held too long shows its own seat's later position, never another
//     seat's secret. A State may fill caches when read, so it is not safe for
//     concurrent use, even by readers; Clone it for another goroutine.
//     Encoding a view it handed out (its JSON) counts as reading the state:
//     it may fill the state's caches too.
//
// Pending is for whoever drives the game (the table, bots' scheduling). It may
// say more than a seat may know (who has already sealed an answer that the
// game keeps anonymous), so a UI shows a seat only what View says about who
// is being waited for. A game must not make the set of pending seats, or the
// number of actions, depend on hidden information: Monster Girl Taxonomy asks
// every player in a claim window, not only those able to claim.
type State interface {
	Pending() []Seat
	Legal(s Seat) []Action
	Apply(s Seat, a Action, d *dice.Stream) ([]Event, error)
	View(s Seat) View
	Outcome() (Outcome, bool)
	Clone() State
}

// View is what one seat may see of a state. It must marshal to JSON and carry
// nothing hidden from that seat.
type View any

// Action is one move. It marshals to JSON as its body; Kind names its type so
// Game.Decode can read it back. String is its text form for logs and the CLI.
type Action interface {
	Kind() string
	String() string
}

// Standin is implemented by an action that stands for another: a game's
// "typed" action, the text form of an action as a page's text line sends
// it. Resolve returns the action it stands for, or the refusal (an
// *ActionError) of a text that reads as none; it reads no state and rolls
// no dice. Table.Act plays and logs the action it stands for, so the log
// holds what was played and its replay does not depend on how a text was
// read. A log written before tables did this may hold a stand-in: its
// replay, through Act, resolves it the same way.
type Standin interface {
	Action
	Resolve() (Action, error)
}

// SeatStandin is implemented by a Standin whose reading depends on who
// typed it: ResolveBy is Resolve for seat at st, so that the refusal of a
// text that reads as nothing gives an example that seat may type (a game
// master's, or a player's). It reads st, never changes it, and rolls no
// dice.
type SeatStandin interface {
	Standin
	ResolveBy(st State, seat Seat) (Action, error)
}

// Resolve returns the action a stands for if a is a Standin, or else a
// itself. A stand-in that resolves to nothing or to another stand-in is
// refused. Table.Act plays what ResolveBy returns; a State's Apply takes
// no stand-in (it refuses one with Unresolved), so whoever applies an
// action without a table resolves it first.
func Resolve(a Action) (Action, error) {
	si, ok := a.(Standin)
	if !ok {
		return a, nil
	}
	inner, err := si.Resolve()
	return resolved(si, inner, err)
}

// ResolveBy is Resolve for an action seat plays at st: a SeatStandin is
// read as that seat's (its ResolveBy).
func ResolveBy(st State, seat Seat, a Action) (Action, error) {
	si, ok := a.(SeatStandin)
	if !ok {
		return Resolve(a)
	}
	inner, err := si.ResolveBy(st, seat)
	return resolved(si, inner, err)
}

// resolved checks what stand-in si resolved to: an action, and no
// stand-in.
func resolved(si Standin, inner Action, err error) (Action, error) {
	if err != nil {
		return nil, err
	}
	if _, again := inner.(Standin); again || inner == nil {
		return nil, Illegal(si, "not an action")
	}
	return inner, nil
}

// Outcome is the result of a finished game.
type Outcome struct {
	Winners []Seat `json:"winners"`          // seats that share the win; several = a shared win
	Scores  []int  `json:"scores,omitempty"` // per seat: trophies, points
	Text    string `json:"text"`             // one line for people: "Ann wins with 4 trophies"
	// Resigned are the seats whose players resigned (Table.Over fills it).
	Resigned []Seat `json:"resigned,omitempty"`
}

// Share returns the part of the win that seat s gets: 1/len(Winners) for a
// winner, 0 otherwise.
func (o Outcome) Share(s Seat) float64 {
	for _, w := range o.Winners {
		if w == s {
			return 1 / float64(len(o.Winners))
		}
	}
	return 0
}

// Determinizer is implemented by states with hidden information. Determinize
// returns a copy of the state in which everything seat s may not see has been
// re-drawn at random from what s's view allows (other hands, the stock order,
// other seats' sealed choices). Search bots use it; enginetest uses it to prove
// that View(s) does not depend on anything hidden from s.
type Determinizer interface {
	Determinize(s Seat, r *dice.Stream) State
}

// Metric is one per-seat figure a finished game reports for simulation
// summaries, such as "monsters" alive at the end.
type Metric struct {
	Name  string    `json:"name"`
	Seats []float64 `json:"seats"`
}

// MetricReporter is implemented by states that report per-seat figures beyond
// the Outcome's scores.
type MetricReporter interface {
	Metrics() []Metric
}

// Equaler is implemented by states that keep derived data (caches, lazily
// built views) which reflect.DeepEqual would wrongly count. Equal reports
// whether two states are the same game position: the same future under the
// same actions and dice, and the same views. enginetest uses it to check
// clones, refusals and replays.
type Equaler interface {
	Equal(other State) bool
}

// Only returns seat s's legal action if it has exactly one. A choice of one is
// no choice: tables, simulations and UIs play it without asking the person or
// the bot. Games rely on this to ask every seat where asking only some would
// give away a secret (everyone answers a claim window; most can only pass).
func Only(st State, s Seat) (Action, bool) {
	legal := st.Legal(s)
	if len(legal) != 1 {
		return nil, false
	}
	return legal[0], true
}

// Releaser is implemented by states that can give their memory to the next
// game of their kind. Release declares the state dead: nobody will use it,
// or anything it handed out (views, legal lists, events not copied with
// Keep), ever again. Only its owner may call it, once, when done with it: a
// simulation releases each game when it has read the Outcome and metrics,
// so that a run of many games allocates next to nothing after the first and
// leaves the garbage collector idle. Tables never do, as pages and streams
// may still hold what the state handed out.
type Releaser interface {
	Release()
}

// Waiter is implemented by views that say whom the game is waiting for, as
// far as their seat may know. UIs show who is being waited for only from it,
// never from State.Pending.
type Waiter interface {
	WaitingFor() []Seat
}

// Window is implemented by states that sometimes open an answer window: a
// simultaneous choice in which whether a seat has a real choice, and how
// quickly it answers, are themselves secrets (Monster Girl Taxonomy's claim
// window, where only players holding three of a set may claim). While
// WindowOpen reports true, every pending seat answers, and a table that
// seats people must not apply the answers as they arrive, since which
// arrive at once (choices of one, bots) and which take a person's time would
// tell everyone who had a choice. Instead it collects one answer per pending
// seat without applying it or telling anyone, keeps the window open for
// WindowHold from its opening whatever happens, and then applies the
// answers together, in seat order, in one step; a seat that gave none by
// then plays WindowDefault. Every seat therefore sees the same thing at the
// same time whatever the hidden hands hold. Tables of bots only, and
// simulations, may apply answers at once: nobody is there to read timing.
type Window interface {
	WindowOpen() bool
	// WindowHold is how long a window stays open at a table where people
	// sit (a table option of the game's).
	WindowHold() time.Duration
	// WindowDefault is the answer played for pending seat s if it gave
	// none in time ("pass"); it is always legal for s while the window is
	// open.
	WindowDefault(s Seat) Action
}
