package server

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"

	"tabletop/bots"
	"tabletop/engine"
)

// playNowSeats is the size of a table started with "Play now against bots":
// you and three bots, or as near as the game allows (tabletop play's
// default too).
const playNowSeats = 4

// pageGame returns the game a page's path names, or shows that there is
// no such game.
func (s *Server) pageGame(w http.ResponseWriter, r *http.Request) (engine.Game, bool) {
	g, err := s.games.Game(r.PathValue("game"))
	if err != nil {
		s.pageError(w, r, errorf(http.StatusNotFound, "unknown_game", fmt.Sprintf("no game %s", engine.Quote(r.PathValue("game")))))
		return nil, false
	}
	return g, true
}

// allowedGame is pageGame for a request that costs the server work (it
// creates a table): rate limited first.
func (s *Server) allowedGame(w http.ResponseWriter, r *http.Request) (engine.Game, bool) {
	if err := s.allow(r); err != nil {
		s.pageError(w, r, err)
		return nil, false
	}
	return s.pageGame(w, r)
}

// playNowRequest is the table "Play now against bots" creates for g: one
// person, the rest played by the game's best bot (the last it lists), with
// the game's default options, unlisted.
func playNowRequest(g engine.Game) createRequest {
	info := g.Info()
	names := bots.Names(g)
	best := names[len(names)-1]
	n := min(max(playNowSeats, info.MinSeats), info.MaxSeats)
	req := createRequest{Game: info.ID, Options: engine.Options{}, Seats: []seatRequest{{Name: "Player"}}}
	for i := 1; i < n; i++ {
		req.Seats = append(req.Seats, seatRequest{Name: fmt.Sprintf("Bot %d (%s)", i, best), Bot: best})
	}
	return req
}

// pagePlayNow creates a table of one person and bots and sends the person
// straight to their seat: one click from the lobby to a running game. It
// answers with a redirect, so that reloading the table page never creates
// another table.
func (s *Server) pagePlayNow(w http.ResponseWriter, r *http.Request) {
	g, ok := s.allowedGame(w, r)
	if !ok {
		return
	}
	if !engine.BotsCanPlay(g) {
		why := " is played by people only"
		if g.Info().GMSeat {
			why = " needs a game master"
		}
		s.pageError(w, r, errorf(http.StatusBadRequest, "no_play_now", g.Info().Name+why+": start a table with the form instead"))
		return
	}
	l, tokens, err := s.createTable(r.Context(), clientKey(r, s.proxied), playNowRequest(g), 0)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	http.Redirect(w, r, "/t/"+l.id+"/s/"+tokens[0], http.StatusSeeOther)
}

// createdURL is the page that shows a new table's invite links: the seats'
// tokens travel in its query, in seat order ("" for a bot), since the store
// keeps only their hashes. The form's POST redirects there, so that a
// reload shows the links again instead of creating a second table.
func createdURL(id string, tokens []string) string {
	return "/t/" + id + "/created?" + url.Values{"s": tokens}.Encode()
}

// pageCreated shows the invite links of a table just created, if the query
// holds exactly its seats' tokens.
func (s *Server) pageCreated(w http.ResponseWriter, r *http.Request) {
	if err := s.allow(r); err != nil {
		s.pageError(w, r, err)
		return
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	tokens := r.URL.Query()["s"]
	l.mu.Lock()
	seats := l.tab.Seats()
	l.mu.Unlock()
	if len(tokens) != len(seats) {
		s.pageError(w, r, errBadToken)
		return
	}
	for i, tok := range tokens {
		if tok == "" {
			if seats[i].Bot == "" && !slices.Contains(l.open, i) {
				s.pageError(w, r, errBadToken)
				return
			}
			continue
		}
		if seat, ok := l.seatFor(tok); !ok || int(seat) != i {
			s.pageError(w, r, errBadToken)
			return
		}
	}
	s.render(w, r, s.pages.base, "created", http.StatusOK, struct {
		createResponse
		Title, GameName, Origin string
	}{invites(l, tokens), "Table created", l.game.Info().Name, s.public})
}
