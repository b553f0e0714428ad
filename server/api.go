package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tabletop/bots"
	"tabletop/engine"
)

// Request size limits. An action or a new table is a few hundred bytes.
const (
	maxActionBytes = 16 << 10
	maxCreateBytes = 64 << 10
	listLimit      = 100
)

type createRequest struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Seats   []seatRequest  `json:"seats"`
	Listed  bool           `json:"listed"` // show the table in the lobby
}

type seatRequest struct {
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"` // "" for a person
	GM   bool   `json:"gm,omitempty"`
	// Open leaves a person's seat open to anyone: it gets no invite, and
	// whoever joins it first (from the lobby) gets its token.
	Open bool `json:"open,omitempty"`
}

type createResponse struct {
	ID         string       `json:"id"`
	Commitment string       `json:"commitment"`
	URL        string       `json:"url"` // the spectators' page
	Seats      []seatInvite `json:"seats"`
}

type seatInvite struct {
	Seat  engine.Seat `json:"seat"`
	Name  string      `json:"name"`
	Bot   string      `json:"bot,omitempty"`
	Open  bool        `json:"open,omitempty"`  // open to whoever joins first
	Token string      `json:"token,omitempty"` // the seat's secret; shown once
	URL   string      `json:"url,omitempty"`   // the seat's invite link
}

type actionRequest struct {
	Kind   string          `json:"kind"`
	Action json.RawMessage `json:"action"`
	Seq    *int            `json:"seq,omitempty"` // if set, act only if the log is at seq
}

type actionResponse struct {
	Seq    int            `json:"seq"`
	Events []engine.Event `json:"events"` // as the acting seat sees them
}

// appendJSON appends the answer as json.Marshal writes it, without
// reflection: every action is answered so.
func (a actionResponse) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(a.Seq), 10)
	b = append(b, `,"events":`...)
	if a.Events == nil {
		return append(b, "null}"...), nil
	}
	b, err := engine.AppendEvents(b, a.Events)
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	enc.Encode(v)
}

// apiError writes err as {"error": {"code": ..., "message": ...}}.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	e := s.classify(r, err)
	switch {
	case e.Code == "too_many_tables" || e.Code == "server_full":
		w.Header().Set("Retry-After", "60") // tables come back over the hour
	case e.Status == http.StatusTooManyRequests:
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, e.Status, map[string]any{"error": map[string]string{"code": e.Code, "message": e.Msg}})
}

// readJSON decodes a request body of at most limit bytes into v, refusing
// unknown fields and trailing data.
func readJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	body, err := readBody(w, r, limit)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

// readBody reads a request body of at most limit bytes. Its buffer starts
// at io.ReadAll's 512 bytes, or at the length the request announces
// (Content-Length) and one byte more, to read the end without growing, if
// that is less: an action's body is some 60 bytes. The announced length
// only ever makes the first buffer smaller, so that a request that
// announces a large body and sends little costs no more memory than one
// that announces none, and the body is read to its end or to limit,
// whatever it announced.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	const start = 512
	size := start
	if n := r.ContentLength; n >= 0 && n < start {
		size = int(n) + 1
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	b := make([]byte, 0, size)
	for {
		n, err := body.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return nil, err
			}
			return nil, errorf(http.StatusBadRequest, "bad_request", "could not read the request body")
		}
		if len(b) == cap(b) {
			b = slices.Grow(b, 1)
		}
	}
}

// decodeJSON decodes body into v, refusing unknown fields and trailing
// data, with an error in a client's words: an option's value that is not
// one (engine.OptionValueError) is bad_options, as the game's refusals of
// option values are, anything else bad_request.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if ove, ok := errors.AsType[*engine.OptionValueError](err); ok {
			return errorf(http.StatusBadRequest, "bad_options", ove.Error())
		}
		return errorf(http.StatusBadRequest, "bad_request", engine.JSONProblem(err))
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "bad_request", "malformed JSON: data after the object")
	}
	return nil
}

