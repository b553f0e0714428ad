package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"tabletop/engine"
)

// This file lends unexported parts of the server to the external tests
// (package server_test), which may use real games: package server itself
// names no game.

// WaitingIn is waitingIn.
func WaitingIn(v engine.View) ([]engine.Seat, bool) { return waitingIn(v) }

// PlainValue is plainValue.
func PlainValue(t reflect.Type) bool { return plainValue(t) }

// Live is a table as the server keeps it in memory.
type Live struct{ l *live }

// NewLive wraps tab, a table of g, as the server keeps it.
func NewLive(id string, g engine.Game, tab *engine.Table) Live {
	return Live{&live{id: id, game: g, tab: tab, changed: make(chan struct{})}}
}

// Table returns the wrapped table.
func (l Live) Table() *engine.Table { return l.l.tab }

// StreamRender appends to buf what seat's JSON event stream sends for the
// log entries from from on and the state after them.
func (l Live) StreamRender(buf []byte, seat engine.Seat, from int) ([]byte, error) {
	return jsonEvents(buf, logFor(l.l, seat, from), stateFor(l.l, seat), false)
}

// CheckStateJSON compares the hand-written encoding of seat's state with
// json.Marshal's.
func (l Live) CheckStateJSON(seat engine.Seat) error { return checkStateJSON(stateFor(l.l, seat)) }

// CheckEmptyStateJSON compares them for a state of nil slices and maps.
func CheckEmptyStateJSON() error { return checkStateJSON(seatState{}) }

func checkStateJSON(st seatState) error {
	want, err := json.Marshal(st)
	if err != nil {
		return err
	}
	got, err := st.appendJSON([]byte("x"))
	if err != nil {
		return err
	}
	if !bytes.Equal(got[1:], want) || got[0] != 'x' {
		return fmt.Errorf("appendJSON differs from json.Marshal:\n got %s\nwant %s", got[1:], want)
	}
	return nil
}
