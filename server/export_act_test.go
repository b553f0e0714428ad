package server

import (
	"bytes"
	"encoding/json"
	"fmt"

	"tabletop/engine"
)

// LogLen returns the length of the log of table id as the server holds it
// in memory, or -1 if it holds no such table.
func LogLen(s *Server, id string) int {
	s.mu.Lock()
	l, ok := s.live[id]
	s.mu.Unlock()
	if !ok {
		return -1
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tab.Len()
}

// CheckActionJSON compares the hand-written encoding of an action's answer
// with json.Encoder's, which the server used before.
func CheckActionJSON(seq int, events []engine.Event) error {
	var want bytes.Buffer
	if err := json.NewEncoder(&want).Encode(actionResponse{Seq: seq, Events: events}); err != nil {
		return err
	}
	got, err := actionResponse{Seq: seq, Events: events}.appendJSON([]byte("x"))
	if err != nil {
		return err
	}
	if string(got[1:])+"\n" != want.String() || got[0] != 'x' {
		return fmt.Errorf("appendJSON differs from json.Encoder:\n got %s\nwant %s", got[1:], want.Bytes())
	}
	return nil
}
