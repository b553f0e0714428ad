package tmd

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// Players' actions. A player acts for its own character (Actor may be left
// empty); the GM acts for foes, naming the foe in Actor. Names are
// characters' and foes' names, in any case. Each action's text form, which
// ParseAction reads, is what its String writes (but for BringSheet); a
// fighter's action names its actor first ("Geodude: use Tackle on Ann"),
// and a reason is written last in parentheses.

// BringSheet brings the player's character sheet to the table; it must be
// valid by the rules (Sheet.Validate). Text form: "sheet" and the sheet's
// JSON, as tabletop tmd sheet new writes it; its String, "bring the sheet
// of Ann", is what the log and the choices show.
type BringSheet struct {
	Sheet Sheet `json:"sheet"`
}

// PlacePoint places one of the sheet's unspent stat points (after a
// level-up) in a stat, outside battle. Text form: "place a point in
// Attack" (or "point atk").
type PlacePoint struct {
	Stat Stat `json:"stat"`
}

// LendBag lets allies use items from the player's bag (a Reviver Seed when
// the character has fainted), or takes that permission back. Text form:
// "lend my bag to allies", "keep my bag to myself".
type LendBag struct {
	Lend bool `json:"lend"`
}

// LearnMove learns a move a level-up offered (Sheet.Learnable), outside
// battle: in a free move slot, or with all four taken, in place of the
// move named in Replace. Text form: "learn Thunderbolt", "learn
// Thunderbolt in place of Growl".
type LearnMove struct {
	Move    string `json:"move"`
	Replace string `json:"replace,omitempty"`
}

// SkipMove passes on a move a level-up offered. Text form: "do not learn
// Thunderbolt" (or "skip Thunderbolt").
type SkipMove struct {
	Move string `json:"move"`
}

