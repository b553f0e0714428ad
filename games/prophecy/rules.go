package prophecy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"tabletop/dice"
	"tabletop/engine"
)

// clean checks a text a player wrote: trimmed, not empty, at most max
// characters, no control characters (newlines only where multiline).
func clean(a engine.Action, what, s string, max int, multiline bool) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", errorf(a, "the %s is empty", what)
	case !utf8.ValidString(s):
		return "", errorf(a, "the %s is not valid text", what)
	case utf8.RuneCountInString(s) > max:
		return "", errorf(a, "the %s is too long (%d characters, at most %d)", what, utf8.RuneCountInString(s), max)
	}
	if strings.ContainsFunc(s, func(r rune) bool { return isControl(r) && !(multiline && (r == '\n' || r == '\t')) }) {
		return "", errorf(a, "the %s contains control characters", what)
	}
	return s, nil
}

// needPhase refuses an action outside phase p, saying why.
func (s *State) needPhase(a engine.Action, p Phase) error {
	if s.phase == p {
		return nil
	}
	switch p {
	case PhaseWorld:
		return errorf(a, "the prophecy is already received: the world is fixed")
	case PhaseOutline:
		if s.phase == PhaseWorld {
			return errorf(a, "receive the prophecy first")
		}
		return errorf(a, "the story has started: the characters and the outline are fixed (aspects can still change)")
	}
	if s.phase < PhaseStory {
		return errorf(a, "the story has not started yet")
	}
	return errorf(a, "the story is over")
}

func (s *State) chooseWorld(a ChooseWorld) (string, error) {
	if err := s.needPhase(a, PhaseWorld); err != nil {
		return "", err
	}
	switch {
	case a.Custom != nil && a.ID != "":
		return "", errorf(a, "choose a built-in world or bring one, not both")
	case a.Custom != nil:
		if err := a.Custom.Validate(); err != nil {
			return "", errorf(a, "%v", strings.TrimPrefix(err.Error(), "prophecy: "))
		}
		w := *a.Custom // a copy: the action's slices are not the table's
		w.Catastrophes = slices.Clone(w.Catastrophes)
		sg := &w.Suggestions
		for _, l := range []*[]string{&sg.Occupation, &sg.PhysicalOrMental, &sg.Psychological, &sg.Relationship, &sg.Affiliation, &sg.Objects, &sg.ObjectAspects} {
			*l = slices.Clone(*l)
		}
		s.world = &w
		return "brings a world of the table's own: " + w.Name, nil
	}
	w, ok := FindWorld(a.ID)
	if !ok {
		ids := make([]string, len(builtin))
		for i, w := range builtin {
			ids[i] = w.ID
		}
		return "", errorf(a, "there is no world %s (the worlds are %s)", engine.Quote(a.ID), strings.Join(ids, ", "))
	}
	s.world = w
	return "chooses the world " + w.Name, nil
}

// d66 is the expression the prophecy is received with.
var d66 = mustParse("d66")

func mustParse(text string) *dice.Expr {
	e, err := dice.Parse(text)
	if err != nil {
		panic("prophecy: " + err.Error())
	}
	return e
}

func (s *State) receive(a Receive, d *dice.Stream) (string, any, error) {
	if err := s.needPhase(a, PhaseWorld); err != nil {
		return "", nil, err
	}
	if s.world == nil {
		return "", nil, errorf(a, "choose a world first")
	}
	res, err := d66.Roll(d)
	if err != nil {
		return "", nil, errorf(a, "the dice failed: %v", err)
	}
	roll := res.Dice[0].Face
	text, ok := s.world.Catastrophe(roll)
	if !ok {
		return "", nil, errorf(a, "d66 gave %d, which is not on the table", roll)
	}
	p := &Prophecy{Roll: roll, Tens: roll / 10, Units: roll % 10, Text: text}
	s.prophecy = p
	s.phase = PhaseOutline
	return fmt.Sprintf("receives the prophecy: d66 rolled %d and %d, entry %d: %s", p.Tens, p.Units, p.Roll, p.Text), *p, nil
}

