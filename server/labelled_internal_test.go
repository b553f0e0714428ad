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
	got := labelled(twoLabels{}, nil, legal)
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
	if plain := legalActions(word("one")); &labelled(twoLabels{}, nil, plain)[0] != &plain[0] {
		t.Errorf("a list with no label to add is not the list itself")
	}
}