// readAction reads the body of an action request. The usual body is read
// by hand (plainAction), as json.Decoder's reflection took longer than the
// game's rules; any other body, misspelt and malformed ones included, is
// decoded as every request is, so what is refused, and in which words, is
// the same.
func readAction(w http.ResponseWriter, r *http.Request, req *actionRequest) error {
	body, err := readBody(w, r, maxActionBytes)
	if err != nil {
		return err
	}
	if plainAction(body, req) {
		return nil
	}
	*req = actionRequest{}
	return decodeJSON(body, req)
}

// plainAction reads body into req and reports true if body is the usual
// request: valid JSON, one object of "kind" as text without escapes,
// "action" as any value and "seq" as a whole number of at most 9 digits,
// each at most once and spelt so, with nothing after it. Then json.Decoder
// would read the same (the action's JSON as it is, a slice of body).
// Anything else it leaves to the decoder, reporting false.
func plainAction(body []byte, req *actionRequest) bool {
	if !json.Valid(body) {
		return false
	}
	p := scan{b: body}
	if !p.skip('{') {
		return false
	}
	var seen [3]bool // kind, action, seq
	for !p.skip('}') {
		if (seen != [3]bool{}) && !p.skip(',') {
			return false
		}
		key, ok := p.plainString()
		if !ok || !p.skip(':') {
			return false
		}
		p.space()
		switch key {
		case "kind":
			if seen[0] {
				return false
			}
			seen[0] = true
			if req.Kind, ok = p.plainString(); !ok {
				return false
			}
		case "action":
			if seen[1] {
				return false
			}
			seen[1] = true
			start := p.i
			p.value()
			req.Action = body[start:p.i]
		case "seq":
			if seen[2] {
				return false
			}
			seen[2] = true
			n, ok := p.digits()
			if !ok {
				return false
			}
			req.Seq = &n
		default:
			return false // json matches keys in any case, and refuses others
		}
	}
	p.space()
	return p.i == len(body)
}

// scan reads JSON that json.Valid accepted, from b[i:].
type scan struct {
	b []byte
	i int
}

// space skips white space.
func (p *scan) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

// skip skips white space and c, if c comes next.
func (p *scan) skip(c byte) bool {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// plainString reads a string of printable ASCII without escapes, after
// white space.
func (p *scan) plainString() (string, bool) {
	if !p.skip('"') {
		return "", false
	}
	start := p.i
	for ; p.i < len(p.b) && p.b[p.i] != '"'; p.i++ {
		if c := p.b[p.i]; c < 0x20 || c == '\\' || c >= 0x7f {
			return "", false
		}
	}
	s := string(p.b[start:p.i])
	p.i++ // the closing quote
	return s, true
}

// digits reads a whole number of 1 to 9 digits.
func (p *scan) digits() (int, bool) {
	n, start := 0, p.i
	for ; p.i < len(p.b) && '0' <= p.b[p.i] && p.b[p.i] <= '9'; p.i++ {
		n = n*10 + int(p.b[p.i]-'0')
	}
	if d := p.i - start; d == 0 || d > 9 { // a fraction or exponent then is no ',' or '}'
		return 0, false
	}
	return n, true
}

// value skips one value: a string, an object or list with all it holds,
// or a number or literal.
func (p *scan) value() {
	depth := 0
	for ; p.i < len(p.b); p.i++ {
		switch p.b[p.i] {
		case '"':
			for p.i++; p.b[p.i] != '"'; p.i++ {
				if p.b[p.i] == '\\' {
					p.i++ // the escaped character
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return // the end of the object holding a number or literal
			}
			depth--
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return // after a number or literal
			}
		}
		if c := p.b[p.i]; depth == 0 && (c == '"' || c == '}' || c == ']') {
			p.i++
			return
		}
	}
}

// bearer returns the token of an "Authorization: Bearer" header, or "".
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// allow applies the rate limit per client address. It runs before anything
// the request names (a table, a token) is looked up or kept.
func (s *Server) allow(r *http.Request) error {
	if !s.clients.allow(clientKey(r, s.proxied)) {
		s.metrics.limited.WithLabelValues("client").Inc()
		return errRateLimit
	}
	return nil
}

// allowSeat applies the rate limit of seat at table l, once a token has
// been found to be that seat's: a key per seat, never per token, so tokens
// that fit no seat cost nothing.
func (s *Server) allowSeat(l *live, seat engine.Seat) error {
	if !s.limit.allow(l.id + "/" + strconv.Itoa(int(seat))) {
		s.metrics.limited.WithLabelValues("seat").Inc()
		return errRateLimit
	}
	return nil
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	var out []engine.Info
	for _, id := range s.games.IDs() {
		g, _ := s.games.Game(id)
		info := g.Info()
		info.Bots = bots.Names(g) // the game's own and the generic ones, once
		out = append(out, info)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out, "table_options": engine.TableOptions})
}

