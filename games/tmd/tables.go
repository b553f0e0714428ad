package tmd

import "math"

// The tables of the rule text, as pure functions. Each function says which
// table it is; tables_test.go checks every row.

// APFromPP is the "Attacking Move AP Cost" table: 40 PP costs 4 AP, 30 PP 5,
// 20 PP 6, 10 PP 7 and 5 PP 8. A PP value between two rows (25, 35, 15) is
// rounded up to the next row, so 15 PP costs what 20 PP costs. (The group's
// move list sometimes prices such moves one AP higher; where it does, the
// list wins and tools/tmdgen/overrides.json records it.)
func APFromPP(pp int) int {
	switch {
	case pp > 30:
		return 4
	case pp > 20:
		return 5
	case pp > 10:
		return 6
	case pp > 5:
		return 7
	default:
		return 8
	}
}

// BPFromMainline is the base power rule: mainline power divided by 10,
// rounded up (Drill Peck's 80 is 8).
func BPFromMainline(power int) int {
	if power <= 0 {
		return 0
	}
	return (power + 9) / 10
}

// HitFromAccuracy is the accuracy rule: the lowest d20 face that hits a
// move of the given mainline accuracy. 100% moves miss only on a 1 (≥2);
// every 5% less moves the line up by one face (90% is ≥3, 70% is ≥7). A move
// that never misses (accuracy 0 here) returns 0.
func HitFromAccuracy(acc int) int {
	if acc <= 0 {
		return 0
	}
	return max(2, 1+(100-acc+4)/5)
}

// StabBonus is the STAB column of the "STAB & Resistance" table, by the
// move's AP cost (4 and 5 AP: +1, 6 and 7: +2, 8: +3). Costs below 4 use the
// 4 AP row and above 8 the 8 AP row.
func StabBonus(ap int) int {
	return [5]int{1, 1, 2, 2, 3}[apRow(ap)]
}

// ResistBonus is the effectiveness part of the "STAB & Resistance" table:
// the damage added (super-effective) or taken away (not very effective) by
// the type multiplier mult (1/4, 1/2, 1, 2 or 4) for a move of the given AP
// cost. Immunity (0) is not in the table: an immune defender takes no
// damage at all, see Damage.
func ResistBonus(ap int, mult float64) int {
	r := apRow(ap)
	switch {
	case mult >= 4:
		return [5]int{6, 6, 7, 7, 8}[r]
	case mult >= 2:
		return [5]int{4, 4, 5, 5, 6}[r]
	case mult == 1 || mult == 0:
		return 0
	case mult >= 0.5:
		return -[5]int{4, 4, 5, 5, 6}[r]
	default:
		return -[5]int{6, 6, 7, 7, 8}[r]
	}
}

func apRow(ap int) int { return min(max(ap, 4), 8) - 4 }

// ResistBonusPages is ResistBonus by the group's newer rules page, whose
// table gives one point less for ½ and for 2x (½: -3, -3, -4, -4, -5;
// 2x: +3, +3, +4, +4, +5 for 4 to 8 AP; ¼ and 4x as in the rule text).
func ResistBonusPages(ap int, mult float64) int {
	r := ResistBonus(ap, mult)
	switch {
	case mult >= 2 && mult < 4:
		return r - 1
	case mult >= 0.5 && mult < 1:
		return r + 1
	}
	return r
}

// StageStat is the "Offense/Defense Stats" column of the stage table: a
// stage of +n adds n (and -n takes n away), stages limited to ±6.
func StageStat(stage int) int { return clampStage(stage) }

// StageAccuracy is the "Accuracy" column of the stage table: how many faces
// a move's hit line moves down (+) or up (-) at the user's accuracy stage.
// +1 to +5 give +1 to +5 and +6 gives +8; -1 to -6 give -1 to -6.
func StageAccuracy(stage int) int {
	s := clampStage(stage)
	if s == 6 {
		return 8
	}
	return s
}

// StageCrit is the "Crit Ratio Range" column: the lowest face that crits at
// a crit stage (0: 20 only; +1: 18-20, +2: 16-20, +3: 14-20, +4: 10-20,
// +5: 5-20, +6: 2-20). Negative stages crit on 20 only.
func StageCrit(stage int) int {
	return [7]int{20, 18, 16, 14, 10, 5, 2}[max(0, clampStage(stage))]
}

// critStageOf returns the crit stage whose range starts at face (the stage
// a move's own crit range stands for).
func critStageOf(face int) int {
	for s := 6; s > 0; s-- {
		if face <= StageCrit(s) {
			return s
		}
	}
	return 0
}

// StageEvasion is the "Evasion Range" column: at evasion stage +n the
// attacker misses on 1 to 2n+1 (a top face; 0 stage: 1, the critical miss),
// and at -n the attacker gains 2n faces of accuracy. It returns the top
// face of the evasion range (at least 1) and the attacker's accuracy gain.
func StageEvasion(stage int) (top, gain int) {
	s := clampStage(stage)
	if s >= 0 {
		return 2*s + 1, 0
	}
	return 1, -2 * s
}

// SpeedStage is the "Decreasing Speed" table with the speed stage rule: a
// character with maxAP whose speed is at stage has ap AP, never below 4 from
// decreases (each +1 stage adds 1 AP); each decrease that would take it
// below 4 AP gives its opponents one face of accuracy instead.
func SpeedStage(maxAP, stage int) (ap, exposed int) {
	s := clampStage(stage)
	if s >= 0 {
		return maxAP + s, 0
	}
	floor := min(maxAP, 4)
	ap = maxAP + s
	if ap < floor {
		exposed = floor - ap
		ap = floor
	}
	return ap, exposed
}

