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
	"html/template"
	"log/slog"
	"net"
	"net/http"
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
	// MaxLive bounds the tables kept in memory (default 1000); the least
	// recently used idle table is dropped and replayed again when needed.
	MaxLive int
	// ActionRate and ActionBurst set the token bucket that limits POST
	// requests per client address and per seat (default 20/s, burst 40).
	ActionRate  float64
	ActionBurst int
	// TrustProxy says the server runs behind a reverse proxy that appends
	// each client's address to X-Forwarded-For: requests without a seat
	// token are then rate limited by the last address there instead of the
	// connection's, which is the proxy's for everyone. Leave it off without
	// such a proxy, or anyone may pick their own key.
	TrustProxy bool
	// SnapshotEvery is how many log entries a table gains between two
	// snapshots (engine.Snapshot), from which it is rebuilt after a restart
	// or an eviction instead of replaying its whole log; default 200,
	// negative: never. Games without snapshots are always replayed.
	SnapshotEvery int
	// Now returns the current time; default time.Now.
	Now func() time.Time
	// NewSeed returns a new table's secret dice seed; default dice.NewSeed
	// (crypto/rand). Tests fix it so that their games are reproducible.
	NewSeed func() dice.Seed
}

// Server is the HTTP service. Create it with New, serve Handler, and Close it
// to stop its bots and streams.
type Server struct {
	store   store.Store
	games   *engine.Registry
	log     *slog.Logger
	now     func() time.Time
	newSeed func() dice.Seed
	limit   *limiter
	maxLive int
	pages   *pages
	snapAt  int  // Config.SnapshotEvery
	proxied bool // Config.TrustProxy

	mu     sync.Mutex
	live   map[string]*live
	closed bool

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
	if cfg.ActionRate == 0 {
		cfg.ActionRate, cfg.ActionBurst = 20, 40
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
	p, err := loadPages(cfg.Games)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{
		store: cfg.Store, games: cfg.Games, log: cfg.Logger, now: cfg.Now, newSeed: cfg.NewSeed,
		limit: newLimiter(cfg.ActionRate, cfg.ActionBurst, cfg.Now), maxLive: cfg.MaxLive, pages: p,
		snapAt: cfg.SnapshotEvery, proxied: cfg.TrustProxy, live: make(map[string]*live), ctx: ctx, cancel: cancel,
	}, nil
}

// Close ends every live stream and waits for running bots to stop. It does
// not close the store.
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
	// JSON API (docs/api.md).
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/tables", s.apiListTables)
	mux.HandleFunc("POST /api/tables", s.apiCreateTable)
	mux.HandleFunc("POST /api/tables/{id}/join", s.apiJoin)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("POST /api/tables/{id}/actions", s.apiAct)
	mux.HandleFunc("GET /api/tables/{id}/events", s.apiEvents)
	mux.HandleFunc("GET /api/tables/{id}/export", s.apiExport)
	// Pages.
	mux.HandleFunc("GET /{$}", s.pageLobby)
	mux.HandleFunc("GET /new/{game}", s.pageNew)
	mux.HandleFunc("POST /new/{game}", s.pageCreate)
	mux.HandleFunc("GET /t/{id}", s.pageTable)
	mux.HandleFunc("GET /t/{id}/events", s.pageEvents)
	mux.HandleFunc("GET /t/{id}/export", s.pageExport)
	mux.HandleFunc("GET /t/{id}/s/{token}", s.pageTable)
	mux.HandleFunc("GET /t/{id}/s/{token}/events", s.pageEvents)
	mux.HandleFunc("POST /t/{id}/s/{token}/act", s.pageAct)
	mux.Handle("GET /static/", http.StripPrefix("/static/", staticHandler()))
	mux.HandleFunc("GET /games/{game}/static/{file...}", s.gameStatic)
	mux.HandleFunc("GET /games/{game}/rules", s.pageRules)
	mux.HandleFunc("GET /odds", s.pageOdds)
	mux.HandleFunc("/", s.pageNotFound)
	return s.headers(mux)
}

// headers sets the security headers every response carries. Pages hold seat
// tokens in their URLs, so no Referer is ever sent and nothing is cached.
func (s *Server) headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		if len(r.URL.Path) < len("/static/") || r.URL.Path[:len("/static/")] != "/static/" {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// newID returns n random bytes in base64url: table ids (16 bytes) and seat
// tokens (32 bytes) are unguessable.
func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// clientKey is the rate limiter's key for a request without a seat token:
// the client's address, which behind a trusted proxy (Config.TrustProxy) is
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
	rules   map[string]template.HTML // each game's rules summary, rendered
}
