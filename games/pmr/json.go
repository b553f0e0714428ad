package pmr

import (
	"strconv"

	"tabletop/engine"
)

// The server encodes a view for every seat and the spectator on every
// change of a table, and encoding/json's reflection over the board was most
// of what rendering a stream cost. AppendJSON writes the same bytes by hand;
// TestView_AppendJSONIsMarshal compares the two over whole games, so a field
// added to a view type without its line here fails it.

// AppendJSON appends the view as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (v *View) AppendJSON(b []byte) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	b = appendField(b, '{', "seat", int(v.Seat))
	if v.Sealed != "" {
		b = append(b, `,"sealed":`...)
		b = engine.AppendJSONString(b, v.Sealed)
	}
	if v.Board != nil {
		b = v.Board.appendFields(b)
	}
	return append(b, '}'), nil
}

// appendFields appends the board's fields, each after a comma, as
// json.Marshal writes them inside the View that embeds the board.
func (bd *Board) appendFields(b []byte) []byte {
	b = appendField(b, ',', "turn", bd.Turn)
	b = appendField(b, ',', "turns", bd.Turns)
	b = appendField(b, ',', "tournament_every", bd.Every)
	b = appendField(b, ',', "retire_age", bd.RetireAge)
	b = append(b, `,"shared_wins":`...)
	b = strconv.AppendBool(b, bd.SharedWins)
	b = append(b, `,"phase":`...)
	b = engine.AppendJSONString(b, bd.Phase.String())
	b = appendField(b, ',', "next_tournament", bd.NextTournament)
	b = append(b, `,"stables":`...)
	b = appendList(b, bd.Stables, (*StableView).appendJSON)
	if bd.Tournament != nil {
		b = append(b, `,"tournament":`...)
		b = bd.Tournament.appendJSON(b)
	}
	if bd.LastTournament != nil {
		b = append(b, `,"last_tournament":`...)
		b = bd.LastTournament.appendJSON(b)
	}
	b = append(b, `,"pending":`...)
	if bd.Pending == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range bd.Pending {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(p), 10)
	}
	return append(b, ']')
}

func (sv *StableView) appendJSON(b []byte) []byte {
	sep := byte('{')
	if in := sv.StableInfo; in != nil {
		b = appendField(b, '{', "seat", int(in.Seat))
		b = append(b, `,"name":`...)
		b = engine.AppendJSONString(b, in.Name)
		if in.Bot != "" {
			b = append(b, `,"bot":`...)
			b = engine.AppendJSONString(b, in.Bot)
		}
		b = appendField(b, ',', "trophies", in.Trophies)
		b = append(b, `,"monsters":`...)
		b = appendList(b, in.Monsters, (*Monster).appendJSON)
		sep = ','
	}
	b = append(b, sep)
	b = append(b, `"pending":`...)
	b = strconv.AppendBool(b, sv.Pending)
	b = append(b, `,"chosen":`...)
	b = strconv.AppendBool(b, sv.Chosen)
	return append(b, '}')
}

func (m *Monster) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "id", m.ID)
	b = append(b, `,"name":`...)
	b = engine.AppendJSONString(b, m.Name.String())
	b = appendField(b, ',', "speed", m.Speed)
	b = appendField(b, ',', "brawn", m.Brawn)
	b = appendField(b, ',', "mind", m.Mind)
	b = appendField(b, ',', "age", m.Age)
	return append(b, '}')
}

func (tv *TournamentView) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "number", tv.Number)
	if len(tv.Entrants) > 0 {
		b = append(b, `,"entrants":`...)
		b = appendList(b, tv.Entrants, (*Entrant).appendJSON)
	}
	if len(tv.SeedDice) > 0 {
		b = append(b, `,"seed_dice":`...)
		b = appendList(b, tv.SeedDice, (*SeedRoll).appendJSON)
	}
	if len(tv.Matches) > 0 {
		b = append(b, `,"matches":`...)
		b = appendList(b, tv.Matches, (*MatchView).appendJSON)
	}
	if tv.Match != nil {
		b = append(b, `,"match":`...)
		b = tv.Match.appendJSON(b)
	}
	return append(b, '}')
}

func (e *Entrant) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "stable", int(e.Stable))
	b = appendField(b, ',', "monster", e.Monster)
	b = append(b, `,"name":`...)
	b = engine.AppendJSONString(b, e.Name.String())
	b = appendField(b, ',', "sum", e.Sum)
	if e.Seed != 0 {
		b = appendField(b, ',', "seed", e.Seed)
	}
	if e.Bye {
		b = append(b, `,"bye":true`...)
	}
	return append(b, '}')
}

func (r *SeedRoll) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "sum", r.Sum)
	b = appendField(b, ',', "of", r.Of)
	b = appendField(b, ',', "face", r.Face)
	b = append(b, `,"pick":`...)
	b = r.Pick.appendJSON(b)
	return append(b, '}')
}

func (m *MatchView) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "round", m.Round)
	b = append(b, `,"a":`...)
	b = m.A.appendJSON(b)
	b = append(b, `,"b":`...)
	b = m.B.appendJSON(b)
	b = append(b, `,"terrain":`...)
	b = engine.AppendJSONString(b, m.Terrain.String())
	if len(m.Contests) > 0 {
		b = append(b, `,"contests":`...)
		b = appendList(b, m.Contests, (*Contest).appendJSON)
	}
	if len(m.DiceOff) > 0 {
		b = append(b, `,"dice_off":`...)
		b = appendList(b, m.DiceOff, func(r *[2]int, b []byte) []byte { return appendInts(b, r[0], r[1]) })
	}
	b = appendField(b, ',', "winner", m.Winner)
	return append(b, '}')
}

func (c *Contest) appendJSON(b []byte) []byte {
	b = appendField(b, '{', "number", c.Number)
	b = append(b, `,"choices":[`...)
	b = engine.AppendJSONString(b, c.Choices[0].String())
	b = append(b, ',')
	b = engine.AppendJSONString(b, c.Choices[1].String())
	b = append(b, `],"base":`...)
	b = appendInts(b, c.Base[0], c.Base[1])
	b = append(b, `,"by_terrain":`...)
	b = appendBools(b, c.ByTerrain)
	b = append(b, `,"by_matchup":`...)
	b = appendBools(b, c.ByMatchup)
	b = append(b, `,"values":`...)
	b = appendInts(b, c.Values[0], c.Values[1])
	b = appendField(b, ',', "winner", c.Winner)
	return append(b, '}')
}

// appendField appends sep, then "name":n.
func appendField(b []byte, sep byte, name string, n int) []byte {
	b = append(b, sep, '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, int64(n), 10)
}

// appendList appends list as a JSON array, each element as appendElem
// writes it; a nil list is null, as json.Marshal writes it.
func appendList[T any](b []byte, list []T, appendElem func(*T, []byte) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendElem(&list[i], b)
	}
	return append(b, ']')
}

// appendInts appends a pair of ints as a JSON array.
func appendInts(b []byte, x, y int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(y), 10)
	return append(b, ']')
}

// appendBools appends a pair of bools as a JSON array.
func appendBools(b []byte, p [2]bool) []byte {
	b = append(b, '[')
	b = strconv.AppendBool(b, p[0])
	b = append(b, ',')
	b = strconv.AppendBool(b, p[1])
	return append(b, ']')
}