func clampStage(s int) int { return min(max(s, -6), 6) }

// MissingAPPenalty is the "Missing AP Penalty" table: the faces of accuracy
// lost when a move costs more AP than the user has, by the move's AP cost
// and the user's training tier with that move (0 untrained, 1 to 3). A user
// with enough AP has no penalty.
func MissingAPPenalty(moveAP, userAP, tier int) int {
	if moveAP <= userAP || moveAP <= 5 {
		return 0
	}
	pen := 2 * (min(moveAP, 8) - 5) // 6 AP: 2, 7: 4, 8: 6
	return max(0, pen-2*tier)
}

// MissingAPPenaltyPages is the missing-AP penalty by the group's newer
// rules page: the same penalties untrained, and none once the move is
// trained at all (3, 4 or 5 sessions for 6, 7 or 8 AP).
func MissingAPPenaltyPages(moveAP, userAP int, trained bool) int {
	if trained {
		return 0
	}
	return MissingAPPenalty(moveAP, userAP, 0)
}

// DoubleHitBonus is the group's page's table for double- and triple-hit
// moves: the bonus of the hit-th hit (0 for the first) for a user with
// points in the move's offensive stat: +1 a hit from 5 points, +2 from 10.
func DoubleHitBonus(hit, points int) int {
	switch {
	case points >= 10:
		return 2 * hit
	case points >= 5:
		return hit
	}
	return 0
}

// MaxHitDamage caps each hit of a double- or triple-hit move.
const MaxHitDamage = 10

// MultiHit is the "Multi-Hit Moves" table: for a multi-hit roll (2 to 20 on
// the d20) it returns the number of hits and the total BP of a 4 AP (15 BP
// mainline) or 5 AP (25 BP mainline) move. With a Tamper Scarf the ranges
// shift down (2-5 is two hits, ..., 17-20 five). A roll outside 2 to 20
// lands nothing.
func MultiHit(roll, ap int, tamperScarf bool) (hits, bp int) {
	if roll < 2 || roll > 20 {
		return 0, 0
	}
	tops := [5]int{2, 7, 16, 18, 20} // highest roll for 1..5 hits
	if tamperScarf {
		tops = [5]int{1, 5, 12, 16, 20}
	}
	for i, top := range tops {
		if roll <= top {
			hits = i + 1
			break
		}
	}
	bps := [5]int{1, 2, 4, 6, 8}
	if ap >= 5 {
		bps = [5]int{2, 5, 7, 9, 12}
	}
	return hits, bps[hits-1]
}

// MultiTargetPenalty is the multi-target rule: -3 damage for each opponent
// after the first. Multi-target moves reach at most 3 opponents; room-hitters
// reach every opponent present (allies they hurt do not count). Explosion,
// Self-Destruct and Misty Explosion have no penalty (allies take hits
// instead).
func MultiTargetPenalty(opponents int, exempt bool) int {
	if exempt || opponents <= 1 {
		return 0
	}
	return 3 * (opponents - 1)
}

// PriorityBonus is the priority rule: a move whose AP cost was cut by
// priority deals that much more damage to an opponent not yet harmed by an
// attacking move or a status condition.
func PriorityBonus(m *Move, opponentHarmed bool) int {
	if opponentHarmed || m == nil {
		return 0
	}
	return m.APCut
}

// RecoilOrScreen is the "Recoil & Screens" table: the damage recoiled (or,
// for a screen, taken off) for damage dealt or received: 1-10: 3, 11-20: 6,
// 21-30: 9, 31-40: 12, 41 and more: 15. No damage, no recoil.
func RecoilOrScreen(damage int) int {
	if damage <= 0 {
		return 0
	}
	return 3 * min((damage+9)/10, 5)
}

// HealFromPercent is the "Healing Moves" table: 25% heals 2 HP, 50% heals 4
// and 75% heals 6 (in between, 8 HP per 100%, rounded).
func HealFromPercent(pct int) int {
	return int(math.Round(float64(pct) * 8 / 100))
}

// DoT kinds of the "Damage Over Time" table.
const (
	Burn          = "burn"
	Poison        = "poison"
	BadlyPoisoned = "badly poisoned"
)

// DoT is the "Damage Over Time" table: damage a turn by kind and the
// afflicted's max HP (1-30 or 31 and more). An unknown kind deals 0.
func DoT(kind string, maxHP int) int {
	high := maxHP > 30
	switch kind {
	case Burn, Poison:
		if high {
			return 4
		}
		return 2
	case BadlyPoisoned:
		if high {
			return 6
		}
		return 4
	}
	return 0
}

// APFromSpeed is the Speed rule: 4 base AP, +1 at 1, 3, 5 and 10 points in
// Speed, +1 more when Speed training reaches tier III; a character's AP from
// Speed is at most 8.
func APFromSpeed(points, trainingTier int) int {
	ap := 4
	for _, at := range [4]int{1, 3, 5, 10} {
		if points >= at {
			ap++
		}
	}
	if trainingTier >= 3 {
		ap++
	}
	return min(ap, 8)
}

// MaxHP is the HP rule: the level table's base HP plus 2 a point in HP.
func MaxHP(baseHP, points int) int { return baseHP + 2*points }
