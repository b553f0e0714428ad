package mgt

import (
	"strings"
	"testing"

	"tabletop/engine"
)

// explainHand is a hand of a proud card, another card of its type, two
// cheerful cards of other types and a card without effect, from the deck.
func explainHand(t *testing.T) (proud, kin, cheer1, cheer2, plain Card, v *View) {
	t.Helper()
	proud, kin, cheer1, cheer2, plain = NoCard, NoCard, NoCard, NoCard, NoCard
	for i := range deck.Cards {
		if deck.Cards[i].Nature == Proud {
			proud = Card(i)
			break
		}
	}
	for i := range deck.Cards {
		c, info := Card(i), &deck.Cards[i]
		switch {
		case proud < 0:
		case c != proud && info.Key == proud.Info().Key && info.Nature != Cheerful && kin < 0:
			kin = c
		case info.Key == proud.Info().Key:
		case info.Nature == Cheerful && cheer1 < 0:
			cheer1 = c
		case info.Nature == Cheerful && cheer2 < 0 && info.Key != cheer1.Info().Key:
			cheer2 = c
		case info.Nature == NoNature && plain < 0:
			plain = c
		}
	}
	if proud < 0 || kin < 0 || cheer2 < 0 || plain < 0 {
		t.Fatalf("the deck lacks the cards this test needs: %v %v %v %v %v", proud, kin, cheer1, cheer2, plain)
	}
	v = &View{Seat: 0, Players: []PlayerView{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bo"}}}
	for _, c := range []Card{proud, kin, cheer1, cheer2, plain} {
		v.Hand = append(v.Hand, CardView{Card: c, Nature: c.Info().Nature})
	}
	return proud, kin, cheer1, cheer2, plain, v
}

func TestExplain_ProudDiscardSaysWhatLeavesAndWhatIsBanned(t *testing.T) {
	proud, kin, cheer1, _, _, v := explainHand(t)
	got := Game.(engine.Explainer).Explain(v, Discard{Card: proud})
	for _, want := range []string{"Proud", deck.Keys[proud.Info().Key].Name + " is banned for you", kin.String()} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain(discard %s) = %q, want it to say %q", proud, got, want)
		}
	}
	if strings.Contains(got, cheer1.String()) {
		t.Errorf("Explain(discard %s) = %q names %s, which is of another type", proud, got, cheer1)
	}
}

func TestExplain_CheerfulDiscardNamesTheOtherCheerfulCards(t *testing.T) {
	_, kin, cheer1, cheer2, _, v := explainHand(t)
	got := Game.(engine.Explainer).Explain(v, Discard{Card: cheer1})
	if !strings.Contains(got, "Cheerful") || !strings.Contains(got, cheer2.String()) || strings.Contains(got, kin.String()) {
		t.Errorf("Explain(discard %s) = %q, want it to name %s and only the cheerful cards", cheer1, got, cheer2)
	}
}

func TestExplain_PlainDiscardClaimAndAttackSayWhatTheyDo(t *testing.T) {
	_, _, _, _, plain, v := explainHand(t)
	e := Game.(engine.Explainer)
	set := deck.Sets[plain.Info().Set].Name
	for _, c := range []struct {
		a    engine.Action
		want string
	}{
		{Discard{Card: plain}, "No effect (none); a player holding three " + set + " may claim it"},
		{Claim{Card: plain}, "three of your " + set + " cards"},
		{Claim{Card: plain, Cheerful: true}, "three of your cheerful cards"},
		{Attack{Target: 1}, "rock-paper-scissors with Bo: the loser loses their next turn"},
		{Attack{Target: 7}, ""},
		{Discard{Card: Card(999)}, ""},
	} {
		got := e.Explain(v, c.a)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("Explain(%v) = %q, want it to say %q", c.a, got, c.want)
		}
	}
}

// TestExplain_HonestDiscardAndClaimSayTheClaimerSeesTheHand: an honest
// discard is no card without effect (whoever claims it sees the
// discarder's hidden hand), and claiming it says whose hand it shows; an
// impatient discard says it acts only when drawn.
func TestExplain_HonestDiscardAndClaimSayTheClaimerSeesTheHand(t *testing.T) {
	honest, impatient := NoCard, NoCard
	for i := range deck.Cards {
		switch c := Card(i); {
		case c.Info().Nature == Honest && honest < 0:
			honest = c
		case c.Info().Nature == Impatient && impatient < 0:
			impatient = c
		}
	}
	if honest < 0 || impatient < 0 {
		t.Fatalf("the deck lacks an honest or an impatient card: %v %v", honest, impatient)
	}
	e := Game.(engine.Explainer)
	ann := &View{Seat: 0, Players: []PlayerView{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bo"}},
		Hand: []CardView{{Card: honest, Nature: Honest}, {Card: impatient, Nature: Impatient}}}
	for _, c := range []struct {
		a    Discard
		want string
	}{
		{Discard{Card: honest}, "Honest: whoever claims it sees your hidden hand"},
		{Discard{Card: impatient}, "Impatient, which acts only when drawn: no effect as a discard"},
	} {
		if got := e.Explain(ann, c.a); !strings.Contains(got, c.want) || strings.Contains(got, "No effect (") {
			t.Errorf("Explain(discard %s) = %q, want it to say %q", c.a.Card, got, c.want)
		}
	}
	// Bo answers Ann's honest discard.
	bo := &View{Seat: 1, Turn: 0, Players: ann.Players, Card: &CardView{Card: honest, Nature: Honest}}
	if got, want := e.Explain(bo, Claim{Card: honest}), "Honest: she also shows you Ann's hidden hand."; !strings.Contains(got, want) {
		t.Errorf("Explain(claim %s) = %q, want it to say %q", honest, got, want)
	}
	// A card without effect shows no hand.
	plain := &View{Seat: 1, Turn: 0, Players: ann.Players, Card: &CardView{Card: honest, Nature: NoNature}}
	if got := e.Explain(plain, Claim{Card: honest}); strings.Contains(got, "hidden hand") {
		t.Errorf("Explain(claim) of a card whose nature is none = %q, names a hand", got)
	}
}