func (s *State) makeCharacter(seat engine.Seat, a MakeCharacter) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	name, err := clean(a, "character's name", a.Name, maxName, false)
	if err != nil {
		return "", err
	}
	aspects := make([]Aspect, numCategories)
	for c := range numCategories {
		t, err := clean(a, c.String()+" aspect", a.Aspects[c], maxAspect, false)
		if err != nil {
			return "", err
		}
		aspects[c] = Aspect{Text: t, Category: c}
	}
	redo := s.chars[seat].Name != ""
	s.chars[seat] = Character{Name: name, Aspects: aspects}
	verb := "creates"
	if redo {
		verb = "remakes"
	}
	texts := make([]string, len(aspects))
	for i, as := range aspects {
		texts[i] = as.Text
	}
	return fmt.Sprintf("%s character %d, %s: %s", verb, seat+1, name, strings.Join(texts, "; ")), nil
}

func (s *State) expect(a Expect) (string, error) {
	if a.Pairs < 0 || a.Pairs > MaxExpectPairs {
		return "", errorf(a, "expect 0 to %d pairs per scene, not %d", MaxExpectPairs, a.Pairs)
	}
	s.pairs = a.Pairs
	return fmt.Sprintf("expects %d pairs per scene in the odds", a.Pairs), nil
}

func (s *State) addScene(a AddScene) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	parent := s.scene(a.Under)
	switch {
	case parent == nil:
		return "", errorf(a, "there is no scene %d", a.Under)
	case parent.Difficulty <= 1:
		return "", errorf(a, "scene %d has difficulty 1: a precursor would have difficulty 0, and difficulties never go below 1", a.Under)
	case len(s.scenes) >= MaxScenes:
		return "", errorf(a, "the outline has %d scenes, the most it may have", MaxScenes)
	}
	objective, setting, err := sceneTexts(a, a.Objective, a.Setting)
	if err != nil {
		return "", err
	}
	sc := Scene{ID: s.nextID, Parent: a.Under, Objective: objective, Setting: setting, Difficulty: parent.Difficulty - 1}
	s.nextID++
	s.scenes = append(s.scenes, sc)
	return fmt.Sprintf("sketches scene %d (difficulty %d) under scene %d: %s%s", sc.ID, sc.Difficulty, a.Under, objective, s.warning()), nil
}

// sceneTexts cleans a scene's objective (required) and setting (optional).
func sceneTexts(a engine.Action, objective, setting string) (string, string, error) {
	objective, err := clean(a, "objective", objective, maxScene, false)
	if err != nil {
		return "", "", err
	}
	if strings.TrimSpace(setting) == "" {
		return objective, "", nil
	}
	setting, err = clean(a, "setting", setting, maxScene, false)
	if err != nil {
		return "", "", err
	}
	return objective, setting, nil
}

// warning is said when the outline grows beyond eight scenes.
func (s *State) warning() string {
	if len(s.scenes) <= WarnScenes {
		return ""
	}
	return fmt.Sprintf(" (warning: %d scenes; the text keeps an outline to eight)", len(s.scenes))
}

// Warning returns the outline's warning for people, or "" if it is within
// eight scenes.
func (s *State) Warning() string {
	return strings.TrimPrefix(strings.TrimSuffix(s.warning(), ")"), " (")
}

func (s *State) editScene(a EditScene) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	sc := s.scene(a.Scene)
	if sc == nil {
		return "", errorf(a, "there is no scene %d", a.Scene)
	}
	objective, setting, err := sceneTexts(a, a.Objective, a.Setting)
	if err != nil {
		return "", err
	}
	sc.Objective, sc.Setting = objective, setting
	return fmt.Sprintf("edits scene %d: %s", a.Scene, joinFields(objective, setting)), nil
}

