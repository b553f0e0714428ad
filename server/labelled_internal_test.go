package server

import (
	"testing"

	"tabletop/engine"
)

// word is an action that is its own text.
type word string

func (word) Kind() string     { return "word" }
func (w word) String() string { return string(w) }

// twoLabels labels every action but the first "NAME, say more".
type twoLabels struct{}

func (twoLabels) Label(_ engine.View, a engine.Action) string {
	if a.String() == "one" {
		return ""
	}
	return a.String() + ", say more"
}

// TestLabelled_ALabelledCopyWritesWhatJSONMarshalWritesAndTheOfferIsKept:
// labelled leaves the list it is given as it was (a table's offers are
// shared), and each labelled copy's JSON, which the state copies, is
// json.Marshal's with "label" last.
func TestLabelled_ALabelledCopyWritesWhatJSONMarshalWritesAndTheOfferIsKept(t *testing.T) {
	legal := legalActions(word("one"), word("two"), word("three"))
	before := string(legal[1].json)
	got := labelled(twoLabels{}, nil, nil, legal)
	if got[0] != legal[0] || got[1] == legal[1] || got[1].Label != "two, say more" || got[2].Label != "three, say more" {
		t.Fatalf("labelled = %+v %+v %+v", got[0], got[1], got[2])
	}
	if legal[1].Label != "" || string(legal[1].json) != before {
		t.Errorf("the offered list was changed: %+v", legal[1])
	}
	for _, la := range got {
		if err := checkJSON(la, func(b []byte) ([]byte, error) { return append(b, la.json...), nil }); err != nil {
			t.Error(err)
		}
	}
	if plain := legalActions(word("one")); &labelled(twoLabels{}, nil, nil, plain)[0] != &plain[0] {
		t.Errorf("a list with no label to add is not the list itself")
	}
}

// explainsTwo explains the actions "two" and "three" from the view it is
// given, which is the seat's.
type explainsTwo struct{}

func (explainsTwo) Explain(v engine.View, a engine.Action) string {
	if a.String() == "one" {
		return ""
	}
	return a.String() + " does what " + v.(string) + " sees"
}

// TestLabelled_AnExplainedCopyWritesWhatJSONMarshalWritesAndTheOfferIsKept:
// where the game explains an action (engine.Explainer), its entry is a
// copy that says so in "explain", from the view it is given, after any
// "label"; the list offer keeps is left as it was, and a list with nothing
// to explain is the list itself.
func TestLabelled_AnExplainedCopyWritesWhatJSONMarshalWritesAndTheOfferIsKept(t *testing.T) {
	legal := legalActions(word("one"), word("two"), word("three"))
	before := string(legal[2].json)
	got := labelled(twoLabels{}, explainsTwo{}, "Ann's view", legal)
	if got[0] != legal[0] || got[1] == legal[1] || got[1].Explain != "two does what Ann's view sees" || got[2].Label != "three, say more" || got[2].Explain != "three does what Ann's view sees" {
		t.Fatalf("labelled = %+v %+v %+v", got[0], got[1], got[2])
	}
	if legal[2].Label != "" || legal[2].Explain != "" || string(legal[2].json) != before {
		t.Errorf("the offered list was changed: %+v", legal[2])
	}
	for _, la := range got {
		if err := checkJSON(la, func(b []byte) ([]byte, error) { return append(b, la.json...), nil }); err != nil {
			t.Error(err)
		}
	}
	if only := labelled(nil, explainsTwo{}, "Bo's view", legal); only[1].Label != "" || only[1].Explain != "two does what Bo's view sees" {
		t.Errorf("explained without a labeler: %+v", only[1])
	}
	if plain := legalActions(word("one")); &labelled(nil, explainsTwo{}, "", plain)[0] != &plain[0] {
		t.Errorf("a list with nothing to explain is not the list itself")
	}
}
