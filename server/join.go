package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"tabletop/engine"
	"tabletop/store"
)

// Open seats: a table's creator may leave person seats open to anyone (the
// new-table form's "a person who joins from the lobby", the API's
// "open": true). Such a seat has no invite link; the lobby lists its table
// with a Join button, and whoever joins first chooses a name and gets the
// seat's token, issued then: the store keeps only its hash (store.Join).

var (
	errSeatTaken = errorf(http.StatusConflict, "seat_taken", "someone else has just taken that seat: choose another, or watch")
)

// seatNaming is how a refusal to join a seat names seats: as its reader
// sees them.
type seatNaming int

const (
	byName   seatNaming = iota // the join page's, which shows seats by name
	byNumber                   // the JSON API's, whose addresses and "seat" fields count seats from 0
)

// seat names seat i, called name: by name as the page shows it ("Bo's
// seat"), by number with its name for the API ("seat 1 (Bo's)"). A seat
// given no name is called as makeTable named it ("Seat 2"), a name the API
// leaves out, since its number there counts from 1.
func (r seatNaming) seat(i int, name string) string {
	name = strings.TrimSpace(name)
	unnamed := name == unnamedSeat(i)
	switch {
	case r == byNumber && unnamed:
		return fmt.Sprintf("seat %d", i)
	case r == byNumber:
		return fmt.Sprintf("seat %d (%s's)", i, name)
	case unnamed:
		return name
	}
	return name + "'s seat"
}

// noSuchSeat says that a table of n seats has no seat i: to the API with
// the numbers its addresses take.
func (r seatNaming) noSuchSeat(i, n int) string {
	if r == byNumber {
		return fmt.Sprintf("this table has no seat %d (its seats are 0 to %d): pick one of its open seats", i, n-1)
	}
	return "this table has no such seat: pick one of its open seats"
}

// notOpen refuses a join of seat, which is not open at table l, saying
// in r's words which seat, why and what to do next: a bot plays it, or it
// is the game master's, or its player has an invite link of their own,
// made with the table or issued a moment ago to whoever joined it first
// (the lobby's list was older than the table; the store keeps no trace of
// which). The code is seat_taken whatever the reason, as clients know it.
func notOpen(l *live, seat int, r seatNaming) error {
	l.mu.Lock()
	seats := l.tab.Seats()
	l.mu.Unlock()
	if seat < 0 || seat >= len(seats) {
		return errorf(http.StatusConflict, "seat_taken", r.noSuchSeat(seat, len(seats)))
	}
	next := "pick one of the table's open seats"
	if len(l.open) == 0 {
		next = "every seat is taken now: watch the game instead"
	}
	var why string
	switch si := seats[seat]; {
	case si.Bot != "":
		why = fmt.Sprintf("a bot (%s) plays it", si.Bot)
	case si.GM:
		why = "it is the game master's, who has an invite link of their own"
	default:
		why = "its player has an invite link of their own, made with the table, or someone has just joined it"
	}
	return errorf(http.StatusConflict, "seat_taken", fmt.Sprintf("%s is not open to join: %s; %s", r.seat(seat, seats[seat].Name), why, next))
}