// height is how many levels of precursors hang below a scene (0 for none).
func (s *State) height(id int) int {
	h := 0
	for _, c := range s.precursors(id) {
		h = max(h, 1+s.height(c))
	}
	return h
}

// under reports whether scene id is scene anc or one of its precursors,
// at any depth.
func (s *State) under(id, anc int) bool {
	for id != 0 {
		if id == anc {
			return true
		}
		id = s.scene(id).Parent
	}
	return false
}

// redifficult sets every scene's difficulty from its place in the tree.
func (s *State) redifficult(id, d int) {
	s.scene(id).Difficulty = d
	for _, c := range s.precursors(id) {
		s.redifficult(c, d-1)
	}
}

func (s *State) moveScene(a MoveScene) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	sc, to := s.scene(a.Scene), s.scene(a.Under)
	switch {
	case sc == nil:
		return "", errorf(a, "there is no scene %d", a.Scene)
	case to == nil:
		return "", errorf(a, "there is no scene %d", a.Under)
	case a.Scene == FinaleID:
		return "", errorf(a, "the Finale is the root of the outline and cannot move")
	case s.under(a.Under, a.Scene):
		return "", errorf(a, "scene %d is scene %d or one of its precursors: a scene cannot move under itself", a.Under, a.Scene)
	case to.Difficulty-1-s.height(a.Scene) < 1:
		return "", errorf(a, "under scene %d (difficulty %d), scene %d and its %d level(s) of precursors would go below difficulty 1", a.Under, to.Difficulty, a.Scene, s.height(a.Scene))
	}
	sc.Parent = a.Under
	s.redifficult(a.Scene, to.Difficulty-1)
	return fmt.Sprintf("moves scene %d under scene %d (now difficulty %d)", a.Scene, a.Under, to.Difficulty-1), nil
}

func (s *State) removeScene(a RemoveScene) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	switch {
	case s.scene(a.Scene) == nil:
		return "", errorf(a, "there is no scene %d", a.Scene)
	case a.Scene == FinaleID:
		return "", errorf(a, "the Finale cannot be removed: it is the story's goal")
	}
	// Mark the subtree first: under walks the scenes being deleted.
	doomed := map[int]bool{}
	var gone []string
	for _, sc := range s.scenes {
		if s.under(sc.ID, a.Scene) {
			doomed[sc.ID] = true
			if sc.ID != a.Scene {
				gone = append(gone, strconv.Itoa(sc.ID))
			}
		}
	}
	s.scenes = slices.DeleteFunc(s.scenes, func(sc Scene) bool { return doomed[sc.ID] })
	text := fmt.Sprintf("removes scene %d", a.Scene)
	if len(gone) > 0 {
		text += " with its precursors " + strings.Join(gone, ", ")
	}
	return text, nil
}

func (s *State) start(a Start) (string, error) {
	if err := s.needPhase(a, PhaseOutline); err != nil {
		return "", err
	}
	var missing []string
	for i, c := range s.chars {
		if c.Name == "" {
			missing = append(missing, s.cfg.names[i])
		}
	}
	if len(missing) > 0 {
		return "", errorf(a, "every player creates a character first: waiting for %s", strings.Join(missing, ", "))
	}
	if s.scene(FinaleID).Objective == "" {
		return "", errorf(a, "the Finale needs an objective: how the heroes will prevent the catastrophe (edit 1: ...)")
	}
	s.phase = PhaseStory
	return "starts the story: " + engine.Count(len(s.scenes), "scene", "scenes") + " to perform", nil
}

// performable reports why scene id cannot be performed now, or "".
func (s *State) performable(id int) string {
	sc := s.scene(id)
	switch {
	case sc == nil:
		return fmt.Sprintf("there is no scene %d", id)
	case sc.Status != Sketched:
		return fmt.Sprintf("scene %d is already %s", id, sc.Status)
	}
	var open []string
	for _, c := range s.precursors(id) {
		if s.scene(c).Status != Performed {
			open = append(open, strconv.Itoa(c))
		}
	}
	if len(open) > 0 {
		return fmt.Sprintf("scene %d waits for its precursors: perform scene %s first", id, strings.Join(open, ", "))
	}
	return ""
}

