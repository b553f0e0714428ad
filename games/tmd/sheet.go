package tmd

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tabletop/engine"
)

// StartLevel is the level every player character starts at.
const StartLevel = 5

// StatCap is the most stat points one stat may hold from levelling.
const StatCap = 10

// BaseIP is the IP every character has for equipping IQ skills.
const BaseIP = 10

// Training kinds.
const (
	TrainAttribute       = "attribute"
	TrainBattleAttribute = "battle attribute"
	TrainMove            = "move"
	TrainStat            = "stat"
)

// Training is one line of a sheet's training log: what is being trained,
// towards which tier, and how many of the sessions it needs are done.
type Training struct {
	Kind     string `json:"kind"` // attribute, battle attribute, move or stat
	Name     string `json:"name"` // the attribute, move or stat
	Tier     int    `json:"tier"` // the tier being worked towards (1 to 4 for battle attributes, 1 to 3 otherwise)
	Sessions int    `json:"sessions"`
	Of       int    `json:"of"` // sessions the tier needs
}

// Sheet is a player character's sheet.
type Sheet struct {
	Name       string         `json:"name"`
	Species    string         `json:"species"`
	Level      int            `json:"level"`
	Exp        int            `json:"exp,omitempty"`
	Ability    string         `json:"ability"`
	Bonus      Stat           `json:"bonus"`               // the stat that got the species bonus
	Points     map[Stat]int   `json:"points"`              // stat points as the group writes them: the species bonus included
	GMPoints   int            `json:"gmPoints,omitempty"`  // points a GM granted beyond the level table
	Trained    map[Stat]int   `json:"trained,omitempty"`   // stat training tiers reached (1 to 3; HP cannot be trained)
	Moves      []string       `json:"moves"`               // up to four
	Learnable  []string       `json:"learnable,omitempty"` // moves a level-up offers, not yet learned or passed on
	Typeless   string         `json:"typeless"`            // the typeless move: Basic Attack or an Attack Art
	MoveTiers  map[string]int `json:"moveTiers,omitempty"` // training tier reached with a move (for the missing-AP penalty)
	IQ         []string       `json:"iq,omitempty"`        // equipped IQ skills
	Rank       string         `json:"rank"`
	RankPoints int            `json:"rankPoints,omitempty"` // the team's rank points towards the next rank
	Worn       string         `json:"worn,omitempty"`
	Equipped   string         `json:"equipped,omitempty"`
	Inventory  []string       `json:"inventory,omitempty"`
	Storage    []string       `json:"storage,omitempty"`
	Training   []Training     `json:"training,omitempty"`
}

// NewSheet returns a level-5 sheet for a species: its first ability, the
// species bonus on the first stat the list allows, the free point not yet
// spent, the Basic Attack, Rookie rank.
func NewSheet(d *Data, name, species string) (*Sheet, error) {
	sp, err := d.SpeciesNamed(species)
	if err != nil {
		return nil, err
	}
	if sp.Banned {
		return nil, fmt.Errorf("tmd: %s is banned from play", sp.Name)
	}
	return &Sheet{
		Name: name, Species: sp.Name, Level: StartLevel, Ability: sp.Abilities[0],
		Bonus: sp.Bonus[0], Points: map[Stat]int{sp.Bonus[0]: 1},
		Moves: []string{}, Typeless: "Basic Attack", Rank: "Rookie",
	}, nil
}

// Derived is what a sheet's numbers come to.
type Derived struct {
	MaxHP      int
	AP         int
	LevelBonus int // level damage bonus
	Physical   int // physical damage: Attack points + training + level bonus
	Special    int // special damage: Special Attack points + training + level bonus
	PhysPoints int // Attack points + training (the stat-point part of Physical)
	SpecPoints int // Special Attack points + training
	PhysMit    int // physical mitigation: Defense points + training
	SpecMit    int // special mitigation: Special Defense points + training
	Points     int // stat points the sheet may hold: level table + species bonus + GM points
	Spent      int // stat points the sheet holds
	MaxIP      int // 10, +2 with Rememberance
	IP         int // IP the equipped skills take
	Inventory  int // bag slots
	Storage    int // storage slots
}

