package tmd

import "testing"

// TestNames_APlayersNameForTheirCharacterSaysWhichNameToWrite: players
// know one another by their players' names; where a character is called
// otherwise, naming the player (as the page's examples do) is refused with
// the character's name to write instead, in the team and in a battle.
func TestNames_APlayersNameForTheirCharacterSaysWhichNameToWrite(t *testing.T) {
	rename := func(i int, sh *Sheet) { sh.Name = []string{"Pip", "Ember", "Shell"}[i] }
	s := mustTeam(t, rename)
	mustRefuse(t, s, gmSeat, SetLeader{Who: "Bo"}, "Bo is not a member of the team (Bo plays Ember: name the character)")
	mustRefuse(t, s, gmSeat, SetLeader{Who: "Zed"}, "Zed is not a member of the team")
	mustApply(t, s, gmSeat, SetLeader{Who: "Ember"}, nil)

	b := mustBattle(t, Allies, rename, geodude)
	mustRefuse(t, b, annSeat, Guard{Ally: "Bo"}, "there is no Bo in this battle (Bo plays Ember: name the character)")
}
