package main

import (
	"context"
	"html"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestOdds_PageShowsTheSameNumbersAsTheCommand checks that the odds page of
// tabletop serve and tabletop odds agree, row by row (value or range, P(=),
// P(>=), P(<=)), and on the summary, for short, exploding, signed and huge
// distributions.
func TestOdds_PageShowsTheSameNumbersAsTheCommand(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry()}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	pageRow := regexp.MustCompile(`<tr><td>([-\d.]+)</td><td>([^<]+)</td><td>([^<]+)</td><td>([^<]+)</td>`)
	cliRow := regexp.MustCompile(`(?m)^ *([-\d.]+) +(\S+%) +(\S+%) +(\S+%)`)
	for _, expr := range []string{"3d6", "4dF", "-2d6+10", "5d6!>=4", "2d20kh1", "d10001", "100d20"} {
		res, err := http.Get(m.URL() + "/odds?expr=" + url.QueryEscape(expr))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		page := html.UnescapeString(string(body))
		code, out, errs := run(t, "", "odds", expr)
		if code != 0 || res.StatusCode != http.StatusOK {
			t.Fatalf("%s: odds = %d (%s), page = %d", expr, code, errs, res.StatusCode)
		}
		rows := func(re *regexp.Regexp, s string) [][]string {
			var out [][]string
			for _, m := range re.FindAllStringSubmatch(s, -1) {
				out = append(out, m[1:])
			}
			return out
		}
		pr, cr := rows(pageRow, page), rows(cliRow, out)
		if len(pr) == 0 || !slices.EqualFunc(pr, cr, slices.Equal) {
			t.Errorf("%s: the page's rows differ from tabletop odds'\npage: %v\n cli: %v", expr, pr, cr)
		}
		// min, max, mean and sd; the quantiles.
		stats := regexp.MustCompile(`min (-?\d+), max (-?\d+), mean ([^,]+), sd ([\d.]+)`)
		quant := regexp.MustCompile(`(\d+%) (-?\d+)`)
		plain := strings.NewReplacer("<b>", "", "</b>", "").Replace(page)
		if ps, cs := stats.FindStringSubmatch(plain), stats.FindStringSubmatch(out); ps == nil || !slices.Equal(ps[1:], cs[1:]) {
			t.Errorf("%s: the page says %v, tabletop odds %v", expr, ps, cs)
		}
		pq := quant.FindAllString(plain[strings.Index(plain, "Quantiles"):], 7)
		cq := quant.FindAllString(out[strings.Index(out, "quantiles"):], 7)
		if len(pq) != 7 || !slices.Equal(pq, cq) {
			t.Errorf("%s: the page's quantiles %v, tabletop odds' %v", expr, pq, cq)
		}
	}
}
