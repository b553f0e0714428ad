package pmr

import (
	"strconv"

	"tabletop/engine"
)

// The server encodes a view for every seat and the spectator on every
// change of a table, and engine.Table and engine.Keep encode every action
// and every event's data it logs; encoding/json's reflection (with a
// MarshalText allocation for every ability and name) was most of what
// rendering a stream and keeping an action cost. The AppendJSON methods
// here, of the views, the event data and the actions, write the same bytes
// by hand; TestView_AppendJSONIsMarshal,
// TestEventData_AppendJSONIsMarshal and TestAction_AppendJSONIsMarshal
// compare the two over whole games, so a field added to one of these types
// without its line here fails them.

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
	return appendIntList(b, bd.Pending)
}

func (sv *StableView) appendJSON(b []byte) []byte {
	sep := byte('{')
	if in := sv.StableInfo; in != nil {
		switch {
		case !in.cached:
			b = in.appendFields(b)
		case len(in.json) > 0:
			b = append(b, in.json...)
		default:
			in.json = in.appendFields(in.json)
			b = append(b, in.json...)
		}
		sep = ','
	}
	b = append(b, sep)
	b = append(b, `"pending":`...)
	b = strconv.AppendBool(b, sv.Pending)
	b = append(b, `,"chosen":`...)
	b = strconv.AppendBool(b, sv.Chosen)
	return append(b, '}')
}

// appendFields appends the facts' fields after an opening brace, as
// json.Marshal writes them inside the StableView that embeds them.
func (in *StableInfo) appendFields(b []byte) []byte {
	b = appendField(b, '{', "seat", int(in.Seat))
	b = append(b, `,"name":`...)
	b = engine.AppendJSONString(b, in.Name)
	if in.Bot != "" {
		b = append(b, `,"bot":`...)
		b = engine.AppendJSONString(b, in.Bot)
	}
	b = appendField(b, ',', "trophies", in.Trophies)
	b = append(b, `,"monsters":`...)
	return appendList(b, in.Monsters, (*Monster).appendJSON)
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

// appendIntList appends list as a JSON array of numbers.
func appendIntList[T ~int](b []byte, list []T) []byte {
	b = append(b, '[')
	for i, n := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
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

// AppendJSON appends the data as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (d *EventData) AppendJSON(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	b = appendHead(b, d.Turn, d.Stable)
	if d.Action != "" {
		b = append(b, `,"action":`...)
		b = engine.AppendJSONString(b, d.Action)
	}
	b = appendAbility(b, "ability", d.Ability)
	b = appendAbility(b, "terrain", d.Terrain)
	b = appendNonZero(b, "change", d.Change)
	b = appendNonZero(b, "trophies", d.Trophies)
	b = appendResult(b, d.Parents, d.Result, d.Dice, d.Monster)
	if len(d.Entrants) > 0 {
		b = append(b, `,"entrants":`...)
		b = appendList(b, d.Entrants, (*Entrant).appendJSON)
	}
	b = appendEntrant(b, "a", d.A)
	b = appendEntrant(b, "b", d.B)
	if d.Contest != nil {
		b = append(b, `,"contest":`...)
		b = d.Contest.appendJSON(b)
	}
	return append(b, '}'), nil
}

// AppendJSON appends the data as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (d *SealedData) AppendJSON(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	b = appendHead(b, d.Turn, d.Stable)
	b = append(b, `,"action":`...)
	switch a := d.Action.Action; a.(type) {
	case textAppender, nil: // texts a JSON string holds as they are
		b = append(b, '"')
		b = appendAction(b, a)
		b = append(b, '"')
	default:
		b = engine.AppendJSONString(b, a.String())
	}
	return append(b, '}'), nil
}

// AppendJSON appends the data as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (d *MonsterData) AppendJSON(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	b = appendHead(b, d.Turn, d.Stable)
	b = appendAbility(b, "ability", d.Ability)
	b = appendNonZero(b, "change", d.Change)
	b = appendResult(b, d.Parents, d.Result, d.Dice, d.Monster)
	return append(b, '}'), nil
}

