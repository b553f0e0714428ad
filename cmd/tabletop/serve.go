package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"

	"tabletop/engine"
	"tabletop/server"
	"tabletop/store"
	"tabletop/store/sqlite"
)

func init() {
	register("serve", "host tables for browsers and the JSON API: tabletop serve [--addr 127.0.0.1:8080] [--db tabletop.db|postgres://…]", runServe)
}

// Main is the running server: its store, its HTTP service and the listener.
// Tests start the real thing with Addr "127.0.0.1:0".
type Main struct {
	Addr     string // host:port to listen on
	DB       string // SQLite file or postgres:// URL (openStore)
	SyncFull bool   // synchronous=FULL: commits survive power loss too
	// ActionRate is the actions per second each seat may post (burst:
	// twice that); 0 means the server's default (20/s),
	// negative means no limit (load tests).
	ActionRate float64
	// ClientRate is the requests per second each client address may make
	// that post or carry a seat token (burst: twice that), checked before
	// any token is looked up; 0 means the server's default (50/s),
	// negative means no limit.
	ClientRate float64
	// TrustProxy: the server is behind a reverse proxy that appends the
	// client's address to X-Forwarded-For (server.Config.TrustProxy).
	TrustProxy bool
	// PublicURL is where people reach the server (scheme://host[:port]):
	// invite links start with it. Default: http:// and the address listened
	// on.
	PublicURL string
	// WALLimit bounds the SQLite WAL in bytes (sqlite.Options.WALLimit);
	// 0 means its default (64 MiB).
	WALLimit int64
	// FoldRows, FoldEvery and GroupWait tune the SQLite writer
	// (sqlite.Options): when it folds its journal into the tables' logs,
	// and how long it waits for more writes to share a commit. 0 means the
	// store's default; a negative GroupWait, never wait.
	FoldRows  int
	FoldEvery time.Duration
	GroupWait time.Duration
	// TablesPerClient and TablesPerHour cap the tables one client address
	// and all clients together may create in an hour, MaxLiveBytes the
	// estimated memory of the tables kept in memory, and BotPace the pause
	// before each bot move at a watched bot-only table (server.Config); 0
	// means the server's default, negative means no limit.
	TablesPerClient, TablesPerHour int
	// StreamsPerClient bounds the event streams one client address holds
	// open (server.Config); 0: the server's default, negative: no limit.
	StreamsPerClient int
	MaxLiveBytes     int64
	// MaxLive bounds how many tables are kept in memory (server.Config);
	// 0 means the server's default (1,000).
	MaxLive int
	BotPace time.Duration
	// BotLease is how long an instance's claim on a table's bots lasts
	// on a shared PostgreSQL database (server.Config.BotLease); 0: 15s.
	BotLease time.Duration
	// DebugAddr, if set, is a second address (loopback only) that serves
	// /metrics and Go's profiles (/debug/pprof/) for operators.
	DebugAddr string
	// AccessLog logs one line per request (server.Config.AccessLog).
	AccessLog bool
	// IdleEvict drops tables untouched for that long from memory
	// (server.Config.IdleEvict); 0: the server's default.
	IdleEvict time.Duration
	Games     *engine.Registry // the games served
	Logger    *slog.Logger

	store  store.Store
	srv    *server.Server
	http   *http.Server
	ln     net.Listener
	served chan error
	debug  *http.Server // on DebugAddr, or nil
	dln    net.Listener // the debug listener

	closeOnce sync.Once
	closeErr  error
}

// Run starts listening, opens the store and serves in the background. It
// returns once the server accepts connections. It listens first, so that a
// busy port fails before any file is created, and the store refuses a
// database another server has open.
func (m *Main) Run(ctx context.Context) error {
	if m.Logger == nil {
		m.Logger = slog.Default()
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", m.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", m.Addr, err)
	}
	metrics := server.NewMetrics()
	st, err := openStoreWith(ctx, m.DB, sqlite.Options{SyncFull: m.SyncFull, WALLimit: m.WALLimit, FoldRows: m.FoldRows, FoldEvery: m.FoldEvery, GroupWait: m.GroupWait,
		OnCommit: metrics.ObserveCommit, OnFold: metrics.ObserveFold})
	if err != nil {
		ln.Close()
		return err
	}
	public := m.PublicURL
	if public == "" {
		public = "http://" + ln.Addr().String()
	}
	cfg := server.Config{Store: st, Games: m.Games, Logger: m.Logger, ActionRate: m.ActionRate, TrustProxy: m.TrustProxy, PublicURL: public,
		TablesPerClient: m.TablesPerClient, TablesPerHour: m.TablesPerHour, MaxLiveBytes: m.MaxLiveBytes, MaxLive: m.MaxLive, StreamsPerClient: m.StreamsPerClient, BotPace: m.BotPace, BotLease: m.BotLease,
		Metrics: metrics, AccessLog: m.AccessLog, IdleEvict: m.IdleEvict}
	if m.ActionRate > 0 {
		cfg.ActionBurst = max(1, int(2*m.ActionRate))
	}
	cfg.ClientRate = m.ClientRate
	if m.ClientRate > 0 {
		cfg.ClientBurst = max(1, int(2*m.ClientRate))
	}
	srv, err := server.New(cfg)
	if err != nil {
		st.Close()
		ln.Close()
		return err
	}
	m.store, m.srv, m.ln = st, srv, ln
	m.http = &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      time.Minute, // event streams extend their own deadline
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(m.Logger.Handler(), slog.LevelWarn),
	}
	m.served = make(chan error, 1)
	go func() { m.served <- m.http.Serve(ln) }()
	if m.DebugAddr != "" {
		if err := m.serveDebug(ctx); err != nil {
			m.Close()
			return err
		}
	}
	return nil
}