// Evolve evolves a member's character into one of the evolutions the
// species list gives its species, outside battle. A player evolves its own
// character once its level reaches the level the list gives; the GM evolves
// anyone's, at any level (the list gives no level for an evolution by item,
// trade or friendship), naming the character in Who, with a reason.
// Ability and Bonus name the new ability and the stat of the species bonus
// where the sheet's no longer fit the new species (by default a fitting one
// is kept, else the new species' first). Text form: "evolve into Raichu",
// "evolve Ann into Raichu with Lightning Rod, species bonus in Speed (a
// Thunder Stone)".
type Evolve struct {
	Who     string `json:"who,omitempty"`
	Into    string `json:"into"`
	Ability string `json:"ability,omitempty"`
	Bonus   string `json:"bonus,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// UseMove uses one of the actor's moves (or its typeless move) on targets:
// none for a move on the user itself. Text form: "use Growl on Geodude,
// Oddish", "Geodude: use Tackle on Ann", "use Rest".
type UseMove struct {
	Actor   string   `json:"actor,omitempty"`
	Move    string   `json:"move"`
	Targets []string `json:"targets,omitempty"`
}

// Guard takes the turn to take incoming hits for an ally until the actor's
// next turn. Text form: "guard Bo".
type Guard struct {
	Actor string `json:"actor,omitempty"`
	Ally  string `json:"ally"`
}

// Brace raises Defense or Special Defense by 4 until the actor's next turn.
// Text form: "brace Defense", "brace Special Defense".
type Brace struct {
	Actor string `json:"actor,omitempty"`
	Stat  Stat   `json:"stat"`
}

// Break takes the turn to move every stat stage one step back to 0. Text
// form: "take a break".
type Break struct {
	Actor string `json:"actor,omitempty"`
}

// Dodge spends AP to move incoming attacks' hit line up by as many faces,
// until the actor's next turn. Text form: "dodge with 2 AP".
type Dodge struct {
	Actor string `json:"actor,omitempty"`
	AP    int    `json:"ap"`
}

// UseWish uses a wish formed on the actor's side: it heals the actor
// WishHeal HP and costs no AP (a bonus action). Text form: "use a wish".
type UseWish struct {
	Actor string `json:"actor,omitempty"`
}

// UseAbility uses the actor's summoning ability (Drizzle, Electric Surge
// and the like), once a battle, as a bonus action: no AP, no focus. Text
// form: "use its ability".
type UseAbility struct {
	Actor string `json:"actor,omitempty"`
}

// UseItem uses an item from a bag (the actor's own, or with Bag an ally's
// who lends it) on a character: the actor, an ally or a foe. Text form:
// "use item Oran Berry", "use item Reviver Seed from Bo's bag on Bo"
// ("use Oran Berry on Ann" too, for an item that is no move's name).
type UseItem struct {
	Actor string `json:"actor,omitempty"`
	Item  string `json:"item"`
	On    string `json:"on,omitempty"`
	Bag   string `json:"bag,omitempty"`
}

// ClearHazards rolls to clear the hazards on the actor's side (and to
// find and disarm hidden traps). Text form: "clear the hazards".
type ClearHazards struct {
	Actor string `json:"actor,omitempty"`
}

// EndTurn ends the actor's turn. From the GM with no actor, it ends the
// side's turn (the foes', or allies who will not act). Text form: "end the
// turn".
type EndTurn struct {
	Actor string `json:"actor,omitempty"`
}

// The GM's actions. Every change outside the rules carries a reason.

// Note is a note for the GM alone. Text form: "note: the cave floods
// next".
type Note struct {
	Text string `json:"text"`
}

// AddFoe brings a foe from the data into the battle (opening one if none
// is open) at a level, with moves it can learn; Hidden keeps its stats
// from the players. With Ally it is an NPC on the team's side instead,
// played by the GM, its stats in the open. Text form: "add foe Geodude
// level 5", "add foe Geodude level 6 as Rocky with Tackle, Rock Throw and
// Sturdy (stats hidden)", "add foe Bulbasaur level 5 on the team's side".
type AddFoe struct {
	Species string   `json:"species"`
	Level   int      `json:"level"`
	Name    string   `json:"name,omitempty"`
	Moves   []string `json:"moves,omitempty"`
	Ability string   `json:"ability,omitempty"` // one the species may have; its first if empty
	Hidden  bool     `json:"hidden,omitempty"`
	Ally    bool     `json:"ally,omitempty"`
}

// Reveal shows a foe's stats to the players (Hide: hides them again).
// Text form: "reveal the stats of Geodude", "hide the stats of Geodude".
type Reveal struct {
	Foe  string `json:"foe"`
	Hide bool   `json:"hide,omitempty"`
}

// StartBattle starts the battle: First says which side has the first turn
// of each round ("allies" or "foes"). Text form: "start the battle, allies
// first".
type StartBattle struct {
	First Side `json:"first"`
}

// SetWeather sets the weather ("" or "clear" clears it). Text form:
// "weather rain (a storm)".
type SetWeather struct {
	Weather string `json:"weather"`
	Reason  string `json:"reason"`
}

// SetTerrain sets the terrain for five turns ("" or "none" clears it).
// Text form: "terrain grassy (a meadow)".
type SetTerrain struct {
	Terrain string `json:"terrain"`
	Reason  string `json:"reason"`
}

// SetHazard lays a hazard on a side's field at a number of layers (0
// removes it). Text form: "hazard spikes ×2 on the foes' side (a trap)"
// ("x2" for "×2").
type SetHazard struct {
	Side   Side   `json:"side"`
	Hazard string `json:"hazard"`
	Layers int    `json:"layers"`
	Reason string `json:"reason"`
}

// SetCondition applies (or with Remove, removes) a status condition.
// Text form: "apply poison to Ann (a trap)", "apply infatuation to Ann
// from Bo (a charm)", "remove poison from Ann (a cure)"; By is unused
// with Remove.
type SetCondition struct {
	Who       string `json:"who"`
	Condition string `json:"condition"`
	Remove    bool   `json:"remove,omitempty"`
	By        string `json:"by,omitempty"` // the one it comes from, for a condition aimed at someone (infatuated)
	Reason    string `json:"reason"`
}

// Override sets any number of a character or foe: hp, maxhp, ap, level,
// atk, def, spa, spd (stat points), or a stage: stage-atk, stage-spe, ...;
// or, with Field "gravity" (Who unused), the rounds of gravity left. Text
// form: "set hp of Ann to 12 (a fall)", "set gravity to 3 (a storm)".
type Override struct {
	Who    string `json:"who"`
	Field  string `json:"field"`
	Value  int    `json:"value"`
	Reason string `json:"reason"`
}

// EndBattle ends the battle however it stands. Text form: "end the
// battle (the foes flee)".
type EndBattle struct {
	Reason string `json:"reason"`
}

// Award gives experience and rank points to a character, or with Who ""
// to every member of the team. Text form: "award 50 XP and 100 RP to the
// team (a quest done)", "award 20 XP and 0 RP to Ann (a clever plan)".
type Award struct {
	Who    string `json:"who,omitempty"`
	XP     int    `json:"xp"`
	RP     int    `json:"rp"`
	Reason string `json:"reason"`
}

// SetLeader makes a member the team's leader. Text form: "make Bo the
// leader".
type SetLeader struct {
	Who string `json:"who"`
}

// End ends the session. Text form: "end the session (the team rests)".
type End struct {
	Reason string `json:"reason"`
}

// Confirm implements engine.Confirmer: ending the session ends the game
// for everyone, so the page and the terminal ask the GM first.
func (End) Confirm() string {
	return "End the session for everyone? No one can act afterwards, and what the GM hid (foes' stats, private changes) is shown to all."
}

// Typed is an action written in its text form, as the table page's action
// line sends it: it plays as the action ParseAction reads from Text, and
// that action is what the log and every view show (ParseAction reads no
// Typed: one never holds another). Text form: the text itself.
type Typed struct {
	Text string `json:"text"`
}

// Resolve implements engine.Standin: the action the text reads, or its
// refusal in the player's words. (ParseAction reads no Typed.)
func (a Typed) Resolve() (engine.Action, error) { return readTyped(ParseAction(a.Text)) }

// ResolveBy implements engine.SeatStandin: Resolve for seat at st, whose
// refusal of a text that reads as no action gives an example of what
// that seat types, the GM's or a player's (Game's ParseActionBy).
func (a Typed) ResolveBy(st engine.State, seat engine.Seat) (engine.Action, error) {
	return readTyped(game{}.ParseActionBy(st, seat, a.Text))
}

// readTyped is a Typed's reading: the action read, or the parser's refusal
// as the engine's, without the package's name.
func readTyped(inner engine.Action, err error) (engine.Action, error) {
	if err != nil {
		return nil, engine.Illegal(nil, "%s", strings.TrimPrefix(err.Error(), "tmd: "))
	}
	return inner, nil
}

// The action kinds, as Game.Decode and the log know them.
const (
	KindSheet     = "sheet"
	KindPoint     = "point"
	KindLend      = "lend"
	KindLearn     = "learn"
	KindSkipMove  = "skip-move"
	KindEvolve    = "evolve"
	KindMove      = "move"
	KindGuard     = "guard"
	KindBrace     = "brace"
	KindBreak     = "break"
	KindDodge     = "dodge"
	KindWish      = "wish"
	KindItem      = "item"
	KindAbility   = "ability"
	KindClear     = "clear-hazards"
	KindEndTurn   = "end-turn"
	KindNote      = "note"
	KindFoe       = "foe"
	KindReveal    = "reveal"
	KindStart     = "start"
	KindWeather   = "weather"
	KindTerrain   = "terrain"
	KindHazard    = "hazard"
	KindCondition = "condition"
	KindOverride  = "set"
	KindEndBattle = "end-battle"
	KindAward     = "award"
	KindLeader    = "leader"
	KindEnd       = "end"
	KindTyped     = "typed"
)

func (BringSheet) Kind() string   { return KindSheet }
func (PlacePoint) Kind() string   { return KindPoint }
func (LendBag) Kind() string      { return KindLend }
func (LearnMove) Kind() string    { return KindLearn }
func (SkipMove) Kind() string     { return KindSkipMove }
func (Evolve) Kind() string       { return KindEvolve }
func (UseMove) Kind() string      { return KindMove }
func (Guard) Kind() string        { return KindGuard }
func (Brace) Kind() string        { return KindBrace }
func (Break) Kind() string        { return KindBreak }
func (Dodge) Kind() string        { return KindDodge }
func (UseWish) Kind() string      { return KindWish }
func (UseItem) Kind() string      { return KindItem }
func (UseAbility) Kind() string   { return KindAbility }
func (ClearHazards) Kind() string { return KindClear }
func (EndTurn) Kind() string      { return KindEndTurn }
func (Note) Kind() string         { return KindNote }
func (AddFoe) Kind() string       { return KindFoe }
func (Reveal) Kind() string       { return KindReveal }
func (StartBattle) Kind() string  { return KindStart }
func (SetWeather) Kind() string   { return KindWeather }
func (SetTerrain) Kind() string   { return KindTerrain }
func (SetHazard) Kind() string    { return KindHazard }
func (SetCondition) Kind() string { return KindCondition }
func (Override) Kind() string     { return KindOverride }
func (EndBattle) Kind() string    { return KindEndBattle }
func (Award) Kind() string        { return KindAward }
func (SetLeader) Kind() string    { return KindLeader }
func (End) Kind() string          { return KindEnd }
func (Typed) Kind() string        { return KindTyped }

// actor prefixes "Name: " when an action names its actor.
func actor(name, s string) string {
	if name == "" {
		return s
	}
	return name + ": " + s
}

func withReason(s, reason string) string {
	if reason == "" {
		return s
	}
	return s + " (" + reason + ")"
}

func (a BringSheet) String() string { return "bring the sheet of " + a.Sheet.Name }
func (a PlacePoint) String() string { return "place a point in " + a.Stat.String() }
func (a LendBag) String() string {
	if a.Lend {
		return "lend my bag to allies"
	}
	return "keep my bag to myself"
}
func (a LearnMove) String() string {
	if a.Replace != "" {
		return "learn " + a.Move + " in place of " + a.Replace
	}
	return "learn " + a.Move
}
func (a SkipMove) String() string { return "do not learn " + a.Move }
func (a Evolve) String() string {
	s := "evolve into " + a.Into
	if a.Who != "" {
		s = "evolve " + a.Who + " into " + a.Into
	}
	if a.Ability != "" {
		s += " with " + a.Ability
	}
	if a.Bonus != "" {
		s += ", species bonus in " + a.Bonus
	}
	return withReason(s, a.Reason)
}
func (a UseMove) String() string {
	s := "use " + a.Move
	if len(a.Targets) > 0 {
		s += " on " + strings.Join(a.Targets, ", ")
	}
	return actor(a.Actor, s)
}
func (a Guard) String() string      { return actor(a.Actor, "guard "+a.Ally) }
func (a Brace) String() string      { return actor(a.Actor, "brace "+a.Stat.String()) }
func (a Break) String() string      { return actor(a.Actor, "take a break") }
func (a Dodge) String() string      { return actor(a.Actor, "dodge with "+strconv.Itoa(a.AP)+" AP") }
func (a UseWish) String() string    { return actor(a.Actor, "use a wish") }
func (a UseAbility) String() string { return actor(a.Actor, "use its ability") }
func (a UseItem) String() string {
	s := "use item " + a.Item
	if a.Bag != "" {
		s += " from " + a.Bag + "'s bag"
	}
	if a.On != "" {
		s += " on " + a.On
	}
	return actor(a.Actor, s)
}
func (a ClearHazards) String() string { return actor(a.Actor, "clear the hazards") }
func (a EndTurn) String() string      { return actor(a.Actor, "end the turn") }
func (a Note) String() string         { return "note: " + a.Text }
func (a AddFoe) String() string {
	s := fmt.Sprintf("add foe %s level %d", a.Species, a.Level)
	if a.Name != "" {
		s += " as " + a.Name
	}
	if len(a.Moves) > 0 {
		s += " with " + strings.Join(a.Moves, ", ")
	}
	if a.Ability != "" {
		s += " and " + a.Ability
	}
	if a.Hidden {
		s += " (stats hidden)"
	}
	if a.Ally {
		s += " on the team's side"
	}
	return s
}
func (a Reveal) String() string {
	if a.Hide {
		return "hide the stats of " + a.Foe
	}
	return "reveal the stats of " + a.Foe
}
func (a StartBattle) String() string { return "start the battle, " + string(a.First) + " first" }
func (a SetWeather) String() string  { return withReason("weather "+a.Weather, a.Reason) }
func (a SetTerrain) String() string  { return withReason("terrain "+a.Terrain, a.Reason) }
func (a SetHazard) String() string {
	return withReason(fmt.Sprintf("hazard %s ×%d on the %s' side", a.Hazard, a.Layers, a.Side), a.Reason)
}
func (a Override) String() string {
	if a.Who == "" {
		return withReason(fmt.Sprintf("set %s to %d", a.Field, a.Value), a.Reason)
	}
	return withReason(fmt.Sprintf("set %s of %s to %d", a.Field, a.Who, a.Value), a.Reason)
}
func (a EndBattle) String() string { return withReason("end the battle", a.Reason) }
func (a SetLeader) String() string { return "make " + a.Who + " the leader" }
func (a End) String() string       { return withReason("end the session", a.Reason) }
func (a Typed) String() string     { return a.Text }
func (a SetCondition) String() string {
	switch {
	case a.Remove:
		return withReason("remove "+a.Condition+" from "+a.Who, a.Reason)
	case a.By != "":
		return withReason("apply "+a.Condition+" to "+a.Who+" from "+a.By, a.Reason)
	}
	return withReason("apply "+a.Condition+" to "+a.Who, a.Reason)
}
func (a Award) String() string {
	who := a.Who
	if who == "" {
		who = "the team"
	}
	return withReason(fmt.Sprintf("award %d XP and %d RP to %s", a.XP, a.RP, who), a.Reason)
}

func decodeAs[T engine.Action](kind string, raw json.RawMessage) (engine.Action, error) {
	var a T
	if err := engine.DecodeStrict("tmd", kind, raw, &a); err != nil {
		return nil, err
	}
	return a, nil
}

var decoders = map[string]func(string, json.RawMessage) (engine.Action, error){
	KindSheet: decodeAs[BringSheet], KindPoint: decodeAs[PlacePoint], KindLend: decodeAs[LendBag],
	KindLearn: decodeAs[LearnMove], KindSkipMove: decodeAs[SkipMove], KindEvolve: decodeAs[Evolve],
	KindMove: decodeAs[UseMove], KindGuard: decodeAs[Guard], KindBrace: decodeAs[Brace],
	KindBreak: decodeAs[Break], KindDodge: decodeAs[Dodge], KindWish: decodeAs[UseWish], KindItem: decodeAs[UseItem], KindAbility: decodeAs[UseAbility],
	KindClear: decodeAs[ClearHazards], KindEndTurn: decodeAs[EndTurn], KindNote: decodeAs[Note],
	KindFoe: decodeAs[AddFoe], KindReveal: decodeAs[Reveal], KindStart: decodeAs[StartBattle],
	KindWeather: decodeAs[SetWeather], KindTerrain: decodeAs[SetTerrain], KindHazard: decodeAs[SetHazard],
	KindCondition: decodeAs[SetCondition], KindOverride: decodeAs[Override], KindEndBattle: decodeAs[EndBattle],
	KindAward: decodeAs[Award], KindLeader: decodeAs[SetLeader], KindEnd: decodeAs[End],
	KindTyped: decodeAs[Typed],
}

// decode reads an action's JSON body; see Game.Decode.
func decode(kind string, raw json.RawMessage) (engine.Action, error) {
	dec, ok := decoders[kind]
	if !ok {
		return nil, fmt.Errorf("tmd: unknown action kind %s (the kinds are those of the seat's legal actions, and \"typed\" for an action's text)", engine.Quote(kind))
	}
	return dec(kind, raw)
}