// AppendJSON appends the data as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (d *MatchData) AppendJSON(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	b = appendHead(b, d.Turn, d.Stable)
	b = appendAbility(b, "terrain", d.Terrain)
	b = appendDice(b, d.Dice)
	b = appendEntrant(b, "a", d.A)
	b = appendEntrant(b, "b", d.B)
	return append(b, '}'), nil
}

// AppendJSON appends the data as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (d *ContestData) AppendJSON(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, "null"...), nil
	}
	b = appendHead(b, d.Turn, d.Stable)
	if d.Contest != nil {
		b = append(b, `,"contest":`...)
		b = d.Contest.appendJSON(b)
	}
	return append(b, '}'), nil
}

// appendHead opens an event's data with its first fields, turn and stable.
func appendHead(b []byte, turn int, stable engine.Seat) []byte {
	b = appendField(b, '{', "turn", turn)
	return appendField(b, ',', "stable", int(stable))
}

// appendAbility appends ,"name":"speed" unless ab is NoAbility (omitzero).
func appendAbility(b []byte, name string, ab Ability) []byte {
	if ab == NoAbility {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return engine.AppendJSONString(b, ab.String())
}

// appendNonZero appends ,"name":n unless n is 0 (omitzero).
func appendNonZero(b []byte, name string, n int) []byte {
	if n == 0 {
		return b
	}
	return appendField(b, ',', name, n)
}

// appendResult appends the fields parents, result, dice and monster, in
// this order in both EventData and MonsterData, leaving out those that
// omitzero and omitempty leave out.
func appendResult(b []byte, parents [2]int, result string, dice []int, m *Monster) []byte {
	if parents != [2]int{} {
		b = append(b, `,"parents":`...)
		b = appendInts(b, parents[0], parents[1])
	}
	if result != "" {
		b = append(b, `,"result":`...)
		b = engine.AppendJSONString(b, result)
	}
	b = appendDice(b, dice)
	if m != nil {
		b = append(b, `,"monster":`...)
		b = m.appendJSON(b)
	}
	return b
}

// appendDice appends ,"dice":[...] unless there are none (omitempty).
func appendDice(b []byte, dice []int) []byte {
	if len(dice) == 0 {
		return b
	}
	b = append(b, `,"dice":`...)
	return appendIntList(b, dice)
}

// appendEntrant appends ,"name":{...} unless e is nil (omitempty).
func appendEntrant(b []byte, name string, e *Entrant) []byte {
	if e == nil {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return e.appendJSON(b)
}

// AppendJSON appends the action as JSON, byte for byte what json.Marshal
// writes of it (engine.JSONAppender).
func (a Capture) AppendJSON(b []byte) ([]byte, error) { return append(b, "{}"...), nil }

// AppendJSON implements engine.JSONAppender; see Capture.AppendJSON.
func (a Train) AppendJSON(b []byte) ([]byte, error) {
	b = appendField(b, '{', "monster", a.Monster)
	b = append(b, `,"ability":`...)
	b = engine.AppendJSONString(b, a.Ability.String())
	return append(b, '}'), nil
}

// AppendJSON implements engine.JSONAppender; see Capture.AppendJSON.
func (a Breed) AppendJSON(b []byte) ([]byte, error) {
	b = appendField(b, '{', "a", a.A)
	b = appendField(b, ',', "b", a.B)
	return append(b, '}'), nil
}

// AppendJSON implements engine.JSONAppender; see Capture.AppendJSON.
func (a Enter) AppendJSON(b []byte) ([]byte, error) {
	b = appendField(b, '{', "monster", a.Monster)
	return append(b, '}'), nil
}

// AppendJSON implements engine.JSONAppender; see Capture.AppendJSON.
func (a Choose) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"ability":`...)
	b = engine.AppendJSONString(b, a.Ability.String())
	return append(b, '}'), nil
}
