package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// TestBrowser_PageReconnectsAfterAServerRestart: a table page stays open
// while its server shuts down gracefully (its stream ends with the
// reconnect event) and a new server starts on the same address and
// database; the page reconnects by itself and shows the moves made on the
// new server.
func TestBrowser_PageReconnectsAfterAServerRestart(t *testing.T) {
	browser := mustBrowser(t)
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg := server.Config{Store: st, Games: engine.NewRegistry(duel.Game), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ClientRate: -1, TablesPerClient: -1, TablesPerHour: -1, StreamsPerClient: -1, BotPace: -1}
	start := func(ln net.Listener) (*server.Server, *http.Server) {
		srv, err := server.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		hs := &http.Server{Handler: srv.Handler()}
		go hs.Serve(ln)
		return srv, hs
	}
	stop := func(srv *server.Server, hs *http.Server) {
		srv.Close() // ends the streams, each with a reconnect event
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := hs.Shutdown(ctx); err != nil {
			t.Fatalf("shutting the first server down: %v (a stream did not end?)", err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	srv, hs := start(ln)
	h := &harness{t: t, url: "http://" + addr, logs: &syncBuffer{}, srv: srv}
	c := h.mustCreate("3")

	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[0].Token))
	ann.waitJS(`!!document.querySelector('#state .status')`, "the table page")
	h.mustAct(c.ID, c.Seats[1].Token, "guard")
	ann.waitJS(`Number(document.querySelector('#state .status').dataset.seq) === 1`, "Bo's move on the first server")

	stop(srv, hs)
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listening again on %s: %v", addr, err)
	}
	srv, hs = start(ln)
	defer stop(srv, hs)
	h.srv = srv
	// The test's own client may still hold a kept-alive connection to the
	// first server, which a POST (not retried, unlike a GET) would meet
	// closed.
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	h.mustAct(c.ID, c.Seats[0].Token, "attack")
	ann.waitJS(`Number(document.querySelector('#state .status').dataset.seq) >= 2`, "Ann's move, made on the second server, on her page")
}
