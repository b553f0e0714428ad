package server_test

import (
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPages_OddsPageDrawsTheExactDistribution checks the odds page: a bar
// per value as server-drawn SVG, P(=), P(>=), P(<=), the exact fraction,
// mean, spread and quantiles; huge distributions summarised; bad input a
// clear message.
func TestPages_OddsPageDrawsTheExactDistribution(t *testing.T) {
	h := mustServer(t)
	r := h.do("GET", "/odds?expr="+url.QueryEscape("3d6"), "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("GET /odds?expr=3d6 = %d", r.status)
	}
	for _, want := range []string{
		"<code>3d6</code>: 16 values, exact",
		"mean <b>10.5000 (21/2)</b>, sd <b>2.9580</b>",
		"50% <b>10</b>",
		"<tr><td>10</td><td>12.50%</td><td>62.50%</td><td>50.00%</td><td>1/8</td></tr>",
		`<svg class="odds-chart"`,
		"<title>10: 12.50%</title>",
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the 3d6 odds page lacks %q", want)
		}
	}
	if n := strings.Count(r.body, "<rect "); n != 16 {
		t.Errorf("the 3d6 chart has %d bars, want 16", n)
	}
	// The two most likely values have the tallest bars, equally tall.
	bars := regexp.MustCompile(`<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"><title>(\d+):`).FindAllStringSubmatch(r.body, -1)
	height := func(i int) float64 { f, _ := strconv.ParseFloat(bars[i][2], 64); return f }
	if len(bars) != 16 || bars[7][2] != "180.00" || bars[8][2] != "180.00" || math.Abs(height(0)*3-height(1)) > 0.05 {
		t.Errorf("bar heights are not the distribution's: %v", bars)
	}

	huge := h.do("GET", "/odds?expr=d10001", "", nil)
	if huge.status != http.StatusOK || !strings.Contains(huge.body, "Values grouped in ranges of 200") || strings.Count(huge.body, "<tr>") > 62 {
		t.Errorf("d10001: %d, %d rows; want the values grouped in ranges of 200", huge.status, strings.Count(huge.body, "<tr>"))
	}
	bad := h.do("GET", "/odds?expr="+url.QueryEscape("3d6+)"), "", nil)
	if bad.status != http.StatusBadRequest || !strings.Contains(bad.body, `col 5: unexpected &#39;)&#39;`) || strings.Contains(bad.body, "dice:") {
		t.Errorf("a syntax error: %d, want 400 with the parser's message and no package name:\n%s", bad.status, bad.body)
	}
	long := h.do("GET", "/odds?expr="+strings.Repeat("1+", 150)+"1", "", nil)
	if long.status != http.StatusBadRequest || !strings.Contains(long.body, "too long") {
		t.Errorf("a 301-character expression: %d, want 400 saying it is too long", long.status)
	}
	if empty := h.do("GET", "/odds", "", nil); empty.status != http.StatusOK || !strings.Contains(empty.body, `name="expr"`) || strings.Contains(empty.body, "<svg") {
		t.Errorf("the odds page without an expression: %d, want the form alone", empty.status)
	}
}
