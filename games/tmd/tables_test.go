package tmd

import "testing"

func TestAPFromPPTable(t *testing.T) {
	for _, c := range []struct{ pp, ap int }{
		{40, 4}, {35, 4}, {30, 5}, {25, 5}, {20, 6}, {15, 6}, {10, 7}, {5, 8}, {1, 8}, {64, 4},
	} {
		if got := APFromPP(c.pp); got != c.ap {
			t.Errorf("APFromPP(%d) = %d, want %d", c.pp, got, c.ap)
		}
	}
}

func TestBPIsMainlinePowerOverTenRoundedUp(t *testing.T) {
	for _, c := range []struct{ power, bp int }{{80, 8}, {85, 9}, {90, 9}, {1, 1}, {0, 0}, {250, 25}} {
		if got := BPFromMainline(c.power); got != c.bp {
			t.Errorf("BPFromMainline(%d) = %d, want %d", c.power, got, c.bp)
		}
	}
}

func TestAccuracyBecomesAMissRange(t *testing.T) {
	for _, c := range []struct{ acc, hit int }{{100, 2}, {95, 2}, {90, 3}, {85, 4}, {80, 5}, {75, 6}, {70, 7}, {50, 11}, {0, 0}} {
		if got := HitFromAccuracy(c.acc); got != c.hit {
			t.Errorf("HitFromAccuracy(%d) = %d, want %d", c.acc, got, c.hit)
		}
	}
}

func TestStabAndResistanceTable(t *testing.T) {
	// AP cost | STAB | ¼ | ½ | 2x | 4x
	rows := [][6]int{
		{4, 1, -6, -4, 4, 6},
		{5, 1, -6, -4, 4, 6},
		{6, 2, -7, -5, 5, 7},
		{7, 2, -7, -5, 5, 7},
		{8, 3, -8, -6, 6, 8},
	}
	for _, r := range rows {
		ap := r[0]
		got := [6]int{ap, StabBonus(ap), ResistBonus(ap, 0.25), ResistBonus(ap, 0.5), ResistBonus(ap, 2), ResistBonus(ap, 4)}
		if got != r {
			t.Errorf("%d AP row = %v, want %v", ap, got, r)
		}
		if ResistBonus(ap, 1) != 0 {
			t.Errorf("ResistBonus(%d, 1) = %d, want 0", ap, ResistBonus(ap, 1))
		}
	}
	if StabBonus(1) != 1 || StabBonus(9) != 3 {
		t.Errorf("StabBonus outside 4-8 AP = %d, %d; want the 4 and 8 AP rows", StabBonus(1), StabBonus(9))
	}
}

// TestStabAndResistanceTableOfThePages: the group's rules page gives one
// point less for ½ and 2x.
func TestStabAndResistanceTableOfThePages(t *testing.T) {
	rows := [][6]int{
		{4, 1, -6, -3, 3, 6},
		{5, 1, -6, -3, 3, 6},
		{6, 2, -7, -4, 4, 7},
		{7, 2, -7, -4, 4, 7},
		{8, 3, -8, -5, 5, 8},
	}
	for _, r := range rows {
		ap := r[0]
		got := [6]int{ap, StabBonus(ap), ResistBonusPages(ap, 0.25), ResistBonusPages(ap, 0.5), ResistBonusPages(ap, 2), ResistBonusPages(ap, 4)}
		if got != r {
			t.Errorf("%d AP row = %v, want %v", ap, got, r)
		}
	}
}

func TestMissingAPPenaltyOfThePagesIsLiftedByTraining(t *testing.T) {
	for _, c := range []struct {
		ap      int
		trained bool
		want    int
	}{{6, false, 2}, {7, false, 4}, {8, false, 6}, {8, true, 0}, {6, true, 0}, {5, false, 0}} {
		if got := MissingAPPenaltyPages(c.ap, 4, c.trained); got != c.want {
			t.Errorf("MissingAPPenaltyPages(%d, 4, %v) = %d, want %d", c.ap, c.trained, got, c.want)
		}
	}
}

