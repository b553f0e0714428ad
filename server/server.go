// Package server serves tables over HTTP: a lobby and table pages rendered on
// the server and updated live with Server-Sent Events, and a JSON API beside
// them (docs/api.md). It keeps tables in a store.Store, rebuilds their state
// by replay, runs bot seats, and hands each seat, spectator and API client
// only what engine.State.View and engine.Event.For allow it to see.
package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/store"
)

// Config is what a Server needs. Store and Games are required.
type Config struct {
	Store  store.Store
	Games  *engine.Registry
	Logger *slog.Logger // default: slog.Default()
	// MaxLive bounds the tables kept in memory (default 1000), and
	// MaxLiveBytes their estimated size (default 256 MiB; see liveBytes):
	// past either, the least recently used idle tables (nobody watching, no
	// bot playing) are dropped and replayed again when needed.
	MaxLive      int
	MaxLiveBytes int64
	// TablesPerClient is how many tables one client address may create in
	// an hour (default 30), TablesPerHour how many all clients together may
	// (default 600): past them, creating a table is refused (429, 503).
	// Negative: no limit.
	TablesPerClient int
	TablesPerHour   int
	// StreamsPerClient is how many event streams (pages and API, seats and
	// spectators) one client address may hold open at once (default 100;
	// negative: no limit): past it a new one is refused (429), so that one
	// client cannot take every connection and all memory with streams.
	StreamsPerClient int
	// BotPace is the pause before each bot move at a table where only bots
	// play while someone watches it, so that people can follow the game
	// (default 500ms; negative: none). Unwatched, bots play at full speed.
	BotPace time.Duration
	// BotWorkers bounds how many bot moves are chosen at once across all
	// tables (default GOMAXPROCS), so that bot tables share the CPU with
	// everything else however many there are.
	BotWorkers int
	// ActionRate and ActionBurst set the token bucket that limits the
	// actions of each seat, keyed by table and seat once the seat's token
	// is known to be good (default 20/s, burst 40; negative: no limit).
	ActionRate  float64
	ActionBurst int
	// ClientRate and ClientBurst set the token bucket per client address
	// that every POST and every request carrying a seat token passes
	// before anything is looked up, so that junk tokens cost a bucket per
	// address and never one per token (default 50/s, burst 100; negative:
	// no limit).
	ClientRate  float64
	ClientBurst int
	// TrustProxy says the server runs behind a reverse proxy that appends
	// each client's address to X-Forwarded-For: the limits per client then
	// key on the last address there instead of the connection's, which is the proxy's for everyone. Leave it off without
	// such a proxy, or anyone may pick their own key.
	TrustProxy bool
	// SnapshotEvery is how many log entries a table gains between two
	// snapshots (engine.Snapshot), from which it is rebuilt after a restart
	// or an eviction instead of replaying its whole log; default 200,
	// negative: never. Games without snapshots are always replayed.
	SnapshotEvery int
	// PublicURL is the scheme, host and port people reach the server at
	// ("https://games.example.org"): invite links shown on pages start with
	// it, and form posts from it are same-site. Links are never built from
	// a request's Host header, which the client writes. Default "": the
	// pages show links relative to themselves.
	PublicURL string
	// Now returns the current time; default time.Now.
	Now func() time.Time
	// NewSeed returns a new table's secret dice seed; default dice.NewSeed
	// (crypto/rand). Tests fix it so that their games are reproducible.
	NewSeed func() dice.Seed
	// BotLease is how long this instance's lease of a table's bots lasts
	// when the store leases them (store.Leaser, several instances): it is
	// renewed at every bot turn, and another instance takes the bots over
	// once it runs out. Default 15s.
	BotLease time.Duration
	// IdleEvict is how long a table may go without any request asking for
	// it before it is dropped from memory (if nobody watches it and no bot
	// plays it); its next request rebuilds it from its snapshot and log.
	// Default 10 minutes; negative: never.
	IdleEvict time.Duration
	// Metrics receives the server's metrics, served at /metrics; default:
	// a set of its own (NewMetrics). Pass one in to share it with the
	// store's commit hook.
	Metrics *Metrics
	// AccessLog logs one line per request (method, route, status,
	// duration) at info level; event streams are logged at debug level,
	// one line when they end. Default off.
	AccessLog bool
	// StreamGather is how long an event stream waits, once its table has
	// changed, for more changes before it renders and sends them: the
	// moves of a round, made within milliseconds of each other, then cost
	// one rendering of the state and one write instead of one each.
	// Default 2ms; negative: none.
	StreamGather time.Duration
}

