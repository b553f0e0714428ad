package prophecy

import (
	"tabletop/engine"
)

// View is the table as every seat sees it: Prophecy hides nothing, so
// views differ only in You.
type View struct {
	You       int         `json:"you"` // the seat the view is for, -1 for a spectator
	Phase     Phase       `json:"phase"`
	Players   []string    `json:"players"`
	World     *World      `json:"world,omitempty"`
	Prophecy  *Prophecy   `json:"prophecy,omitempty"`
	Chars     []Character `json:"characters"`
	Scenes    []SceneView `json:"scenes"` // in tree order: the Finale, then each precursor's subtree
	Current   int         `json:"current"`
	Warning   string      `json:"warning,omitempty"`
	Timer     int         `json:"timer,omitempty"` // minutes per scene; the page counts down
	Pairs     int         `json:"expected_pairs"`
	Averted   float64     `json:"averted"`         // the designer's chance the prophecy is averted
	Truncated float64     `json:"truncated"`       // mass left out by the odds' distributions
	Check     *Chance     `json:"check,omitempty"` // the scene being performed: its chance if rolled now
	Journal   []Entry     `json:"journal"`
	Outcome   string      `json:"outcome,omitempty"`
}

// SceneView is a scene with its place in the tree and its odds.
type SceneView struct {
	Scene
	Depth       int     `json:"depth"`       // 0 for the Finale
	Precursors  []int   `json:"precursors"`  // in the order sketched
	Performable bool    `json:"performable"` // may be performed now
	Odds        float64 `json:"odds"`        // the designer's chance of success
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) engine.View {
	v := &View{
		You:      int(seat),
		Phase:    s.phase,
		Players:  s.cfg.names,
		World:    s.world,
		Prophecy: s.prophecy,
		Chars:    s.chars,
		Current:  s.current,
		Warning:  s.Warning(),
		Timer:    s.cfg.timer,
		Pairs:    s.pairs,
		Journal:  s.journal,
	}
	if seat < 0 || int(seat) >= len(s.chars) {
		v.You = -1
	}
	odds, err := OutlineOdds(s.tree(), s.pairs)
	if err == nil {
		v.Averted, v.Truncated = odds.Averted, odds.Truncated
	}
	var walk func(id, depth int)
	walk = func(id, depth int) {
		sc := s.scene(id)
		sv := SceneView{Scene: *sc, Depth: depth, Precursors: s.precursors(id), Odds: odds.Scenes[id]}
		sv.Performable = s.phase == PhaseStory && s.current == 0 && s.performable(id) == ""
		v.Scenes = append(v.Scenes, sv)
		for _, c := range sv.Precursors {
			walk(c, depth+1)
		}
	}
	walk(FinaleID, 0)
	if sc := s.scene(s.current); sc != nil && sc.Status == Performing {
		if c, err := CheckChance(len(sc.Pairs)+s.reward(sc.ID), sc.Difficulty); err == nil {
			v.Check = &c
		}
	}
	if o, over := s.Outcome(); over {
		v.Outcome = o.Text
	}
	return v
}