// serveDebug listens on DebugAddr, which must be a loopback address, and
// serves /metrics and the profiles there.
func (m *Main) serveDebug(ctx context.Context) error {
	host, _, err := net.SplitHostPort(m.DebugAddr)
	if ip := net.ParseIP(host); err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		return fmt.Errorf("debug address %s: want a loopback HOST:PORT (127.0.0.1:6060): profiles are for this machine only", m.DebugAddr)
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", m.DebugAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", m.DebugAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.srv.MetricsHandler())
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	m.debug, m.dln = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}, ln
	go m.debug.Serve(ln)
	return nil
}

// DebugURL is the address of the debug listener, as a URL, or "".
func (m *Main) DebugURL() string {
	if m.debug == nil {
		return ""
	}
	return "http://" + m.dln.Addr().String()
}

// URL is the address the server listens on, as a URL.
func (m *Main) URL() string { return "http://" + m.ln.Addr().String() }

// Close shuts down gracefully: it ends the live event streams and the bots,
// lets running requests finish (up to 10 seconds), then closes the store,
// which commits the appends already queued. Closing again does nothing.
func (m *Main) Close() error {
	if m.http == nil {
		return nil
	}
	m.closeOnce.Do(func() { m.closeErr = m.shutdown() })
	return m.closeErr
}

func (m *Main) shutdown() error {
	if m.debug != nil {
		m.debug.Close()
	}
	m.srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := m.http.Shutdown(ctx)
	if serr := <-m.served; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return errors.Join(err, m.store.Close())
}

