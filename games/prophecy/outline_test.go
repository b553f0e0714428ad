package prophecy

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestTreeText_IndentsPrecursorsUnderTheirScene(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: Find the draught", d)
	mustApply(t, s, 0, "add 1: Reach the vault", d)
	mustApply(t, s, 0, "add 2: Meet the apothecary", d)
	got := TreeText(s.View(0).(*View).Scenes)
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	want := []string{
		"[1] Finale d4 ",
		"├── [2] d3 ",
		"│   └── [4] d2 ",
		"└── [3] d3 ",
	}
	if len(lines) != len(want) {
		t.Fatalf("TreeText:\n%s\nwant %d lines", got, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want it to start %q", i+1, lines[i], w)
		}
	}
	if !strings.HasSuffix(lines[2], ": Meet the apothecary") || !strings.Contains(lines[2], "%") {
		t.Errorf("line 3 = %q, want the odds and the objective", lines[2])
	}
}

func TestTreeSVG_IsWellFormedAndEscapesEverything(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, `edit 1: <script>alert("x")</script> & more`, d)
	mustApply(t, s, 0, `add 1: Bring "the <b>key</b>" & the map`, d)
	mustApply(t, s, 0, "add 2: A very long objective that will not fit in the two lines of its box at all, no matter what", d)
	svg := TreeSVG(s.View(0).(*View).Scenes)
	if strings.Contains(svg, "<script") || strings.Contains(svg, "<b>") {
		t.Fatalf("the SVG carries a player's markup:\n%s", svg)
	}
	// It parses as XML, and its texts read back as the players wrote them.
	dec := xml.NewDecoder(strings.NewReader(svg))
	var texts strings.Builder
	groups := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.CharData:
			texts.Write(tok)
		case xml.StartElement:
			if tok.Name.Local == "g" {
				groups++
			}
		}
	}
	if groups != 3 {
		t.Errorf("%d scene groups, want 3", groups)
	}
	for _, want := range []string{`<script>alert("x")</script>`, `"the <b>key</b>" & the map`, "…"} {
		if !strings.Contains(texts.String(), want) {
			t.Errorf("the SVG's text does not read %q", want)
		}
	}
}