// Derive works out the sheet's numbers. It fails only if the species, level
// or rank is unknown; everything else is Validate's business.
func (s *Sheet) Derive(d *Data) (Derived, error) {
	row, err := d.LevelRow(s.Level)
	if err != nil {
		return Derived{}, err
	}
	rank, err := d.RankNamed(s.Rank)
	if err != nil {
		return Derived{}, err
	}
	var out Derived
	pt := func(st Stat) int { return s.Points[st] }
	tr := func(st Stat) int { return s.Trained[st] }
	out.MaxHP = MaxHP(row.HP, pt(HP))
	out.AP = APFromSpeed(pt(Speed), tr(Speed))
	out.LevelBonus = row.Bonus
	out.Physical = pt(Attack) + tr(Attack) + row.Bonus
	out.Special = pt(SpAtk) + tr(SpAtk) + row.Bonus
	out.PhysPoints, out.SpecPoints = pt(Attack)+tr(Attack), pt(SpAtk)+tr(SpAtk)
	out.PhysMit = pt(Defense) + tr(Defense)
	out.SpecMit = pt(SpDef) + tr(SpDef)
	out.Points = row.Points + 1 + s.GMPoints
	for _, st := range Stats {
		out.Spent += pt(st)
	}
	out.MaxIP = BaseIP
	for _, name := range s.IQ {
		sk, err := d.IQSkillNamed(name)
		if err != nil {
			continue
		}
		out.IP += sk.IP
		if sk.Name == "Rememberance" {
			out.MaxIP += 2
		}
	}
	out.Inventory, out.Storage = rank.Inventory, rank.Storage
	return out, nil
}