func (s *Server) apiListTables(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.ListOpen(r.Context(), listLimit)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"tables": orEmpty(list)})
}

func (s *Server) apiCreateTable(w http.ResponseWriter, r *http.Request) {
	if err := s.allow(r); err != nil {
		s.apiError(w, r, err)
		return
	}
	var req createRequest
	if err := readJSON(w, r, maxCreateBytes, &req); err != nil {
		s.apiError(w, r, err)
		return
	}
	l, tokens, err := s.createTable(r.Context(), clientKey(r, s.proxied), req, 0)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, invites(l, tokens))
}

// invites lists the seats of a new table with their invite links.
func invites(l *live, tokens []string) createResponse {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := createResponse{ID: l.id, Commitment: l.tab.Commitment(), URL: "/t/" + l.id}
	for i, si := range l.tab.Seats() {
		inv := seatInvite{Seat: engine.Seat(i), Name: si.Name, Bot: si.Bot, Open: slices.Contains(l.open, i)}
		if tokens[i] != "" {
			inv.Token, inv.URL = tokens[i], "/t/"+l.id+"/s/"+tokens[i]
		}
		out.Seats = append(out.Seats, inv)
	}
	return out
}

// readSmall reads a small JSON request body into v, once the client's rate
// limit allows it; if it cannot, it answers the error and returns false.
func (s *Server) readSmall(w http.ResponseWriter, r *http.Request, v any) bool {
	err := s.allow(r)
	if err == nil {
		err = readJSON(w, r, maxActionBytes, v)
	}
	if err != nil {
		s.apiError(w, r, err)
		return false
	}
	return true
}

func (s *Server) apiJoin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if !s.readSmall(w, r, &req) {
		return
	}
	if !wellFormedToken(req.Token) {
		s.apiError(w, r, errBadToken)
		return
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	l, seat, ok := s.seatOf(r.Context(), l, req.Token)
	if !ok {
		s.apiError(w, r, errBadToken)
		return
	}
	l.mu.Lock()
	name := l.tab.Seats()[seat].Name
	l.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"id": l.id, "seat": seat, "name": name})
}