// waitingForPlayers refuses every action at a table with open seats: its
// game starts once every seat is taken. (Joining renames a seat, and the
// log's events name seats: a log begun under the old name would no longer
// replay.)
func waitingForPlayers(l *live) error {
	if n := len(l.open); n > 0 {
		return errorf(http.StatusConflict, "waiting_for_players", fmt.Sprintf("the game starts when every seat is taken: %d %s still open to anyone", n, plural(n, "seat is", "seats are")))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinName checks the name a person joining a seat chose.
func joinName(name string) (string, error) {
	name, err := seatName(name)
	switch {
	case err != nil:
		return "", errorf(http.StatusBadRequest, "bad_name", err.Error())
	case name == "":
		return "", errorf(http.StatusBadRequest, "bad_name", "choose a name to play under")
	}
	return name, nil
}

// seatName returns a seat's name with its spaces at either end trimmed,
// or says why it may not be one (checkName), at most 40 bytes; "" stays
// "", for the caller to refuse or name.
func seatName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if len(name) > 40 {
		return "", errors.New("names are at most 40 bytes")
	}
	return name, checkName(name)
}

// unnamedSeat is the name a new table gives seat i (from 0) when it is
// given none: "Seat 1" for seat 0, as the new-table form numbers its rows.
func unnamedSeat(i int) string { return fmt.Sprintf("Seat %d", i+1) }

// join gives open seat seat of table l to a person named name and returns
// the seat's new token. Of people joining one seat at once exactly one gets
// it; the others get errSeatTaken. The table is then replayed from the store,
// which holds the new name and token hash. A refusal names seats in r's
// words.
func (s *Server) join(ctx context.Context, l *live, seat int, name string, r seatNaming) (string, error) {
	name, err := joinName(name)
	if err != nil {
		return "", err
	}
	if !slices.Contains(l.open, seat) {
		return "", notOpen(l, seat, r)
	}
	l.mu.Lock()
	_, over := l.tab.Over()
	seats := l.tab.Seats()
	l.mu.Unlock()
	if over {
		return "", errorf(http.StatusConflict, "game_over", "this game is over: nobody may join it")
	}
	for i, si := range seats {
		if !slices.Contains(l.open, i) && engine.SameName(si.Name, name) {
			return "", errorf(http.StatusConflict, "name_taken", fmt.Sprintf("%s already sits at this table: choose another name", strings.TrimSpace(si.Name)))
		}
	}
	raw := make([]byte, tokenBytes)
	rand.Read(raw) // never fails (Go 1.24+)
	sum := sha256.Sum256(raw)
	err = s.store.Join(ctx, l.id, seat, name, sum[:])
	if errors.Is(err, store.ErrSeatTaken) {
		err = errSeatTaken
	}
	// Whatever happened, memory no longer knows who holds the seat.
	l.mu.Lock()
	s.forget(l)
	l.mu.Unlock()
	if err != nil {
		return "", err
	}
	s.log.Info("seat joined", "table", l.id, "seat", seat)
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// seatOf returns the seat of token at table l. A token that fits no seat of
// a table that had open seats when it was loaded may have been issued since
// by another server instance on the same store: the table is then loaded
// again, once, and the token tried on that.
func (s *Server) seatOf(ctx context.Context, l *live, token string) (*live, engine.Seat, bool) {
	if seat, ok := l.seatFor(token); ok || len(l.open) == 0 {
		return l, seat, ok
	}
	l.mu.Lock()
	s.forget(l)
	l.mu.Unlock()
	fresh, err := s.table(ctx, l.id)
	if err != nil {
		return l, 0, false
	}
	seat, ok := fresh.seatFor(token)
	return fresh, seat, ok
}

// joinPage is the data of the page where a person joins an open seat.
type joinPage struct {
	Title, GameName, ID string
	Seats               []engine.SeatInfo
	Open                []int
	Name                string
	Seat                int
	Error               string
}

func (s *Server) joinPage(l *live) joinPage {
	l.mu.Lock()
	seats := l.tab.Seats()
	l.mu.Unlock()
	p := joinPage{Title: "Join a table", GameName: l.game.Info().Name, ID: l.id, Seats: seats, Open: l.open, Seat: -1}
	if len(l.open) > 0 {
		p.Seat = l.open[0]
	}
	return p
}

// pageJoinForm shows the open seats of a table, to choose one and a name.
func (s *Server) pageJoinForm(w http.ResponseWriter, r *http.Request) {
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	p := s.joinPage(l)
	if v, err := strconv.Atoi(r.URL.Query().Get("seat")); err == nil && slices.Contains(l.open, v) {
		p.Seat = v
	}
	s.render(w, r, s.pages.base, "join", http.StatusOK, p)
}

// pageJoin takes an open seat for the person who posted the form and sends
// them to it (a redirect: reloading the seat's page joins nothing more).
func (s *Server) pageJoin(w http.ResponseWriter, r *http.Request) {
	if err := s.allow(r); err != nil {
		s.pageError(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxActionBytes)
	if err := r.ParseForm(); err != nil {
		s.pageError(w, r, formError(err))
		return
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	seat, err := strconv.Atoi(r.PostFormValue("seat"))
	if err != nil {
		seat = -1
	}
	token, err := s.join(r.Context(), l, seat, r.PostFormValue("name"), byName)
	if err != nil {
		e := s.classify(r, err)
		if fresh, lerr := s.table(r.Context(), l.id); lerr == nil {
			l = fresh
		}
		p := s.joinPage(l)
		p.Name, p.Error = r.PostFormValue("name"), e.Msg
		if slices.Contains(l.open, seat) {
			p.Seat = seat
		}
		s.render(w, r, s.pages.base, "join", e.Status, p)
		return
	}
	http.Redirect(w, r, "/t/"+l.id+"/s/"+token, http.StatusSeeOther)
}

// apiJoinSeat takes open seat {seat} for the client, under the name its
// JSON body gives, and answers the seat's token.
func (s *Server) apiJoinSeat(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	if !s.readSmall(w, r, &req) {
		return
	}
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || seat < 0 {
		s.apiError(w, r, errorf(http.StatusBadRequest, "bad_seat", fmt.Sprintf("%s is not a seat number: seats are numbered from 0, as the \"seat\" fields number them", engine.Quote(r.PathValue("seat")))))
		return
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	token, err := s.join(r.Context(), l, seat, req.Name, byNumber)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, seatInvite{Seat: engine.Seat(seat), Name: strings.TrimSpace(req.Name), Token: token, URL: "/t/" + l.id + "/s/" + token})
}