func (s *State) perform(a Perform) (string, error) {
	if err := s.needPhase(a, PhaseStory); err != nil {
		return "", err
	}
	if s.current != 0 {
		return "", errorf(a, "scene %d is being performed: finish it first", s.current)
	}
	if why := s.performable(a.Scene); why != "" {
		return "", errorf(a, "%s", why)
	}
	sc := s.scene(a.Scene)
	sc.Status = Performing
	s.current = a.Scene
	return fmt.Sprintf("begins scene %d (difficulty %d): %s", sc.ID, sc.Difficulty, sc.Objective), nil
}

// investigating returns the scene being investigated, or why there is none.
func (s *State) investigating(a engine.Action) (*Scene, error) {
	if err := s.needPhase(a, PhaseStory); err != nil {
		return nil, err
	}
	if s.current == 0 {
		return nil, errorf(a, "no scene is being performed: perform one first")
	}
	sc := s.scene(s.current)
	if sc.Status != Performing {
		return nil, errorf(a, "scene %d is rolled: narrate it", sc.ID)
	}
	return sc, nil
}

func (s *State) addObject(seat engine.Seat, a AddObject) (string, error) {
	sc, err := s.investigating(a)
	if err != nil {
		return "", err
	}
	if len(sc.Objects) >= maxObjects {
		return "", errorf(a, "scene %d has %d objects, the most it may have", sc.ID, maxObjects)
	}
	name, err := clean(a, "object's name", a.Name, maxName, false)
	if err != nil {
		return "", err
	}
	if len(a.Aspects) > maxAspects {
		return "", errorf(a, "%d aspects is too many for one object (at most %d)", len(a.Aspects), maxAspects)
	}
	aspects := make([]string, len(a.Aspects))
	for i, t := range a.Aspects {
		if aspects[i], err = clean(a, "aspect", t, maxAspect, false); err != nil {
			return "", err
		}
	}
	sc.Objects = append(sc.Objects, Object{Name: name, Aspects: aspects, By: int(seat)})
	return fmt.Sprintf("finds object %d in scene %d, %s: %s", len(sc.Objects), sc.ID, name, strings.Join(aspects, "; ")), nil
}

func (s *State) attach(a Attach) (string, error) {
	sc, err := s.investigating(a)
	if err != nil {
		return "", err
	}
	if a.Object < 1 || a.Object > len(sc.Objects) {
		return "", errorf(a, "scene %d has no object %d", sc.ID, a.Object)
	}
	o := &sc.Objects[a.Object-1]
	if len(o.Aspects) >= maxAspects {
		return "", errorf(a, "%s has %d aspects, the most it may have", o.Name, maxAspects)
	}
	t, err := clean(a, "aspect", a.Aspect, maxAspect, false)
	if err != nil {
		return "", err
	}
	o.Aspects = append(o.Aspects, t)
	return fmt.Sprintf("attaches %q to %s", t, o.Name), nil
}

