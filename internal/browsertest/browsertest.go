// Package browsertest starts a headless Chromium for the browser tests of
// several packages (server, cmd/tabletop): Debian's chromium, skipped when
// it is missing unless TABLETOP_REQUIRE_BROWSER=1 (as CI sets it).
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// MustBrowser starts a headless Chromium, or skips the test if there is none
// (and fails instead if TABLETOP_REQUIRE_BROWSER=1). The browser lives for at
// most two minutes and stops when the test ends.
func MustBrowser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("TABLETOP_REQUIRE_BROWSER") == "1" {
			t.Fatal("chromium is not installed and TABLETOP_REQUIRE_BROWSER=1")
		}
		t.Skip("chromium is not installed (apt-get install chromium); set TABLETOP_REQUIRE_BROWSER=1 to fail instead")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	t.Cleanup(cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil { // starts the browser
		t.Fatalf("starting chromium: %v", err)
	}
	return browser
}