func TestStageTable(t *testing.T) {
	// stage | stat | accuracy | crit from | evasion top | accuracy gained by the opponent
	rows := [][6]int{
		{6, 6, 8, 2, 13, 0},
		{5, 5, 5, 5, 11, 0},
		{4, 4, 4, 10, 9, 0},
		{3, 3, 3, 14, 7, 0},
		{2, 2, 2, 16, 5, 0},
		{1, 1, 1, 18, 3, 0},
		{0, 0, 0, 20, 1, 0},
		{-1, -1, -1, 20, 1, 2},
		{-2, -2, -2, 20, 1, 4},
		{-3, -3, -3, 20, 1, 6},
		{-4, -4, -4, 20, 1, 8},
		{-5, -5, -5, 20, 1, 10},
		{-6, -6, -6, 20, 1, 12},
		{9, 6, 8, 2, 13, 0}, // beyond ±6 counts as ±6
	}
	for _, r := range rows {
		top, gain := StageEvasion(r[0])
		got := [6]int{r[0], StageStat(r[0]), StageAccuracy(r[0]), StageCrit(r[0]), top, gain}
		if got != r {
			t.Errorf("stage %+d = %v, want %v", r[0], got, r)
		}
	}
}

func TestSpeedStageTable(t *testing.T) {
	// The "Decreasing Speed" table: columns 4, 6 and 8 AP; each cell is the
	// AP left and the faces of accuracy the opponents gain.
	want := map[int][3][2]int{
		0:  {{4, 0}, {6, 0}, {8, 0}},
		-1: {{4, 1}, {5, 0}, {7, 0}},
		-2: {{4, 2}, {4, 0}, {6, 0}},
		-3: {{4, 3}, {4, 1}, {5, 0}},
		-4: {{4, 4}, {4, 2}, {4, 0}},
		-5: {{4, 5}, {4, 3}, {4, 1}},
		-6: {{4, 6}, {4, 4}, {4, 2}},
	}
	for stage, row := range want {
		for i, maxAP := range []int{4, 6, 8} {
			ap, exposed := SpeedStage(maxAP, stage)
			if [2]int{ap, exposed} != row[i] {
				t.Errorf("SpeedStage(%d, %d) = %d AP +%d, want %v", maxAP, stage, ap, exposed, row[i])
			}
		}
	}
	// Below 4 AP already (paralysis), a decrease never raises AP to 4.
	if ap, exposed := SpeedStage(2, -1); ap != 2 || exposed != 1 {
		t.Errorf("SpeedStage(2, -1) = %d AP +%d, want 2 AP +1", ap, exposed)
	}
	if ap, _ := SpeedStage(6, 2); ap != 8 {
		t.Errorf("SpeedStage(6, +2) = %d AP, want 8", ap)
	}
}

func TestMissingAPPenaltyTable(t *testing.T) {
	// AP cost | untrained | tier I | tier II | tier III (user has 4 AP)
	rows := [][5]int{
		{4, 0, 0, 0, 0},
		{5, 0, 0, 0, 0},
		{6, 2, 0, 0, 0},
		{7, 4, 2, 0, 0},
		{8, 6, 4, 2, 0},
	}
	for _, r := range rows {
		got := [5]int{r[0], MissingAPPenalty(r[0], 4, 0), MissingAPPenalty(r[0], 4, 1), MissingAPPenalty(r[0], 4, 2), MissingAPPenalty(r[0], 4, 3)}
		if got != r {
			t.Errorf("%d AP row = %v, want %v", r[0], got, r)
		}
	}
	if got := MissingAPPenalty(8, 8, 0); got != 0 {
		t.Errorf("MissingAPPenalty(8 AP move, 8 AP user) = %d, want 0", got)
	}
}

func TestMultiHitTable(t *testing.T) {
	type row struct{ hits, bp4, bp5 int }
	want := func(roll int, tamper bool) row {
		tops := []int{2, 7, 16, 18, 20}
		if tamper {
			tops = []int{1, 5, 12, 16, 20}
		}
		rows := []row{{1, 1, 2}, {2, 2, 5}, {3, 4, 7}, {4, 6, 9}, {5, 8, 12}}
		for i, top := range tops {
			if roll <= top {
				return rows[i]
			}
		}
		return row{}
	}
	for _, tamper := range []bool{false, true} {
		for roll := 2; roll <= 20; roll++ {
			h4, bp4 := MultiHit(roll, 4, tamper)
			h5, bp5 := MultiHit(roll, 5, tamper)
			if h4 != h5 || (row{h4, bp4, bp5}) != want(roll, tamper) {
				t.Errorf("MultiHit(%d, tamper=%v) = %d hits %d/%d BP, want %+v", roll, tamper, h4, bp4, bp5, want(roll, tamper))
			}
		}
	}
	// Spot rows written out from the table.
	for _, c := range []struct {
		roll, ap int
		tamper   bool
		hits, bp int
	}{
		{2, 4, false, 1, 1}, {7, 5, false, 2, 5}, {8, 4, false, 3, 4}, {18, 5, false, 4, 9}, {19, 4, false, 5, 8},
		{2, 4, true, 2, 2}, {13, 5, true, 4, 9}, {17, 5, true, 5, 12}, {1, 4, false, 0, 0},
	} {
		if h, bp := MultiHit(c.roll, c.ap, c.tamper); h != c.hits || bp != c.bp {
			t.Errorf("MultiHit(%d, %d, %v) = %d, %d; want %d, %d", c.roll, c.ap, c.tamper, h, bp, c.hits, c.bp)
		}
	}
}

