package server

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// TestHeaders_AHandlerChangingOneLeavesTheNextResponsesAlone: every
// response shares the header values headers sets, so a handler that adds
// to one or sets it must leave the shared value as it was.
func TestHeaders_AHandlerChangingOneLeavesTheNextResponsesAlone(t *testing.T) {
	h := (&Server{}).headers(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/add":
			w.Header().Add("Cache-Control", "private")
			w.Header().Add("X-Frame-Options", "SAMEORIGIN")
		case "/set":
			w.Header().Set("Referrer-Policy", "origin")
			w.Header().Set("Cache-Control", "max-age=60")
		}
	}))
	get := func(path string) http.Header {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Result().Header
	}
	if got := get("/add")["Cache-Control"]; !slices.Equal(got, []string{"no-store", "private"}) {
		t.Errorf("a handler adding to Cache-Control sent %q, want no-store and private", got)
	}
	get("/set")
	after := get("/")
	for key, want := range map[string]string{"Cache-Control": "no-store", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"} {
		if got := after[key]; !slices.Equal(got, []string{want}) {
			t.Errorf("after handlers changed it, the next response's %s is %q, want %q", key, got, want)
		}
	}
}