func (s *State) proposePair(seat engine.Seat, a ProposePair) (string, error) {
	sc, err := s.investigating(a)
	if err != nil {
		return "", err
	}
	switch {
	case a.Character < 1 || a.Character > len(s.chars):
		return "", errorf(a, "there is no character %d", a.Character)
	case a.CharAspect < 1 || a.CharAspect > len(s.chars[a.Character-1].Aspects):
		return "", errorf(a, "%s has no aspect %d", s.chars[a.Character-1].Name, a.CharAspect)
	case a.Object < 1 || a.Object > len(sc.Objects):
		return "", errorf(a, "scene %d has no object %d", sc.ID, a.Object)
	case a.ObjectAspect < 1 || a.ObjectAspect > len(sc.Objects[a.Object-1].Aspects):
		return "", errorf(a, "%s has no aspect %d", sc.Objects[a.Object-1].Name, a.ObjectAspect)
	case len(sc.Pairs) >= maxPairs:
		return "", errorf(a, "the check has %d pairs, the most it may have", maxPairs)
	}
	c, o := &s.chars[a.Character-1], &sc.Objects[a.Object-1]
	for i, p := range sc.Pairs {
		if p.Character == a.Character && p.CharAspect == a.CharAspect {
			return "", errorf(a, "%s's %q is already in pair %d: each aspect is in at most one pair per check", c.Name, c.Aspects[a.CharAspect-1].Text, i+1)
		}
		if p.Object == a.Object && p.ObjectAspect == a.ObjectAspect {
			return "", errorf(a, "%s's %q is already in pair %d: each aspect is in at most one pair per check", o.Name, o.Aspects[a.ObjectAspect-1], i+1)
		}
	}
	sc.Pairs = append(sc.Pairs, Pair{Character: a.Character, CharAspect: a.CharAspect, Object: a.Object, ObjectAspect: a.ObjectAspect, By: int(seat)})
	return fmt.Sprintf("pairs %s's %q with %s's %q (pair %d)", c.Name, c.Aspects[a.CharAspect-1].Text, o.Name, o.Aspects[a.ObjectAspect-1], len(sc.Pairs)), nil
}

func (s *State) strike(a Strike) (string, error) {
	sc, err := s.investigating(a)
	if err != nil {
		return "", err
	}
	if a.Pair < 1 || a.Pair > len(sc.Pairs) {
		return "", errorf(a, "the check has no pair %d", a.Pair)
	}
	p := sc.Pairs[a.Pair-1]
	sc.Pairs = slices.Delete(sc.Pairs, a.Pair-1, a.Pair)
	return fmt.Sprintf("strikes pair %d (%s's %q with %s's %q)", a.Pair, s.chars[p.Character-1].Name,
		s.chars[p.Character-1].Aspects[p.CharAspect-1].Text, sc.Objects[p.Object-1].Name, sc.Objects[p.Object-1].Aspects[p.ObjectAspect-1]), nil
}

// reward counts the scene's successful precursors: its reward dice.
func (s *State) reward(id int) int {
	n := 0
	for _, c := range s.precursors(id) {
		if s.scene(c).Success {
			n++
		}
	}
	return n
}

// CheckData is the structured detail of a roll event.
type CheckData struct {
	Scene      int   `json:"scene"`
	Difficulty int   `json:"difficulty"`
	Pairs      int   `json:"pairs"`
	Reward     int   `json:"reward"`
	Pool       int   `json:"pool"`
	Dice       []int `json:"dice"`
	Hits       int   `json:"hits"`
	Success    bool  `json:"success"`
}

