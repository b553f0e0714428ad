package engine_test

import (
	"encoding/json"
	"errors"
	"maps"
	"testing"

	"tabletop/engine"
)

// TestOptions_ANumberOrTrueOrFalseReadsAsTheTextOfItsJSON: a client may
// write an option's value as text or as the JSON number or boolean it
// stands for; anything else (an object, a list, null) is refused naming
// the option (an OptionValueError), and options that are not an object
// are refused as such.
func TestOptions_ANumberOrTrueOrFalseReadsAsTheTextOfItsJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want engine.Options
	}{
		{`{"turns": "6"}`, engine.Options{"turns": "6"}},
		{`{"turns": 6, "shared_wins": true, "fast": false}`, engine.Options{"turns": "6", "shared_wins": "true", "fast": "false"}},
		{`{"turns": -1.5}`, engine.Options{"turns": "-1.5"}},
		{`{}`, engine.Options{}},
		{`null`, nil},
	} {
		var got engine.Options
		if err := json.Unmarshal([]byte(tc.in), &got); err != nil || !maps.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
			t.Errorf("%s = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{`{"turns": [6]}`, `option "turns" must be text, a number or true or false, not a list`},
		{`{"turns": {"n": 6}}`, `option "turns" must be text, a number or true or false, not an object`},
		{`{"turns": null}`, `option "turns" must be text, a number or true or false, not null`},
		{`["turns"]`, `options must be an object of option values by name, not a list`},
		{`6`, `options must be an object of option values by name, not a number`},
	} {
		var got struct {
			Options engine.Options `json:"options"`
		}
		err := json.Unmarshal([]byte(`{"options": `+tc.in+`}`), &got)
		if err == nil || engine.JSONProblem(err) != tc.want {
			t.Errorf("%s: error %v, want %q", tc.in, err, tc.want)
		}
		// A value that is not one is an option's problem, which the
		// server reports as the schema's; options that are no object are not.
		ove, isValue := errors.AsType[*engine.OptionValueError](err)
		if wantValue := tc.in[0] == '{'; isValue != wantValue || isValue && ove.Name != "turns" {
			t.Errorf("%s: OptionValueError %+v, %v; want one for \"turns\": %v", tc.in, ove, isValue, wantValue)
		}
	}
	if b, err := json.Marshal(engine.Options{"turns": "6"}); err != nil || string(b) != `{"turns":"6"}` {
		t.Errorf("options are written as text: %s, %v", b, err)
	}
}