func TestMultiTargetPenaltyIsThreeAnOpponentAfterTheFirst(t *testing.T) {
	for _, c := range []struct {
		opp    int
		exempt bool
		want   int
	}{{1, false, 0}, {2, false, 3}, {3, false, 6}, {5, false, 12}, {3, true, 0}} {
		if got := MultiTargetPenalty(c.opp, c.exempt); got != c.want {
			t.Errorf("MultiTargetPenalty(%d, %v) = %d, want %d", c.opp, c.exempt, got, c.want)
		}
	}
}

func TestPriorityBonusOnlyOnAnUnharmedOpponent(t *testing.T) {
	quick := &Move{Name: "Quick Attack", APCut: 1}
	extreme := &Move{Name: "Extreme Speed", APCut: 2}
	if PriorityBonus(quick, false) != 1 || PriorityBonus(extreme, false) != 2 {
		t.Errorf("priority bonus = %d, %d; want 1, 2", PriorityBonus(quick, false), PriorityBonus(extreme, false))
	}
	if PriorityBonus(extreme, true) != 0 {
		t.Error("priority bonus against a harmed opponent")
	}
}

func TestRecoilAndScreensTable(t *testing.T) {
	for _, c := range []struct{ dmg, want int }{
		{0, 0}, {1, 3}, {10, 3}, {11, 6}, {20, 6}, {21, 9}, {30, 9}, {31, 12}, {40, 12}, {41, 15}, {99, 15},
	} {
		if got := RecoilOrScreen(c.dmg); got != c.want {
			t.Errorf("RecoilOrScreen(%d) = %d, want %d", c.dmg, got, c.want)
		}
	}
}

func TestHealingTable(t *testing.T) {
	for _, c := range []struct{ pct, hp int }{{25, 2}, {50, 4}, {75, 6}, {100, 8}} {
		if got := HealFromPercent(c.pct); got != c.hp {
			t.Errorf("HealFromPercent(%d) = %d, want %d", c.pct, got, c.hp)
		}
	}
}

func TestDamageOverTimeTable(t *testing.T) {
	for _, c := range []struct {
		kind      string
		low, high int
	}{{Burn, 2, 4}, {Poison, 2, 4}, {BadlyPoisoned, 4, 6}, {"sunburn", 0, 0}} {
		if got := DoT(c.kind, 30); got != c.low {
			t.Errorf("DoT(%s, 30 HP) = %d, want %d", c.kind, got, c.low)
		}
		if got := DoT(c.kind, 31); got != c.high {
			t.Errorf("DoT(%s, 31 HP) = %d, want %d", c.kind, got, c.high)
		}
	}
}

func TestAPFromSpeedAtOneThreeFiveAndTenPoints(t *testing.T) {
	for _, c := range []struct{ points, tier, ap int }{
		{0, 0, 4}, {1, 0, 5}, {2, 0, 5}, {3, 0, 6}, {4, 0, 6}, {5, 0, 7}, {9, 0, 7}, {10, 0, 8},
		{6, 3, 8}, // Sparks: 6 points and Speed III
		{6, 2, 7}, {10, 3, 8},
	} {
		if got := APFromSpeed(c.points, c.tier); got != c.ap {
			t.Errorf("APFromSpeed(%d, tier %d) = %d, want %d", c.points, c.tier, got, c.ap)
		}
	}
}

func TestMaxHPIsBasePlusTwoAPoint(t *testing.T) {
	if got := MaxHP(36, 1); got != 38 {
		t.Errorf("MaxHP(36, 1) = %d, want 38 (Sparks)", got)
	}
}