func (s *State) roll(a Roll, d *dice.Stream) (string, any, error) {
	sc, err := s.investigating(a)
	if err != nil {
		return "", nil, err
	}
	reward := s.reward(sc.ID)
	pool := len(sc.Pairs) + reward
	data := CheckData{Scene: sc.ID, Difficulty: sc.Difficulty, Pairs: len(sc.Pairs), Reward: reward, Pool: pool}
	head := fmt.Sprintf("rolls for scene %d (difficulty %d), %s + %s", sc.ID, sc.Difficulty, engine.Count(len(sc.Pairs), "pair", "pairs"), engine.Count(reward, "reward die", "reward dice"))
	var rollText string
	var faces []int
	hits, capped := 0, false
	if pool > 0 {
		res, err := poolExpr(pool).Roll(d)
		if err != nil {
			return "", nil, errorf(a, "the dice failed: %v", err)
		}
		faces = make([]int, len(res.Dice))
		for i, die := range res.Dice {
			faces[i] = die.Face
			// A 6 that did not explode stood only because the roller's cap
			// was reached.
			capped = capped || (die.Face == 6 && !die.Exploded)
		}
		hits, rollText = res.Total, res.String()
	}
	sc.Pool, sc.Reward, sc.Dice, sc.Hits, sc.RollText, sc.Capped = pool, reward, faces, hits, rollText, capped
	// The pairs keep the aspects they were rolled with: an aspect changed
	// later in the story does not rewrite this check.
	for i := range sc.Pairs {
		sc.Pairs[i].Text = pairString(s.chars, sc.Objects, sc.Pairs[i])
	}
	sc.Success = pool > 0 && hits >= sc.Difficulty
	sc.Status = Rolled
	data.Dice, data.Hits, data.Success = faces, hits, sc.Success
	outcome := "failure"
	if sc.Success {
		outcome = "success"
	}
	var text string
	if pool == 0 {
		text = fmt.Sprintf("%s: a pool of 0 dice fails without a roll: %s", head, outcome)
	} else {
		text = fmt.Sprintf("%s: %s: %s against %d: %s", head, rollText, engine.Count(hits, "hit", "hits"), sc.Difficulty, outcome)
	}
	if capped {
		text += fmt.Sprintf(" (a die exploded %d times and the roller let the last 6 stand)", dice.MaxExplode)
	}
	return text, data, nil
}

// pools caches the parsed expression of each pool size.
var pools sync.Map // int -> *dice.Expr

// poolExpr returns "Nd6!>=4": n exploding d6, counting 4 to 6.
func poolExpr(n int) *dice.Expr {
	if e, ok := pools.Load(n); ok {
		return e.(*dice.Expr)
	}
	e := mustParse(PoolNotation(n))
	pools.Store(n, e)
	return e
}

// PoolNotation writes a pool of n dice in dice notation: "5d6!>=4".
func PoolNotation(n int) string { return strconv.Itoa(n) + "d6!>=4" }

func (s *State) narrate(a Narrate) (string, error) {
	if err := s.needPhase(a, PhaseStory); err != nil {
		return "", err
	}
	sc := s.scene(s.current)
	if sc == nil || sc.Status != Rolled {
		return "", errorf(a, "narrate a scene once its check is rolled")
	}
	text, err := clean(a, "narration", a.Text, maxNarration, true)
	if err != nil {
		return "", err
	}
	s.played++
	sc.Narration, sc.Status, sc.Order = text, Performed, s.played
	s.current = 0
	out := fmt.Sprintf("narrates scene %d: %s", sc.ID, text)
	if sc.ID == FinaleID {
		s.phase = PhaseOver
		if sc.Success {
			out += " The prophecy is averted."
		} else {
			out += " The prophecy comes to pass."
		}
	}
	return out, nil
}

func (s *State) changeAspect(a ChangeAspect) (string, error) {
	if s.phase < PhaseOutline {
		return "", errorf(a, "receive the prophecy and create the characters first")
	}
	if a.Character < 1 || a.Character > len(s.chars) || s.chars[a.Character-1].Name == "" {
		return "", errorf(a, "there is no character %d", a.Character)
	}
	c := &s.chars[a.Character-1]
	text, err := clean(a, "aspect", a.Text, maxAspect, false)
	if err != nil {
		return "", err
	}
	if a.Aspect == 0 {
		if len(c.Aspects) >= maxAspects {
			return "", errorf(a, "%s has %d aspects, the most a character may have", c.Name, maxAspects)
		}
		c.Aspects = append(c.Aspects, Aspect{Text: text, Category: Added})
		return fmt.Sprintf("attaches %q to %s (aspect %d)", text, c.Name, len(c.Aspects)), nil
	}
	if a.Aspect < 1 || a.Aspect > len(c.Aspects) {
		return "", errorf(a, "%s has no aspect %d", c.Name, a.Aspect)
	}
	old := c.Aspects[a.Aspect-1].Text
	c.Aspects[a.Aspect-1].Text = text
	return fmt.Sprintf("changes %s's aspect %d from %q to %q", c.Name, a.Aspect, old, text), nil
}