// Validate checks the sheet against the rules and says everything that is
// wrong, in the group's terms, one problem a line. A valid sheet returns nil.
func (s *Sheet) Validate(d *Data) error {
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	sp, err := d.SpeciesNamed(s.Species)
	if err != nil {
		return err
	}
	if sp.Banned {
		bad("%s is banned from play", sp.Name)
	}
	der, err := s.Derive(d)
	if err != nil {
		return err
	}
	if s.Ability != "" && !slices.Contains(append(sp.Abilities[:len(sp.Abilities):len(sp.Abilities)], sp.Hidden), s.Ability) {
		bad("%s cannot have the ability %s (it may have %s)", sp.Name, s.Ability, abilityList(sp))
	} else if s.Ability == "" {
		bad("no ability chosen (%s may have %s)", sp.Name, abilityList(sp))
	}
	if !slices.Contains(sp.Bonus, s.Bonus) {
		bad("%s's species bonus goes to %s, not %s", sp.Name, statList(sp.Bonus), s.Bonus)
	} else if s.Points[s.Bonus] < 1 {
		bad("the species bonus point in %s is missing", s.Bonus)
	}
	for st, n := range s.Points {
		if st < 0 || st >= numStats {
			bad("unknown stat %d", int(st))
			continue
		}
		// The species bonus point sits in the stat column but is not
		// allocated, so it does not count towards the cap.
		alloc := n
		if st == s.Bonus {
			alloc--
		}
		if n < 0 {
			bad("%s has %d points; points cannot be negative", st, n)
		}
		if alloc > StatCap {
			bad("%s has %d points allocated, over its cap of %d", st, alloc, StatCap)
		}
	}
	if s.GMPoints < 0 {
		bad("%d points from the GM; a GM grants points, never takes them", s.GMPoints)
	}
	if der.Spent > der.Points {
		bad("%d stat points are spent but level %d gives %d, plus 1 species bonus%s: %d too many",
			der.Spent, s.Level, der.Points-1-s.GMPoints, gmText(s.GMPoints), der.Spent-der.Points)
	}
	for st, tier := range s.Trained {
		switch {
		case st == HP && tier != 0:
			bad("HP cannot be trained")
		case tier < 0 || tier > 3:
			bad("%s training is at tier %d; tiers run 1 to 3", st, tier)
		}
	}
	if len(s.Moves) > 4 {
		bad("%d moves; a character knows at most 4 (plus the typeless move)", len(s.Moves))
	}
	seen := map[string]bool{}
	for _, name := range s.Moves {
		m, err := d.MoveNamed(name)
		switch {
		case err != nil:
			bad("no move called %s", engine.Quote(name))
		case m.Type == "Typeless":
			bad("%s is a typeless move: it goes in the typeless slot, not among the four", m.Name)
		case seen[m.Name]:
			bad("%s is listed twice", m.Name)
		case !d.learnsInLine(sp, m.Name, slices.Contains(s.IQ, "Amneplasticity")):
			bad("%s cannot learn %s", sp.Name, m.Name)
		}
		if err == nil {
			seen[m.Name] = true
		}
	}
	for i, name := range s.Learnable {
		m, err := d.MoveNamed(name)
		switch {
		case err != nil:
			bad("no move called %s among the moves to learn", engine.Quote(name))
		case slices.Contains(s.Moves, m.Name):
			bad("%s is offered to learn but already known", m.Name)
		case slices.Contains(s.Learnable[:i], m.Name):
			bad("%s is offered to learn twice", m.Name)
		case !d.learnsByLevel(sp, m.Name, s.Level):
			bad("%s does not learn %s by levelling up to level %d", sp.Name, m.Name, s.Level)
		}
	}
	if m, err := d.MoveNamed(s.Typeless); err != nil || m.Type != "Typeless" {
		bad("the typeless slot holds %s; it takes Basic Attack or an Attack Art", engine.Quote(s.Typeless))
	}
	for name, tier := range s.MoveTiers {
		if tier < 0 || tier > 3 {
			bad("training with %s is at tier %d; tiers run 1 to 3", name, tier)
		}
	}
	for _, name := range s.IQ {
		if _, err := d.IQSkillNamed(name); err != nil {
			bad("no IQ skill called %s", engine.Quote(name))
		}
	}
	if der.IP > der.MaxIP {
		bad("the equipped IQ skills take %d IP; the most is %d", der.IP, der.MaxIP)
	}
	if len(s.Inventory) > der.Inventory {
		bad("%d items in the bag; %s Rank has %d inventory slots", len(s.Inventory), s.Rank, der.Inventory)
	}
	if len(s.Storage) > der.Storage {
		bad("%d items in storage; %s Rank has %d storage slots", len(s.Storage), s.Rank, der.Storage)
	}
	if rank, err := d.RankNamed(s.Rank); err == nil {
		switch {
		case s.RankPoints < 0:
			bad("%d rank points; rank points cannot be negative", s.RankPoints)
		case rank.Next > 0 && s.RankPoints >= rank.Next:
			bad("%d rank points at %s Rank; %d make the next rank", s.RankPoints, rank.Name, rank.Next)
		}
	}
	for _, list := range [][]string{{s.Worn, s.Equipped}, s.Inventory, s.Storage} {
		for _, name := range list {
			if name == "" {
				continue
			}
			if _, err := d.ItemNamed(name); err != nil {
				bad("no item called %s", engine.Quote(name))
			}
		}
	}
	if s.Worn != "" {
		if it, err := d.ItemNamed(s.Worn); err == nil && it.Section != "worn" && !it.Mainline {
			bad("%s is not a worn item", it.Name)
		}
	}
	statTraining := 0
	for _, t := range s.Training {
		switch t.Kind {
		case TrainStat:
			statTraining++
			if st, err := ParseStat(t.Name); err != nil {
				bad("training: %v", err)
			} else if st == HP {
				bad("training: HP cannot be trained")
			}
		case TrainAttribute, TrainBattleAttribute, TrainMove:
		default:
			bad("training %s: the kinds are attribute, battle attribute, move and stat", engine.Quote(t.Name))
		}
		if t.Of < 1 || t.Sessions < 0 || t.Sessions > t.Of {
			bad("training %s: %d of %d sessions", t.Name, t.Sessions, t.Of)
		}
	}
	if statTraining > 1 {
		bad("%d stats in training; only one stat may be trained at a time", statTraining)
	}
	if s.Level < StartLevel {
		bad("level %d; characters start at level %d", s.Level, StartLevel)
	}
	if len(probs) == 0 {
		return nil
	}
	sort.Strings(probs)
	return &SheetError{Name: s.Name, Problems: probs}
}

// SheetError lists what is wrong with a sheet.
type SheetError struct {
	Name     string
	Problems []string
}

func (e *SheetError) Error() string {
	return fmt.Sprintf("tmd: sheet %s: %s", engine.Quote(e.Name), strings.Join(e.Problems, "; "))
}

// learnsInLine reports whether sp, or a species it evolved from, can learn
// the move (a character may relearn its line's earlier moves); with
// Amneplasticity, the species it may evolve into count too.
func (d *Data) learnsInLine(sp *Species, move string, future bool) bool {
	for s, n := sp, 0; s != nil && n < 10; n++ {
		if d.Learns(s.Dex, move) {
			return true
		}
		s, _ = d.SpeciesNamed(s.Prevo)
	}
	if !future {
		return false
	}
	next := append([]string{}, sp.Evos...)
	for n := 0; len(next) > 0 && n < 50; n++ {
		e, err := d.SpeciesNamed(next[0])
		next = next[1:]
		if err != nil {
			continue
		}
		if d.Learns(e.Dex, move) {
			return true
		}
		next = append(next, e.Evos...)
	}
	return false
}

