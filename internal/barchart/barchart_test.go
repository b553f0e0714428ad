package barchart

import (
	"strings"
	"testing"
)

// TestNew_TallestBarFillsTheHeightAndEveryPossibleValueShows checks the
// layout: the tallest bar fills the height above the labels, a tiny value
// still gets a visible bar, a zero value none, and labels sit under the
// bars asked for.
func TestNew_TallestBarFillsTheHeightAndEveryPossibleValueShows(t *testing.T) {
	c := New([]Bar{{"miss", 0.25, "miss: 25%"}, {"0", 0, "0: 0%"}, {"7", 0.5, "7: 50%"}, {"9", 1e-9, "9: tiny"}}, 400, 120, []int{0, 2, 3, 9})
	if len(c.Bars) != 4 {
		t.Fatalf("%d bars, want 4", len(c.Bars))
	}
	for i, want := range []struct{ y, h string }{{"50.00", "50.00"}, {"100.00", "0.00"}, {"0.00", "100.00"}, {"99.50", "0.50"}} {
		if c.Bars[i].Y != want.y || c.Bars[i].Height != want.h {
			t.Errorf("bar %d: y %s height %s, want y %s height %s", i, c.Bars[i].Y, c.Bars[i].Height, want.y, want.h)
		}
	}
	if c.Bars[1].X != "110.00" || c.Bars[1].Width != "80.00" {
		t.Errorf("bar 1 at x %s width %s, want 110.00 and 80.00", c.Bars[1].X, c.Bars[1].Width)
	}
	var labels []string
	for _, l := range c.Labels {
		labels = append(labels, l.X+":"+l.Text)
	}
	if got := strings.Join(labels, " "); got != "50.00:miss 250.00:7 350.00:9" {
		t.Errorf("labels %q, want the bars 0, 2 and 3 (9 is no bar)", got)
	}
	svg, err := c.SVG("dmg", "damage <chart>")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<svg class="dmg" viewBox="0 0 400 120" role="img" aria-label="damage &lt;chart&gt;">`, `<title>miss: 25%</title>`, `<text x="50.00" y="120" text-anchor="middle">miss</text>`} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg)
		}
	}
}

// TestNew_DefaultLabelsAreFirstMiddleAndLast checks the default labels, a
// repeated label written once.
func TestNew_DefaultLabelsAreFirstMiddleAndLast(t *testing.T) {
	c := New([]Bar{{"1", 1, ""}, {"2", 1, ""}, {"3", 1, ""}, {"4", 1, ""}, {"5", 1, ""}}, 500, 100, nil)
	var got []string
	for _, l := range c.Labels {
		got = append(got, l.Text)
	}
	if strings.Join(got, ",") != "1,3,5" {
		t.Errorf("labels %v, want 1, 3, 5", got)
	}
	one := New([]Bar{{"1", 1, ""}}, 500, 100, nil)
	if len(one.Labels) != 1 {
		t.Errorf("one bar has %d labels, want 1", len(one.Labels))
	}
	if len(New(nil, 10, 10, nil).Bars) != 0 {
		t.Error("no bars drew some")
	}
}