func runServe(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "serve", "[--addr HOST:PORT] [--db FILE|URL] [--sync normal|full] [--rate N] [--client-rate N] [--public-url URL] [--tables-per-client N] [--tables-per-hour N] [--streams-per-client N] [--cache-mb MiB] [--cache-tables N] [--bot-pace D] [--wal-limit MiB] [--fold-rows N] [--fold-every D] [--group-wait D] [--trust-proxy] [--bot-lease D] [--idle-evict D] [--access-log] [--debug-addr 127.0.0.1:6060]\n\nServes the lobby, the table pages and the JSON API (docs/api.md), with\n/healthz and /metrics for operations (docs/operations.md). Tables\nand their logs are kept in an SQLite file or a PostgreSQL database (several\ninstances may share one: docs/operations.md); an action is acknowledged only\nonce it is stored. Stops gracefully on interrupt (Ctrl-C) or SIGTERM.")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	db := fs.String("db", defaultDB(), dbUsage)
	syncMode := fs.String("sync", "normal", "normal: commits survive a crash of the process; full: also a power loss (slower)")
	rate := fs.Float64("rate", 20, "actions per second each seat may post (burst: twice that); 0: no limit")
	clientRate := fs.Float64("client-rate", 50, "requests per second each client address may make that post or carry a seat token (burst: twice that), checked before any token is looked up; 0: no limit")
	publicURL := fs.String("public-url", "", "where people reach the server, e.g. https://games.example.org: invite links start with it (default: http:// and the address listened on)")
	walMB := fs.Int64("wal-limit", 64, "MiB past which the SQLite WAL is checkpointed and started over, holding up writes while it runs")
	foldRows := fs.Int("fold-rows", 4096, "SQLite: journal rows at which the writer moves them into the tables' logs, holding up writes while it runs (about 5 µs per row); sooner, from an eighth of them, once the journal holds 16 rows per table written since the last move; fewer rows make shorter pauses and cost more CPU per action")
	foldEvery := fs.Duration("fold-every", 2*time.Second, "SQLite: how old the journal's oldest row gets before the writer moves the journal into the tables' logs")
	groupWait := fs.Duration("group-wait", time.Millisecond, "SQLite: how long the writer waits for more writes, while they arrive together, so that they share one commit; 0: never wait (a little less latency under load, more CPU per action; a write that comes alone never waits)")
	perClient := fs.Int("tables-per-client", 30, "tables one client address may create in an hour; 0: no limit")
	perHour := fs.Int("tables-per-hour", 600, "tables all clients together may create in an hour; 0: no limit")
	liveMB := fs.Int64("cache-mb", 256, "MiB of tables (estimated) kept in memory; idle ones past it are dropped and replayed when needed")
	botPace := fs.Duration("bot-pace", 500*time.Millisecond, "pause before each bot move at a table where only bots play while someone watches; 0: none")
	trustProxy := fs.Bool("trust-proxy", false, "behind a reverse proxy that appends the client's address to X-Forwarded-For: rate-limit by that address (never set it without such a proxy)")
	botLease := fs.Duration("bot-lease", 15*time.Second, "with several instances on one PostgreSQL database: how long an instance's claim on a table's bots lasts; another instance takes them over that long after it dies")
	perClientStreams := fs.Int("streams-per-client", 100, "live pages and event streams one client address may hold open at once; 0: no limit")
	liveTables := fs.Int("cache-tables", 1000, "tables kept in memory at most (besides --cache-mb); idle ones past it are dropped and replayed when needed")
	idleEvict := fs.Duration("idle-evict", 10*time.Minute, "drop a table nobody has touched for this long from memory (rebuilt from the store on its next request); 0: never")
	debugAddr := fs.String("debug-addr", "", "also serve /metrics and Go's profiles (/debug/pprof/) on this loopback address, e.g. 127.0.0.1:6060")
	accessLog := fs.Bool("access-log", false, "log one line per request (method, route, status, duration); event streams only at debug level")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("serve takes no arguments, got %q (try -h)", pos[0])
	}
	if *botLease <= 0 {
		return usagef("--bot-lease must be more than 0, got %v", *botLease)
	}
	if *syncMode != "normal" && *syncMode != "full" {
		return usagef("--sync must be normal or full, got %q", *syncMode)
	}
	if *rate < 0 {
		return usagef("--rate must be 0 (no limit) or more, got %v", *rate)
	}
	if *perClient < 0 || *perHour < 0 || *botPace < 0 {
		return usagef("--tables-per-client, --tables-per-hour and --bot-pace must be 0 (no limit) or more")
	}
	if *idleEvict < 0 {
		return usagef("--idle-evict must be 0 (never) or more, got %v", *idleEvict)
	}
	if *liveMB < 1 {
		return usagef("--cache-mb must be 1 or more, got %d", *liveMB)
	}
	if *perClientStreams < 0 {
		return usagef("--streams-per-client must be 0 (no limit) or more, got %d", *perClientStreams)
	}
	if *liveTables < 1 {
		return usagef("--cache-tables must be 1 or more, got %d", *liveTables)
	}
	if *walMB < 1 {
		return usagef("--wal-limit must be 1 MiB or more, got %d", *walMB)
	}
	if *foldRows < 1 || *foldRows > 1_000_000 {
		return usagef("--fold-rows must be from 1 to 1000000, got %d", *foldRows)
	}
	if *foldEvery < 10*time.Millisecond || *foldEvery > time.Hour {
		return usagef("--fold-every must be from 10ms to 1h, got %v", *foldEvery)
	}
	if *groupWait < 0 || *groupWait > 100*time.Millisecond {
		return usagef("--group-wait must be from 0 (never wait) to 100ms, got %v", *groupWait)
	}
	if *clientRate < 0 {
		return usagef("--client-rate must be 0 (no limit) or more, got %v", *clientRate)
	}
	if *rate == 0 {
		*rate = -1 // Main: negative is no limit
	}
	if *clientRate == 0 {
		*clientRate = -1
	}
	m := &Main{
		Addr: *addr, DB: *db, SyncFull: *syncMode == "full", Games: registry(), ActionRate: *rate, ClientRate: *clientRate, TrustProxy: *trustProxy, BotLease: *botLease,
		PublicURL: *publicURL, WALLimit: *walMB << 20, FoldRows: *foldRows, FoldEvery: *foldEvery, GroupWait: noLimit(*groupWait), TablesPerClient: noLimit(*perClient), TablesPerHour: noLimit(*perHour),
		MaxLiveBytes: *liveMB << 20, MaxLive: *liveTables, StreamsPerClient: noLimit(*perClientStreams), BotPace: noLimit(*botPace), IdleEvict: noLimit(*idleEvict), AccessLog: *accessLog, DebugAddr: *debugAddr,
		Logger: slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})),
	}
	if err := m.Run(ctx); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "tabletop: serving on %s (database %s); Ctrl-C stops\n", m.URL(), showDB(*db))
	if u := m.DebugURL(); u != "" {
		fmt.Fprintf(env.Stdout, "tabletop: metrics and profiles on %s/metrics and %s/debug/pprof/\n", u, u)
	}
	select {
	case <-ctx.Done():
	case err := <-m.served:
		m.served <- err // Close reads it again
	}
	if err := m.Close(); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "tabletop: stopped")
	return nil
}

// noLimit maps a flag's 0 ("no limit", "never") to Main's negative.
func noLimit[T int | time.Duration](v T) T {
	if v == 0 {
		return -1
	}
	return v
}