// learnsByLevel reports whether sp, or a species it evolved from, learns
// move by levelling up to level, on evolution (level 0) included: an offer
// made before an evolution stays good after it.
func (d *Data) learnsByLevel(sp *Species, move string, level int) bool {
	for seen := 0; sp != nil && seen < 4; seen++ {
		if slices.ContainsFunc(d.LevelMoves(sp.Name, 0, level), func(l LevelMove) bool { return l.Move == move }) {
			return true
		}
		if sp.Prevo == "" {
			break
		}
		sp, _ = d.SpeciesNamed(sp.Prevo)
	}
	return false
}

// AddPoint spends one stat point on st, or says why it cannot.
func (s *Sheet) AddPoint(d *Data, st Stat) error {
	if st < 0 || st >= numStats {
		return fmt.Errorf("tmd: no stat %d", int(st))
	}
	der, err := s.Derive(d)
	if err != nil {
		return err
	}
	alloc := s.Points[st]
	if st == s.Bonus {
		alloc--
	}
	if alloc >= StatCap {
		return fmt.Errorf("tmd: %s is at its cap of %d", st, StatCap)
	}
	if der.Spent >= der.Points {
		return fmt.Errorf("tmd: no stat points left to spend at level %d", s.Level)
	}
	if s.Points == nil {
		s.Points = map[Stat]int{}
	}
	s.Points[st]++
	return nil
}

func abilityList(sp *Species) string {
	list := strings.Join(sp.Abilities, " or ")
	if sp.Hidden != "" {
		list += ", or the hidden " + sp.Hidden
	}
	return list
}

func statList(list []Stat) string {
	names := make([]string, len(list))
	for i, st := range list {
		names[i] = st.String()
	}
	return strings.Join(names, " or ")
}

func gmText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" and %d from the GM", n)
}

// roman writes a level damage bonus or training tier as the group does.
func roman(n int) string {
	r := [...]string{"", "I", "II", "III", "IV", "V", "VI"}
	if n >= 0 && n < len(r) {
		return r[n]
	}
	return fmt.Sprint(n)
}

// MoveLine describes a move in one line of the sheet's moves table.
func MoveLine(m *Move) string {
	bp := fmt.Sprintf("%d BP", m.BP)
	if strings.Contains(m.Hits, "d") {
		bp = strings.ToUpper(m.Hits) + " BP"
	}
	ap := fmt.Sprintf("%d AP", m.AP)
	if m.APCut > 0 {
		ap = fmt.Sprintf("%d (-%d) AP", m.AP, m.APCut)
	}
	acc := "never misses"
	if m.Hit > 0 {
		acc = fmt.Sprintf("hits on %d+", m.Hit)
	}
	line := fmt.Sprintf("%-16s %-8s %-10s %-13s %-9s %s", m.Name, bp, ap, acc, m.Type, m.Category)
	if m.Crit < 20 {
		line += fmt.Sprintf("; crits on %d-20", m.Crit)
	}
	if m.Secondary != nil {
		on := "always"
		if m.Effect > 0 {
			on = fmt.Sprintf("on %d-20", m.Effect)
		}
		line += "; secondary effect " + on
	}
	return line
}

