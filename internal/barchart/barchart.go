// Package barchart draws bar charts as SVG, rendered on the server: the
// odds page's distribution and the games' own pages (a damage calculator)
// share it.
package barchart

import (
	"bytes"
	"html/template"
	"strconv"
)

// Bar is one bar to draw: its height is Value relative to the tallest bar.
type Bar struct {
	Label string  // written under the bar, if it is labelled
	Value float64 // at least 0
	Title string  // shown on hover and read by screen readers
}

// Chart is a laid out chart: rectangles and labels in a viewBox of W by H
// units, the bottom 20 units for the labels.
type Chart struct {
	W, H   int
	Bars   []Rect
	Labels []Label
}

// Rect is a bar's rectangle, its coordinates written for SVG.
type Rect struct {
	X, Y, Width, Height string
	Title               string
}

// Label is a label under a bar, centred at X.
type Label struct {
	X    string
	Text string
}

// labelRoom is the height under the bars kept for the labels.
const labelRoom = 20

// New lays bars out side by side in a viewBox of w by h, the tallest bar
// filling the height above the labels; a bar whose value is above 0 is
// always drawn, however small. The bars at the indexes labelled get their
// labels under them; nil labels the first, middle and last bars (a label
// equal to the one before it is left out).
func New(bars []Bar, w, h int, labelled []int) Chart {
	c := Chart{W: w, H: h}
	if len(bars) == 0 {
		return c
	}
	maxV := 0.0
	for _, b := range bars {
		maxV = max(maxV, b.Value)
	}
	bw := float64(w) / float64(len(bars))
	for i, b := range bars {
		hgt := 0.0
		if maxV > 0 {
			hgt = b.Value / maxV * float64(h-labelRoom)
		}
		if hgt < 0.5 && b.Value > 0 {
			hgt = 0.5 // a possible value always shows
		}
		c.Bars = append(c.Bars, Rect{
			X: num(float64(i)*bw + bw*0.1), Width: num(bw * 0.8),
			Y: num(float64(h-labelRoom) - hgt), Height: num(hgt),
			Title: b.Title,
		})
	}
	if labelled == nil {
		labelled = []int{0, len(bars) / 2, len(bars) - 1}
	}
	for _, i := range labelled {
		if i < 0 || i >= len(bars) {
			continue
		}
		if len(c.Labels) > 0 && c.Labels[len(c.Labels)-1].Text == bars[i].Label {
			continue
		}
		c.Labels = append(c.Labels, Label{X: num(float64(i)*bw + bw/2), Text: bars[i].Label})
	}
	return c
}

var svg = template.Must(template.New("svg").Parse(`<svg class="{{.Class}}" viewBox="0 0 {{.C.W}} {{.C.H}}" role="img" aria-label="{{.Label}}">
{{range .C.Bars}}<rect x="{{.X}}" y="{{.Y}}" width="{{.Width}}" height="{{.Height}}"><title>{{.Title}}</title></rect>
{{end}}{{range .C.Labels}}<text x="{{.X}}" y="{{$.C.H}}" text-anchor="middle">{{.Text}}</text>
{{end}}</svg>`))

// SVG draws the chart as an svg element of the CSS class class, described
// to screen readers by label.
func (c Chart) SVG(class, label string) (template.HTML, error) {
	var buf bytes.Buffer
	err := svg.Execute(&buf, struct {
		Class, Label string
		C            Chart
	}{class, label, c})
	if err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}

// num writes a coordinate with two decimals.
func num(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