// Server is the HTTP service. Create it with New, serve Handler, and Close it
// to stop its bots and streams.
type Server struct {
	store   store.Store
	games   *engine.Registry
	log     *slog.Logger
	now     func() time.Time
	newSeed func() dice.Seed
	limit   *limiter // per seat
	clients *limiter // per client address
	streams *streamSlots
	created *limiter // tables created per client address
	total   *limiter // tables created by everyone
	// Config.TablesPerClient and TablesPerHour, for messages
	perClient, perHour int
	botPace            time.Duration
	botSlots           chan struct{} // one per bot move being chosen
	maxLive            int
	maxBytes           int64
	pages              *pages
	snapAt             int    // Config.SnapshotEvery
	proxied            bool   // Config.TrustProxy
	public             string // Config.PublicURL, without a final slash
	csrf               *http.CrossOriginProtection
	peers              peers // other instances on the same store (instances.go)
	metrics            *Metrics
	idleAfter          time.Duration // Config.IdleEvict
	accessLog          bool
	gathering          gatherer // the streams' gather (Config.StreamGather; streamconn.go)
	beats              beats    // their heartbeat

	mu        sync.Mutex
	live      map[string]*live
	watched   map[string]*watchers // per table id: the streams that follow it, on taken-over connections or in their handlers (streamconn.go)
	liveBytes int64                // the sum of the live tables' size estimates
	closed    bool

	// botsStopped, if set (by tests), is called by a bot runner that has
	// just decided to stop, after it let go of the table's lock.
	botsStopped func(l *live)

	// writes is the context that writes to the store share (writeContext).
	writes struct {
		mu     sync.Mutex
		ctx    context.Context
		cancel context.CancelFunc // never called: the deadline ends ctx
		until  time.Time          // when the next write makes a new one
	}

	ctx    context.Context // ends when the server closes: stops bots and streams
	cancel context.CancelFunc
	bg     sync.WaitGroup // bot goroutines and snapshot writes
}

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxLive <= 0 {
		cfg.MaxLive = 1000
	}
	if cfg.MaxLiveBytes <= 0 {
		cfg.MaxLiveBytes = 256 << 20
	}
	if cfg.TablesPerClient == 0 {
		cfg.TablesPerClient = 30
	}
	if cfg.TablesPerHour == 0 {
		cfg.TablesPerHour = 600
	}
	if cfg.StreamsPerClient == 0 {
		cfg.StreamsPerClient = 100
	}
	if cfg.BotPace == 0 {
		cfg.BotPace = 500 * time.Millisecond
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.GOMAXPROCS(0)
	}
	if cfg.ActionRate == 0 {
		cfg.ActionRate, cfg.ActionBurst = 20, 40
	}
	if cfg.ClientRate == 0 {
		cfg.ClientRate, cfg.ClientBurst = 50, 100
	}
	if cfg.SnapshotEvery == 0 {
		cfg.SnapshotEvery = 200
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = dice.NewSeed
	}
	if cfg.IdleEvict == 0 {
		cfg.IdleEvict = 10 * time.Minute
	}
	if cfg.StreamGather == 0 {
		cfg.StreamGather = 2 * time.Millisecond
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	p, err := loadPages(cfg.Games)
	if err != nil {
		return nil, err
	}
	public := strings.TrimSuffix(cfg.PublicURL, "/")
	csrf := http.NewCrossOriginProtection()
	if public != "" {
		if err := csrf.AddTrustedOrigin(public); err != nil {
			return nil, fmt.Errorf("server: public URL %q: want scheme://host[:port]: %w", cfg.PublicURL, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		store: cfg.Store, games: cfg.Games, log: cfg.Logger, now: cfg.Now, newSeed: cfg.NewSeed,
		limit:     newLimiter(cfg.ActionRate, cfg.ActionBurst, cfg.Now),
		clients:   newLimiter(cfg.ClientRate, cfg.ClientBurst, cfg.Now),
		streams:   &streamSlots{max: cfg.StreamsPerClient, open: make(map[string]int)},
		created:   newLimiter(float64(cfg.TablesPerClient)/3600, cfg.TablesPerClient, cfg.Now),
		total:     newLimiter(float64(cfg.TablesPerHour)/3600, cfg.TablesPerHour, cfg.Now),
		perClient: cfg.TablesPerClient, perHour: cfg.TablesPerHour, botPace: cfg.BotPace,
		botSlots: make(chan struct{}, cfg.BotWorkers), maxLive: cfg.MaxLive, maxBytes: cfg.MaxLiveBytes, pages: p,
		snapAt: cfg.SnapshotEvery, proxied: cfg.TrustProxy, public: public, csrf: csrf, live: make(map[string]*live), watched: make(map[string]*watchers), ctx: ctx, cancel: cancel,
		metrics: cfg.Metrics, accessLog: cfg.AccessLog, idleAfter: cfg.IdleEvict,
	}
	s.gathering.wait = cfg.StreamGather
	s.metrics.registerTables(s)
	if s.idleAfter > 0 && s.background() {
		go s.sweepIdle()
	}
	s.startPeers(cfg.BotLease)
	return s, nil
}

// Close ends every live stream, each with a last event that tells its
// client to reconnect (to the next server), and waits for running bots to
// stop. /healthz answers 503 from then on. It does not close the store.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.bg.Wait()
	return nil
}

// Handler returns the HTTP handler with every route.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	// Operations (docs/operations.md).
	// /metrics is not here: served on the public address, its counters and
	// the timing of their changes could tell a watcher when a seat answered
	// inside an answer window. It is on serve's --debug-addr (loopback).
	mux.HandleFunc("GET /healthz", s.healthz)
	// JSON API (docs/api.md).
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/tables", s.apiListTables)
	mux.HandleFunc("POST /api/tables", s.apiCreateTable)
	mux.HandleFunc("POST /api/tables/{id}/join", s.apiJoin)
	mux.HandleFunc("POST /api/tables/{id}/seats/{seat}/join", s.apiJoinSeat)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("POST /api/tables/{id}/actions", s.apiAct)
	mux.HandleFunc("GET /api/tables/{id}/events", s.apiEvents)
	mux.HandleFunc("GET /api/tables/{id}/export", s.apiExport)
	mux.HandleFunc("POST /api/tables/{id}/rematch", s.apiRematch)
	// Pages.
	mux.HandleFunc("GET /{$}", s.pageLobby)
	mux.HandleFunc("GET /new/{game}", s.pageNew)
	mux.HandleFunc("POST /new/{game}", s.pageCreate)
	mux.HandleFunc("POST /play/{game}", s.pagePlayNow)
	mux.HandleFunc("GET /t/{id}/created", s.pageCreated)
	mux.HandleFunc("GET /t/{id}/join", s.pageJoinForm)
	mux.HandleFunc("POST /t/{id}/join", s.pageJoin)
	mux.HandleFunc("GET /t/{id}", s.pageTable)
	mux.HandleFunc("GET /t/{id}/events", s.pageEvents)
	mux.HandleFunc("GET /t/{id}/export", s.pageExport)
	mux.HandleFunc("GET /t/{id}/s/{token}", s.pageTable)
	mux.HandleFunc("GET /t/{id}/s/{token}/events", s.pageEvents)
	mux.HandleFunc("POST /t/{id}/s/{token}/act", s.pageAct)
	mux.HandleFunc("POST /t/{id}/s/{token}/rematch", s.pageRematch)
	mux.HandleFunc("GET /t/{id}/rematch", s.pageRematchOf)
	mux.HandleFunc("POST /t/{id}/bots", s.pageBots)
	mux.HandleFunc("GET /t/{id}/replay", s.pageReplay)
	mux.Handle("GET /static/", http.StripPrefix("/static/", s.staticHandler()))
	mux.HandleFunc("GET /games/{game}/static/{file...}", s.gameStatic)
	mux.HandleFunc("GET /games/{game}/rules", s.pageRules)
	mux.HandleFunc("GET /games/{game}/tools/{tool}", s.pageTool)
	mux.HandleFunc("POST /games/{game}/tools/{tool}", s.pageTool)
	mux.HandleFunc("GET /odds", s.pageOdds)
	mux.HandleFunc("/", s.notFound(mux))
	// Cross-site posts (a form on another site, a script there) are
	// refused: Sec-Fetch-Site, or else Origin against Host, must say the
	// request comes from our own pages. Clients that are not browsers send
	// neither header and pass.
	s.csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, errorf(http.StatusForbidden, "cross_site", "a request from another site was refused: act from this site's own pages"))
	}))
	return s.logRequests(s.headers(s.csrf.Handler(mux)))
}