// Text renders the sheet with its derived numbers, as a table like the
// group's sheets.
func (s *Sheet) Text(d *Data) (string, error) {
	sp, err := d.SpeciesNamed(s.Species)
	if err != nil {
		return "", err
	}
	der, err := s.Derive(d)
	if err != nil {
		return "", err
	}
	row, _ := d.LevelRow(s.Level)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s (%s), level %d", s.Name, sp.Name, strings.Join(sp.Types, "/"), s.Level)
	if s.Exp > 0 {
		fmt.Fprintf(&b, " (%d/%d exp)", s.Exp, row.Exp)
	}
	fmt.Fprintf(&b, ", %s Rank", strings.TrimSuffix(s.Rank, " Rank"))
	if rank, err := d.RankNamed(s.Rank); err == nil && rank.Next > 0 && s.RankPoints > 0 {
		if next, ok := nextRank(d, rank.Name); ok {
			fmt.Fprintf(&b, " (%d/%d rank points to %s)", s.RankPoints, rank.Next, next.Name)
		}
	}
	fmt.Fprintf(&b, "\nAbility: %s\n\n", s.Ability)
	fmt.Fprintf(&b, "%-16s %6s  %-30s %s\n", "Stat", "Points", "Modifiers", "Combat effect")
	for _, st := range Stats {
		var mods []string
		switch st {
		case HP:
			mods = append(mods, fmt.Sprintf("level %d (%d HP)", s.Level, row.HP))
		case Attack, SpAtk:
			if row.Bonus > 0 {
				mods = append(mods, "level damage bonus "+roman(row.Bonus))
			}
		}
		if st == s.Bonus {
			mods = append(mods, "species bonus")
		}
		if t := s.Trained[st]; t > 0 {
			mods = append(mods, st.String()+" "+roman(t))
		}
		if len(mods) == 0 {
			mods = []string{"no bonus"}
		}
		effect := map[Stat]string{
			HP:      fmt.Sprintf("%d HP", der.MaxHP),
			Attack:  fmt.Sprintf("%+d physical damage", der.Physical),
			Defense: fmt.Sprintf("%+d physical mitigation", der.PhysMit),
			SpAtk:   fmt.Sprintf("%+d special damage", der.Special),
			SpDef:   fmt.Sprintf("%+d special mitigation", der.SpecMit),
			Speed:   fmt.Sprintf("%d AP", der.AP),
		}[st]
		fmt.Fprintf(&b, "%-16s %6d  %-30s %s\n", st, s.Points[st], strings.Join(mods, "; "), effect)
	}
	fmt.Fprintf(&b, "Stat points: %d spent of %d (%d from level %d, 1 species bonus%s)\n",
		der.Spent, der.Points, row.Points, s.Level, gmText(s.GMPoints))
	fmt.Fprintf(&b, "\nMoves (4 slots and a typeless move):\n")
	for _, name := range append(append([]string{}, s.Moves...), s.Typeless) {
		if m, err := d.MoveNamed(name); err == nil {
			fmt.Fprintf(&b, "  %s\n", MoveLine(m))
		} else {
			fmt.Fprintf(&b, "  %s (unknown move)\n", name)
		}
	}
	if len(s.Learnable) > 0 {
		fmt.Fprintf(&b, "May learn now (a level-up's offer): %s\n", strings.Join(s.Learnable, ", "))
	}
	if next := nextLevelMoves(d, sp.Name, s.Level, 3); next != "" {
		fmt.Fprintf(&b, "Next by level: %s\n", next)
	}
	fmt.Fprintf(&b, "\nIQ skills: %d/%d IP", der.IP, der.MaxIP)
	for _, name := range s.IQ {
		if sk, err := d.IQSkillNamed(name); err == nil {
			fmt.Fprintf(&b, "; %s (%d IP)", sk.Name, sk.IP)
		}
	}
	fmt.Fprintf(&b, "\nWorn: %s; in hand: %s\n", orNone(s.Worn), orNone(s.Equipped))
	fmt.Fprintf(&b, "Bag %d/%d: %s\n", len(s.Inventory), der.Inventory, orNone(strings.Join(s.Inventory, ", ")))
	fmt.Fprintf(&b, "Storage %d/%d: %s\n", len(s.Storage), der.Storage, orNone(strings.Join(s.Storage, ", ")))
	if len(s.Training) > 0 {
		b.WriteString("\nTraining:\n")
		for _, t := range s.Training {
			fmt.Fprintf(&b, "  %s: %s, towards tier %s: %d/%d %s\n", t.Kind, t.Name, roman(t.Tier), t.Sessions, t.Of, bar(t.Sessions, t.Of))
		}
	}
	return b.String(), nil
}

// nextLevelMoves describes the moves species learns at the next n levels
// above level that teach any ("level 8: Double Team; level 12: Electro
// Ball").
func nextLevelMoves(d *Data, species string, level, n int) string {
	var parts []string
	for _, l := range d.LevelMoves(species, level+1, 100) {
		if len(parts) > 0 && strings.HasPrefix(parts[len(parts)-1], fmt.Sprintf("level %d:", l.Level)) {
			parts[len(parts)-1] += ", " + l.Move
			continue
		}
		if len(parts) == n {
			break
		}
		parts = append(parts, fmt.Sprintf("level %d: %s", l.Level, l.Move))
	}
	return strings.Join(parts, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// bar draws training progress as the group does: ▮ done, ▯ to do.
func bar(done, of int) string {
	done, of = max(0, min(done, of)), max(0, min(of, 20))
	return strings.Repeat("▮", min(done, of)) + strings.Repeat("▯", of-min(done, of))
}
