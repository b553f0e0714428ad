package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tabletop/store"
)

// Metrics are the server's Prometheus metrics (docs/operations.md lists
// them). A store that commits in groups reports its commits through
// ObserveCommit, so that the command line creates the metrics first and
// hands them to both. One Metrics serves one Server: New registers the
// server's gauges in it.
type Metrics struct {
	reg         *prometheus.Registry
	actions     prometheus.Counter
	botActions  prometheus.Counter
	actionTime  prometheus.Histogram
	streams     prometheus.Gauge
	limited     *prometheus.CounterVec
	commitTime  prometheus.Histogram
	commitGroup prometheus.Histogram
	foldTime    prometheus.Histogram
	foldRows    prometheus.Counter
	evicted     *prometheus.CounterVec
}

// NewMetrics returns a fresh set of metrics with the Go runtime's and the
// process's (memory, CPU, open files) beside them.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tabletop_actions_total", Help: "Actions stored, by people and bots.",
		}),
		botActions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tabletop_bot_actions_total", Help: "Actions stored that the server played for a seat (bots, and a person's only legal move).",
		}),
		actionTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabletop_action_seconds", Help: "Time to apply and store a person's action, from the table's lock to the store's commit.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "tabletop_open_streams", Help: "Event streams open (pages and API clients).",
		}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tabletop_rate_limited_requests_total", Help: "Requests refused by a rate limit, by limit (client, seat, streams, tables_per_client, tables_total).",
		}, []string{"limit"}),
		commitTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabletop_store_commit_seconds", Help: "Time of one store commit (one transaction for a group of writes).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}),
		commitGroup: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabletop_store_commit_writes", Help: "Writes committed together in one store commit (group size).",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
		}),
		foldTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabletop_store_fold_seconds", Help: "Time of one fold of the SQLite store's journal into the tables' logs (writes wait meanwhile).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}),
		foldRows: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tabletop_store_folded_entries_total", Help: "Log entries the SQLite store's folds moved from its journal into the tables' logs.",
		}),
		evicted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tabletop_tables_evicted_total", Help: "Tables dropped from memory, by reason (size: past the cache's bounds, idle: untouched for the idle time).",
		}, []string{"reason"}),
	}
	m.reg.MustRegister(m.actions, m.botActions, m.actionTime, m.streams, m.limited, m.commitTime, m.commitGroup, m.foldTime, m.foldRows, m.evicted,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, k := range []string{"client", "seat", "streams", "tables_per_client", "tables_total"} {
		m.limited.WithLabelValues(k) // shown at 0 before the first refusal
	}
	for _, k := range []string{"size", "idle"} {
		m.evicted.WithLabelValues(k)
	}
	return m
}

// ObserveCommit records one store commit of writes writes that took took:
// sqlite.Options.OnCommit takes it.
func (m *Metrics) ObserveCommit(writes int, took time.Duration) {
	m.commitTime.Observe(took.Seconds())
	m.commitGroup.Observe(float64(writes))
}

// ObserveFold records one fold of rows journal rows that took took:
// sqlite.Options.OnFold takes it.
func (m *Metrics) ObserveFold(rows int, took time.Duration) {
	m.foldTime.Observe(took.Seconds())
	m.foldRows.Add(float64(rows))
}

// registerTables adds the gauge of tables in memory, read from s when
// scraped.
func (m *Metrics) registerTables(s *Server) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "tabletop_tables_in_memory", Help: "Tables held in memory (the rest are rebuilt from the store when needed).",
	}, func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(len(s.live))
	}))
}

// MetricsHandler serves the metrics in the Prometheus text format, as
// Handler does at /metrics.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// healthz answers 200 "ok" while the process serves and its store takes
// writes, else 503 with the reason (logged; the answer stays generic).
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	err := errors.New("server: shutting down")
	if !closed {
		err = nil
		if p, ok := s.store.(store.Pinger); ok {
			ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
			err = p.Ping(ctx)
			cancel()
		}
	}
	if err != nil {
		s.log.Warn("health check failed", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("unavailable: the database does not take writes, or the server is stopping\n"))
		return
	}
	w.Write([]byte("ok\n"))
}

// statusWriter records the status of a response for the access log. It
// unwraps, so that http.ResponseController still reaches the connection's
// Flush and SetWriteDeadline.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes the access log (Config.AccessLog): one line per
// request once it is answered, with the route's pattern rather than the
// path, since page addresses hold seat tokens. Event streams, which last as
// long as a page is open, are logged at debug level.
func (s *Server) logRequests(next http.Handler) http.Handler {
	if !s.accessLog {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		// Streams last as long as a page is open, and monitors poll
		// /healthz and /metrics every few seconds: debug level.
		level := slog.LevelInfo
		if w.Header().Get("Content-Type") == "text/event-stream" || r.Pattern == "GET /healthz" || r.Pattern == "GET /metrics" {
			level = slog.LevelDebug
		}
		if !s.log.Enabled(r.Context(), level) {
			return
		}
		route := r.Pattern
		if route == "" {
			route = "(none)"
		}
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		s.log.LogAttrs(r.Context(), level, "request", slog.String("method", r.Method), slog.String("route", route),
			slog.Int("status", status), slog.Duration("took", time.Since(start)), slog.String("client", clientKey(r, s.proxied)))
	})
}
