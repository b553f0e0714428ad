package tmd

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"tabletop/engine"
)

// Tools returns the pages the game offers beside its tables
// (engine.Tooler): the damage calculator, the public species roll and the
// IQ skill vendor's public discounted rolls.
func Tools() []engine.Tool {
	return []engine.Tool{damageTool, speciesRollTool, iqRollTool}
}

// Tools implements engine.Tooler: the tools' pages are under tools/ in the
// game's Pages.
func (game) Tools() []engine.Tool { return Tools() }

// formInt reads the whole number in the form field name: def if the field
// is empty, else a number from lo to hi. what names the field for players.
func formInt(form url.Values, name, what string, def, lo, hi int) (int, error) {
	v := strings.TrimSpace(form.Get(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("tmd: %s: %s is not a whole number", what, engine.Quote(v))
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("tmd: %s: %d is not between %d and %d", what, n, lo, hi)
	}
	return n, nil
}

// formBool reads a checkbox.
func formBool(form url.Values, name string) bool {
	switch form.Get(name) {
	case "on", "true", "1", "yes":
		return true
	}
	return false
}
