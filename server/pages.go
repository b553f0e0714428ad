package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/store"
	"tabletop/web"
)

// loadPages parses the page templates, and for each game that brings its own
// presentation (engine.Presenter) a copy in which the game's view.html
// defines "view", with the game's template functions, and "gamehead" links
// the game's stylesheet if it has one (static/style.css).
func loadPages(reg *engine.Registry) (*pages, error) {
	funcs := template.FuncMap{"tree": tree, "has": slices.Contains[[]int], "optionLabel": optionLabel, "json": func(v any) (string, error) {
		b, err := json.Marshal(v)
		return string(b), err
	}}
	base, err := template.New("").Funcs(funcs).ParseFS(web.FS,
		"templates/base.html", "templates/lobby.html", "templates/new.html",
		"templates/created.html", "templates/table.html", "templates/view.html", "templates/rules.html", "templates/odds.html", "templates/seats.html", "templates/replay.html", "templates/tool.html", "templates/join.html")
	if err != nil {
		return nil, fmt.Errorf("server: templates: %w", err)
	}
	p := &pages{base: base, perGame: map[string]*template.Template{}, rules: map[string]template.HTML{}, tools: map[string][]gameTool{}, listed: listedSchemas(reg)}
	for _, info := range reg.Infos() {
		g, _ := reg.Game(info.ID)
		pr, ok := g.(engine.Presenter)
		if !ok {
			if _, tools := g.(engine.Tooler); tools {
				return nil, fmt.Errorf("server: %s offers tools but no pages to draw them with (engine.Presenter)", info.ID)
			}
			continue
		}
		t, err := gamePages(base, info.ID, pr)
		if err != nil {
			return nil, fmt.Errorf("server: templates of %s: %w", info.ID, err)
		}
		p.perGame[info.ID] = t
		if p.rules[info.ID], err = rulesHTML(pr.Pages()); err != nil {
			return nil, fmt.Errorf("server: %s: %w", info.ID, err)
		}
		if tr, ok := g.(engine.Tooler); ok {
			if p.tools[info.ID], err = loadTools(t, info.ID, tr, pr); err != nil {
				return nil, fmt.Errorf("server: tools of %s: %w", info.ID, err)
			}
		}
	}
	return p, nil
}