func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.apiReader(w, r)
	if !ok {
		return
	}
	explain, err := wantExplain(r)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	l.mu.Lock()
	st := stateFor(l, seat, explain)
	body, err := json.Marshal(struct {
		seatState
		Log []logLine `json:"log"`
	}{st, orEmpty(logFor(l, seat, 0))})
	l.mu.Unlock()
	if err != nil {
		s.apiError(w, r, fmt.Errorf("server: encoding the view of %s: %w", l.id, err))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(append(body, '\n'))
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (s *Server) apiAct(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.apiReader(w, r)
	if !ok {
		return
	}
	if seat == engine.Spectator {
		s.apiError(w, r, errSpectator)
		return
	}
	if err := s.allowSeat(l, seat); err != nil {
		s.apiError(w, r, err)
		return
	}
	var req actionRequest
	if err := readAction(w, r, &req); err != nil {
		s.apiError(w, r, err)
		return
	}
	expected := -1
	if req.Seq != nil {
		if *req.Seq < 0 {
			s.apiError(w, r, errorf(http.StatusBadRequest, "bad_request", "seq must be a log sequence number (0 or more)"))
			return
		}
		expected = *req.Seq
	}
	seq, events, err := s.act(r.Context(), l, seat, req.Kind, req.Action, expected)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	buf := answerBufs.Get().(*[]byte)
	defer answerBufs.Put(buf)
	body, err := actionResponse{Seq: seq, Events: orEmpty(events)}.appendJSON((*buf)[:0])
	if err != nil { // the action is stored: say so, without the events
		s.log.Error("encoding an action's answer", "table", l.id, "seq", seq, "err", err)
		body, _ = actionResponse{Seq: seq, Events: []engine.Event{}}.appendJSON((*buf)[:0])
	}
	body = append(body, '\n') // as json.Encoder ends it
	if cap(body) <= maxAnswerBuf {
		*buf = body
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(body)
}

// answerBufs holds the buffers that actions' answers are encoded in, so
// that answering allocates nothing; one grown past maxAnswerBuf (a game
// whose action told a long story) is not kept.
var answerBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxAnswerBuf = 16 << 10

func (s *Server) apiExport(w http.ResponseWriter, r *http.Request) {
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	body, err := exportJSON(l)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="tabletop-`+l.id+`.json"`)
	w.Write(body)
}

// exportJSON is the finished table's export with its seed, for tabletop
// verify. Before the end it is refused: the log holds sealed choices and
// private events, and the seed is secret.
func exportJSON(l *live) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, over := l.tab.Over(); !over {
		return nil, errNotOver
	}
	body, err := json.MarshalIndent(l.tab.Export(true), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("server: export of %s: %w", l.id, err)
	}
	return append(body, '\n'), nil
}

func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.apiReader(w, r)
	if !ok {
		return
	}
	from, err := resumeFrom(r)
	if err == nil {
		var explain bool
		if explain, err = wantExplain(r); err == nil {
			s.stream(w, r, l, seat, from, true, explain, jsonEvents)
			return
		}
	}
	s.apiError(w, r, err)
}

// wantExplain reports whether a request for a seat's state asks for the
// explanation of each legal action (the "explain" query parameter: 1 or
// true; 0, false or none: not).
func wantExplain(r *http.Request) (bool, error) {
	switch v := r.URL.Query().Get("explain"); v {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	default:
		return false, errorf(http.StatusBadRequest, "bad_request", "explain must be 1 or 0 (true or false), not "+engine.Quote(v))
	}
}

// jsonEvents appends new log lines and the state to b as JSON events.
func jsonEvents(b []byte, lines []logLine, st seatState, _ bool) ([]byte, error) {
	var err error
	for _, ln := range lines {
		if b, err = appendJSONEvent(b, "entry", ln.Seq, ln.appendJSON); err != nil {
			return nil, err
		}
	}
	return appendJSONEvent(b, "state", st.Seq, st.appendJSON)
}

// apiReader loads the table of the request's {id} and the seat its bearer
// token reads as (a spectator without one), answering the error itself and
// returning ok false if either fails.
//
// A request that posts or carries a token passes the client's rate limit
// first, and a token that is not spelt as tokens are is refused before the
// table is looked up.
func (s *Server) apiReader(w http.ResponseWriter, r *http.Request) (*live, engine.Seat, bool) {
	token := bearer(r)
	if token != "" || r.Method == http.MethodPost {
		if err := s.allow(r); err != nil {
			s.apiError(w, r, err)
			return nil, 0, false
		}
	}
	if token != "" && !wellFormedToken(token) {
		s.apiError(w, r, errBadToken)
		return nil, 0, false
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return nil, 0, false
	}
	if token == "" {
		return l, engine.Spectator, true
	}
	l, seat, ok := s.seatOf(r.Context(), l, token)
	if !ok {
		s.apiError(w, r, errBadToken)
		return nil, 0, false
	}
	return l, seat, true
}
