package server

import (
	"html/template"

	"tabletop/engine"
	"tabletop/games/mgt"
)

// gameFuncs are template functions for games' own templates, by game id:
// what a template cannot work out alone from the view's fields and methods.
var gameFuncs = map[string]template.FuncMap{
	"mgt": {"mgtRecent": mgtRecent, "mgtSeatNo": mgtSeatNo},
}

// mgtRecent returns the last n cards of a discard pile.
func mgtRecent(n int, pile []mgt.CardView) []mgt.CardView {
	return pile[max(0, len(pile)-n):]
}

// mgtSeatNo numbers seats from 1, as the action texts ("attack 3") do.
func mgtSeatNo(s engine.Seat) int { return int(s) + 1 }