// gamePages is base with a game's own templates added.
func gamePages(base *template.Template, id string, pr engine.Presenter) (*template.Template, error) {
	t, err := base.Clone()
	if err != nil {
		return nil, err
	}
	files := pr.Pages()
	// A game may bring its rules before its own view: without view.html
	// its tables get the generic view.
	if _, err := fs.Stat(files, "view.html"); err == nil {
		if _, err := t.Funcs(pr.Funcs()).ParseFS(files, "view.html"); err != nil {
			return nil, err
		}
	}
	if _, err := fs.Stat(files, "static/style.css"); err == nil {
		style := "/games/" + id + "/static/style.css"
		link := `{{define "gamehead"}}<link rel="stylesheet" href="{{gameStyle}}">{{end}}`
		if _, err := t.Funcs(template.FuncMap{"gameStyle": func() string { return style }}).Parse(link); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// forGame returns the template set that renders game's tables.
func (p *pages) forGame(game string) *template.Template {
	if t, ok := p.perGame[game]; ok {
		return t
	}
	return p.base
}

// gameStatic serves one file of the static/ folder of the game named in
// the path; folders are not listed.
func (s *Server) gameStatic(w http.ResponseWriter, r *http.Request) {
	g, err := s.games.Game(r.PathValue("game"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	pr, ok := g.(engine.Presenter)
	name := "static/" + r.PathValue("file")
	if !ok || !fs.ValidPath(name) {
		http.NotFound(w, r)
		return
	}
	if fi, err := fs.Stat(pr.Pages(), name); err != nil || !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.ServeFileFS(w, r, pr.Pages(), name)
}

// staticHandler serves the files under web/static, and no directory
// listings: a directory is not found.
func (s *Server) staticHandler() http.Handler {
	sub, err := fs.Sub(web.FS, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if fi, err := fs.Stat(sub, name); name == "" || err != nil || fi.IsDir() {
			s.pageNotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})
}

// render executes a template into a buffer first, so that a failing template
// never sends half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, t *template.Template, name string, status int, data any) {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		s.log.Error("rendering a page", "route", r.Pattern, "template", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// pageError shows err as a page, with the status and message the API gives.
func (s *Server) pageError(w http.ResponseWriter, r *http.Request, err error) {
	e := s.classify(r, err)
	title := http.StatusText(e.Status)
	s.render(w, r, s.pages.base, "error", e.Status, struct{ Title, Msg string }{title, e.Msg})
}

func (s *Server) pageNotFound(w http.ResponseWriter, r *http.Request) {
	s.pageError(w, r, errorf(http.StatusNotFound, "not_found", "there is no page here"))
}

func (s *Server) pageLobby(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.ListOpen(r.Context(), listLimit)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	infos := s.games.Infos()
	names := map[string]string{}
	for _, info := range infos {
		names[info.ID] = info.Name
	}
	s.render(w, r, s.pages.base, "lobby", http.StatusOK, struct {
		Title     string
		Games     []engine.Info
		GameNames map[string]string
		Tables    []lobbyRow
		Rules     map[string]template.HTML
		PlayNow   map[string]bool
		Tools     map[string][]engine.Tool
	}{"Lobby", infos, names, lobbyRows(list, s.pages.listed), s.pages.rules, playNowGames(s.games), s.pages.toolLinks()})
}

// lobbyRow is a table as the lobby lists it, with its open seats marked.
type lobbyRow struct {
	ID, Game string
	Seq      int
	Seats    []lobbySeat
	Joinable bool     // it has an open seat
	Settings []string // its options that differ from the game's defaults (optionSettings)
}

type lobbySeat struct {
	engine.SeatInfo
	Open bool
}

// lobbyRows are the lobby's rows of list; schemas are the options of a
// listed table of each installed game (listedSchemas; a table of a game
// not installed has no settings).
func lobbyRows(list []store.Summary, schemas map[string][]engine.OptionSpec) []lobbyRow {
	rows := make([]lobbyRow, len(list))
	for i, t := range list {
		rows[i] = lobbyRow{ID: t.ID, Game: t.Game, Seq: t.Seq, Joinable: len(t.Open) > 0}
		rows[i].Settings = optionSettings(schemas[t.Game], t.Options)
		for j, si := range t.Seats {
			rows[i].Seats = append(rows[i].Seats, lobbySeat{si, slices.Contains(t.Open, j)})
		}
	}
	return rows
}

// playNowGames are the games the lobby offers to play now against bots.
func playNowGames(reg *engine.Registry) map[string]bool {
	out := map[string]bool{}
	for _, id := range reg.IDs() {
		g, _ := reg.Game(id)
		out[id] = engine.BotsCanPlay(g)
	}
	return out
}

// newForm is the new-table form of one game.
type newForm struct {
	Title  string
	Info   engine.Info
	Values map[string]string
	Seats  []seatRow
	Error  string
	Table  []engine.OptionSpec // the options every table takes (engine.TableOptions)
}

type seatRow struct {
	Index, N int
	Name     string
	GM       bool // the game master's seat: a person's, by invite link
	Choices  []choice
}

type choice struct {
	Value, Label string
	Selected     bool
}

func (s *Server) newForm(g engine.Game, r *http.Request) newForm {
	info := g.Info()
	f := newForm{Title: "New " + info.Name + " table", Info: info, Values: map[string]string{}, Table: engine.TableOptions}
	for _, o := range info.Options {
		f.Values[o.Name] = o.Default
		if r != nil && r.PostForm.Has("opt."+o.Name) {
			f.Values[o.Name] = formValue(r, "opt."+o.Name, o.Kind)
		}
	}
	for i := range info.MaxSeats {
		row := seatRow{Index: i, N: i + 1, Name: fmt.Sprintf("Player %d", i+1)}
		who := "person"
		if i >= info.Usual() {
			who = "none"
		}
		if r != nil {
			row.Name = r.PostFormValue(fmt.Sprintf("seat%d.name", i))
			who = r.PostFormValue(fmt.Sprintf("seat%d.who", i))
		}
		if i >= info.MinSeats {
			row.Choices = append(row.Choices, choice{"none", "nobody (no seat)", who == "none"})
		}
		row.Choices = append(row.Choices, choice{"person", "a person (invite link)", who == "person"})
		if row.GM = info.GMSeat && i == 0; row.GM {
			f.Seats = append(f.Seats, row)
			continue
		}
		if info.MaxGMs > 1 {
			row.Choices = append(row.Choices, choice{"gm", "a co-game master (invite link)", who == "gm"})
		}
		row.Choices = append(row.Choices, choice{"open", "anyone who joins from the lobby", who == "open"})
		for _, b := range bots.Names(g) {
			row.Choices = append(row.Choices, choice{"bot:" + b, "bot: " + b, who == "bot:"+b})
		}
		f.Seats = append(f.Seats, row)
	}
	return f
}

// formValue reads an option from a form; a checkbox sends "false" from its
// hidden twin and "true" when checked.
func formValue(r *http.Request, name string, kind engine.OptionKind) string {
	vs := r.PostForm[name]
	if kind == engine.OptionBool {
		for _, v := range vs {
			if v == "true" {
				return "true"
			}
		}
		return "false"
	}
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}

func (s *Server) pageNew(w http.ResponseWriter, r *http.Request) {
	g, ok := s.pageGame(w, r)
	if !ok {
		return
	}
	s.render(w, r, s.pages.base, "new", http.StatusOK, s.newForm(g, nil))
}

func (s *Server) pageCreate(w http.ResponseWriter, r *http.Request) {
	g, ok := s.allowedGame(w, r)
	if !ok {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxCreateBytes)
	if err := r.ParseForm(); err != nil {
		s.pageError(w, r, formError(err))
		return
	}
	info := g.Info()
	req := createRequest{Game: info.ID, Options: engine.Options{}, Listed: r.PostFormValue("listed") == "true"}
	for _, o := range append(slices.Clone(info.Options), engine.TableOptions...) {
		if r.PostForm.Has("opt." + o.Name) {
			req.Options[o.Name] = formValue(r, "opt."+o.Name, o.Kind)
		}
	}
	for i := range info.MaxSeats {
		who := r.PostFormValue(fmt.Sprintf("seat%d.who", i))
		name := strings.TrimSpace(r.PostFormValue(fmt.Sprintf("seat%d.name", i)))
		switch {
		case who == "" || who == "none":
			continue
		case who == "person":
			req.Seats = append(req.Seats, seatRequest{Name: name})
		case who == "gm":
			// A co-GM: the first row, always a person's, is the lead. A
			// game that seats no more GMs refuses them as the API does.
			if len(req.Seats) > 0 && info.GMSeat {
				req.Seats[0].GM = true
			}
			req.Seats = append(req.Seats, seatRequest{Name: name, GM: true})
		case who == "open":
			req.Seats = append(req.Seats, seatRequest{Name: name, Open: true})
		case strings.HasPrefix(who, "bot:"):
			req.Seats = append(req.Seats, seatRequest{Name: name, Bot: strings.TrimPrefix(who, "bot:")})
		default:
			s.pageError(w, r, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: %s is not a person, a bot or nobody", i+1, engine.Quote(who))))
			return
		}
	}
	// A table of bots only waits for its creator, on the way to watch it.
	l, tokens, err := s.createTable(r.Context(), clientKey(r, s.proxied), req, botAwait)
	if err != nil {
		e := s.classify(r, err)
		f := s.newForm(g, r)
		f.Error = e.Msg
		s.render(w, r, s.pages.base, "new", e.Status, f)
		return
	}
	http.Redirect(w, r, createdURL(l.id, tokens), http.StatusSeeOther)
}

func formError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return err
	}
	return errorf(http.StatusBadRequest, "bad_request", "malformed form")
}

// tablePage is the data of a table page and of its live fragments.
type tablePage struct {
	seatState
	Title     string
	SeatName  string
	Log       []logLine
	Groups    []actionGroup
	StreamURL string
	ActURL    string
	Error     string
	Ask       *askForm      // a question to answer first, with its "Yes" form
	Rules     template.HTML // the game's rules summary, on the full page only
}

type actionGroup struct {
	Kind    string
	Actions []pageAction
	Helps   int  // actions with an Explain
	Pick    bool // offered as one list to pick from, not a button each
}

// pickOver is the most actions of one kind offered as a button each: a
// kind with more is offered as a list to pick from and one button, so that
// a big hand or stable (14 monsters make 148 actions) gives a handful
// of controls instead of a wall of buttons, at 360 px too.
const pickOver = 8

// pageAction is a legal action as the page offers it, with what it does
// (its Explain, set by stateFor) when the game says, and the question to
// answer before it is played (engine.Confirmer) if it asks for one.
type pageAction struct {
	legalAction
	Confirm string
}

// pageData builds the table page for seat. base is the page's own URL.
// Call with l.mu held.
func pageData(l *live, seat engine.Seat, base string, withLog bool) tablePage {
	st := stateFor(l, seat, true)
	p := tablePage{seatState: st, Title: st.GameName, StreamURL: base + "/events", ActURL: base + "/act"}
	if seat >= 0 {
		p.SeatName = l.tab.Seats()[seat].Name
	}
	p.Groups = groups(st)
	if withLog {
		p.Log = logFor(l, seat, 0)
	}
	return p
}

// groups groups a seat's legal actions by kind, keeping their order, each
// with what it does if the game explains its actions (set by stateFor).
func groups(st seatState) []actionGroup {
	var out []actionGroup
	for _, a := range st.Legal {
		k := slices.IndexFunc(out, func(g actionGroup) bool { return g.Kind == a.Kind })
		if k < 0 {
			out = append(out, actionGroup{Kind: a.Kind})
			k = len(out) - 1
		}
		pa := pageAction{legalAction: *a} // a copy: the table's is shared
		if a.Label != "" {
			// The button says what the game's label says (engine.Labeler,
			// set by stateFor): seats by name, a sample sheet's species.
			pa.Text = a.Label
		}
		if pa.Explain != "" {
			out[k].Helps++
		}
		pa.Confirm = engine.Confirm(a.action)
		out[k].Actions = append(out[k].Actions, pa)
	}
	for k := range out {
		// An action that asks to be confirmed keeps a button of its own,
		// behind its question (no list to pick it from).
		asks := slices.ContainsFunc(out[k].Actions, func(pa pageAction) bool { return pa.Confirm != "" })
		out[k].Pick = len(out[k].Actions) > pickOver && !asks
	}
	return out
}

// pageSeat resolves the table and seat of a page URL: /t/{id} for the
// spectator, /t/{id}/s/{token} for a seat. As in apiReader, a request that
// posts or carries a token passes the client's rate limit first, and a
// token not spelt as tokens are is refused before the table is looked up.
func (s *Server) pageSeat(r *http.Request) (*live, engine.Seat, string, error) {
	token := r.PathValue("token")
	if token != "" || r.Method == http.MethodPost {
		if err := s.allow(r); err != nil {
			return nil, 0, "", err
		}
	}
	if token != "" && !wellFormedToken(token) {
		return nil, 0, "", errBadToken
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, 0, "", err
	}
	base := "/t/" + l.id
	if token == "" {
		return l, engine.Spectator, base, nil
	}
	l, seat, ok := s.seatOf(r.Context(), l, token)
	if !ok {
		return nil, 0, "", errBadToken
	}
	return l, seat, base + "/s/" + token, nil
}

func (s *Server) pageTable(w http.ResponseWriter, r *http.Request) {
	s.showTable(w, r, http.StatusOK, "", nil)
}

// showTable answers with the table page as the request's seat sees it,
// with msg (a refusal) or ask (a question to answer first) in its flash.
func (s *Server) showTable(w http.ResponseWriter, r *http.Request, status int, msg string, ask *askForm) {
	l, seat, base, err := s.pageSeat(r)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	// The page is rendered while the table is locked: a game's view may
	// share memory with its state, which an action may change.
	var buf bytes.Buffer
	l.mu.Lock()
	p := pageData(l, seat, base, true)
	p.Error, p.Ask = msg, ask
	p.Rules = s.pages.rules[l.game.Info().ID]
	err = s.pages.forGame(l.game.Info().ID).ExecuteTemplate(&buf, "table", p)
	l.mu.Unlock()
	if err != nil {
		s.pageError(w, r, fmt.Errorf("server: rendering table %s: %w", l.id, err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func (s *Server) pageEvents(w http.ResponseWriter, r *http.Request) {
	l, seat, base, err := s.pageSeat(r)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	from, reset := 0, true
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			s.apiError(w, r, errorf(http.StatusBadRequest, "bad_request", "Last-Event-ID must be a log sequence number"))
			return
		}
		from, reset = n, false
	}
	g := l.game // the closure keeps no table: a stream may outlive its stay in memory
	t := s.pages.forGame(g.Info().ID)
	s.stream(w, r, l, seat, from, reset, true, func(out []byte, lines []logLine, st seatState, reset bool) ([]byte, error) {
		var buf bytes.Buffer
		if reset {
			if err := t.ExecuteTemplate(&buf, "log", lines); err != nil {
				return nil, err
			}
			out = appendEvent(out, sseEvent{name: "logall", id: st.Seq, data: buf.Bytes()})
		} else {
			for _, ln := range lines {
				buf.Reset()
				if err := t.ExecuteTemplate(&buf, "logline", ln); err != nil {
					return nil, err
				}
				out = appendEvent(out, sseEvent{name: "log", id: ln.Seq, data: buf.Bytes()})
			}
		}
		buf.Reset()
		p := tablePage{seatState: st, StreamURL: base + "/events", ActURL: base + "/act", Groups: groups(st)}
		if err := t.ExecuteTemplate(&buf, "state", p); err != nil {
			return nil, err
		}
		return appendEvent(out, sseEvent{name: "state", id: st.Seq, data: buf.Bytes()}), nil
	})
}

func (s *Server) pageAct(w http.ResponseWriter, r *http.Request) {
	htmx := r.Header.Get("HX-Request") == "true"
	fail := func(err error) {
		if !htmx {
			e := s.classify(r, err)
			if e.Status == http.StatusForbidden || e.Status == http.StatusNotFound {
				s.pageError(w, r, err)
				return
			}
			s.showTable(w, r, e.Status, e.Msg, nil)
			return
		}
		e := s.classify(r, err)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(e.Status)
		fmt.Fprintf(w, `<p class="error">%s</p>`, template.HTMLEscapeString(e.Msg))
	}
	l, seat, base, err := s.pageSeat(r)
	if err != nil {
		fail(err)
		return
	}
	if err := s.allowSeat(l, seat); err != nil {
		fail(err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxActionBytes)
	if err := r.ParseForm(); err != nil {
		fail(formError(err))
		return
	}
	// seq is where the log was when the page drew the form: the same form
	// sent again after the seat has acted makes no second move.
	renderedAt := -1
	if v := r.PostFormValue("seq"); v != "" {
		if renderedAt, err = strconv.Atoi(v); err != nil || renderedAt < 0 {
			fail(errorf(http.StatusBadRequest, "bad_request", "seq must be a log sequence number"))
			return
		}
	}
	kind, action := r.PostFormValue("kind"), r.PostFormValue("action")
	if action, err = formFields(action, r.PostForm); err != nil {
		fail(err)
		return
	}
	// A typed action that asks first (a GM's "end the session") is
	// played once the seat has said yes: the question's form sends it
	// again, confirmed.
	confirmed := r.PostFormValue("confirmed") == "yes"
	_, _, err = s.actOnce(r.Context(), l, seat, kind, json.RawMessage(action), renderedAt, !confirmed)
	if ae, ok := errors.AsType[*askError](err); ok {
		ask := &askForm{Question: ae.question, Action: ae.action.String(), ActURL: base + "/act",
			Seq: r.PostFormValue("seq"), Kind: kind, Body: action}
		if !htmx {
			s.showTable(w, r, http.StatusOK, "", ask)
			return
		}
		var buf bytes.Buffer
		if err := s.pages.forGame(l.game.Info().ID).ExecuteTemplate(&buf, "asktyped", ask); err != nil {
			fail(fmt.Errorf("server: rendering a question at table %s: %w", l.id, err))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(buf.Bytes())
		return
	}
	if err != nil {
		fail(err)
		return
	}
	if htmx {
		// The page updates through its stream; clear any old message.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "")
		return
	}
	http.Redirect(w, r, base, http.StatusSeeOther)
}

// askForm is the question the table page asks before a typed action that
// asks first (actChecked), in its flash, with what its "Yes" form posts:
// the same action, confirmed.
type askForm struct {
	Question string
	Action   string // the action asked about, in its text form
	ActURL   string
	Seq      string // the seq the typed action was posted with
	Kind     string
	Body     string // the action's JSON, as posted
}

func (s *Server) pageExport(w http.ResponseWriter, r *http.Request) {
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	body, err := exportJSON(l)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="tabletop-`+l.id+`.json"`)
	w.Write(body)
}

// optionSettings describes, in the schema's order, the options in opts that
// differ from their defaults, as the lobby shows them ("Turns 6", "Shared
// wins off", "Turn clock 600 s"): what a player would want to know about a
// table before joining it. An option opts lacks has its default.
func optionSettings(schema []engine.OptionSpec, opts engine.Options) []string {
	var out []string
	for _, spec := range schema {
		v, ok := opts[spec.Name]
		if !ok || v == spec.Default {
			continue
		}
		switch unit := optionUnits[spec.Name]; {
		case spec.Kind == engine.OptionBool && opts.Bool(spec.Name):
			v = "on"
		case spec.Kind == engine.OptionBool, unit != "" && v == "0":
			v = "off"
		default:
			v += unit
		}
		out = append(out, optionLabel(spec.Name)+" "+v)
	}
	return out
}

// optionUnits are the units of the table options every table takes, as the
// lobby shows them after a value.
var optionUnits = map[string]string{engine.OptTurnClock: " s", engine.OptBotPace: " ms"}

// listedSchemas are, by game id, the options a listed table may have: the
// game's, then the table options every table takes, with the defaults a
// listed table gets when its creator sets none (withClock's turn clock),
// so that the lobby names only a clock set otherwise.
func listedSchemas(reg *engine.Registry) map[string][]engine.OptionSpec {
	out := map[string][]engine.OptionSpec{}
	for _, id := range reg.IDs() {
		g, _ := reg.Game(id)
		listed, _ := withClock(g, engine.Options{}, true)
		schema := append(slices.Clip(g.Info().Options), engine.TableOptions...)
		for i, spec := range schema {
			if v, ok := listed[spec.Name]; ok {
				schema[i].Default = v
			}
		}
		out[id] = schema
	}
	return out
}

// optionLabel is an option's name as the new-table form labels it, for any
// game: words, not a field name ("tournament_every" reads "Tournament
// every", "turn-clock" "Turn clock"). The field keeps the name.
func optionLabel(name string) string {
	words := strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' }), " ")
	if words == "" {
		return name
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

// formFields adds to the action's JSON object the text fields a form names
// "action.NAME" (a game's page may name its text inputs so, which a browser
// without JavaScript posts as they are), each as the string field NAME,
// unless the JSON sets that field already (a page script may have written
// it). The JSON "" is taken as {}.
func formFields(action string, form url.Values) (string, error) {
	var fields map[string]string
	for key, vs := range form {
		if name, ok := strings.CutPrefix(key, "action."); ok && name != "" && len(vs) > 0 {
			if fields == nil {
				fields = make(map[string]string)
			}
			fields[name] = vs[0]
		}
	}
	if fields == nil {
		return action, nil
	}
	obj := map[string]json.RawMessage{}
	if strings.TrimSpace(action) != "" {
		if err := json.Unmarshal([]byte(action), &obj); err != nil {
			return "", errorf(http.StatusBadRequest, "bad_action", "the form's action is not a JSON object")
		}
	}
	for name, v := range fields {
		if _, set := obj[name]; !set {
			obj[name], _ = json.Marshal(v)
		}
	}
	b, err := json.Marshal(obj)
	return string(b), err
}