// fail answers err as JSON on the API's addresses and as a page elsewhere.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		s.apiError(w, r, err)
		return
	}
	s.pageError(w, r, err)
}

// notFound answers a request no route takes: 405 with the methods the
// address does take in Allow, if it takes any, else 404.
func (s *Server) notFound(mux *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := mux.Handler(probe); pattern != "/" {
				allow = append(allow, m)
				if m == http.MethodGet {
					allow = append(allow, http.MethodHead)
				}
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			s.fail(w, r, errorf(http.StatusMethodNotAllowed, "method_not_allowed", fmt.Sprintf("this address takes %s, not %s", strings.Join(allow, ", "), r.Method)))
			return
		}
		s.fail(w, r, errorf(http.StatusNotFound, "not_found", "there is no page here"))
	}
}

// headers sets the security headers every response carries. Pages hold seat
// tokens in their URLs, so no Referer is ever sent and nothing is cached.
func (s *Server) headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The values are shared by every response rather than made by
		// Header.Set for each (five allocations per request): a handler
		// that sets or adds one replaces the slice, never writes into it
		// (each has length and capacity 1, so append copies).
		h := w.Header()
		h["Content-Security-Policy"] = cspHeader
		h["Referrer-Policy"] = noReferrer
		h["X-Content-Type-Options"] = noSniff
		h["X-Frame-Options"] = denyFrames
		if len(r.URL.Path) < len("/static/") || r.URL.Path[:len("/static/")] != "/static/" {
			h["Cache-Control"] = noStore
		}
		next.ServeHTTP(w, r)
	})
}

// The header values every response gets (headers), with canonical keys.
var (
	cspHeader  = []string{"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"}
	noReferrer = []string{"no-referrer"}
	noSniff    = []string{"nosniff"}
	denyFrames = []string{"DENY"}
	noStore    = []string{"no-store"}
)

// newID returns n random bytes in base64url: table ids (16 bytes) and seat
// tokens (32 bytes) are unguessable.
func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// clientKey is the rate limiter's key for a request: the client's address, which behind a trusted proxy (Config.TrustProxy) is
// the last one in X-Forwarded-For, the one the proxy added.
func clientKey(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xs := r.Header.Values("X-Forwarded-For"); len(xs) > 0 {
			last := xs[len(xs)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if last = strings.TrimSpace(last); last != "" {
				return "ip:" + last
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return "ip:" + host
}

// pages holds the parsed templates: one set per game template and one
// generic set.
type pages struct {
	base    *template.Template
	perGame map[string]*template.Template
	rules   map[string]template.HTML       // each game's rules summary, rendered
	tools   map[string][]gameTool          // each game's tools (engine.Tooler)
	listed  map[string][]engine.OptionSpec // each game's options of a listed table (listedSchemas)
}
