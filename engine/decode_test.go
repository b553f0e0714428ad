package engine_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabletop/engine"
)

func TestDecodeStrict(t *testing.T) {
	type train struct {
		Monster int    `json:"monster"`
		Ability string `json:"ability"`
	}
	tests := []struct {
		name, raw, wantErr string
		want               train
	}{
		{"fields", `{"monster":2,"ability":"speed"}`, "", train{2, "speed"}},
		{"empty body is {}", ``, "", train{}},
		{"null is {}", `null`, "", train{}},
		{"unknown field", `{"monstr":2}`, `pmr: train: bad action body: malformed JSON: unknown field "monstr"`, train{}},
		{"a long unknown field", `{"` + strings.Repeat("m", 10_000) + `":2}`, `unknown field "` + strings.Repeat("m", engine.MaxQuoted) + `…"`, train{}},
		{"trailing data", `{"monster":2} {}`, "bad action body: malformed JSON: data after the value", train{}},
		{"wrong type", `{"monster":"two"}`, `bad action body: malformed JSON: "monster" must be a whole number, not text`, train{}},
		{"a fraction", `{"monster":1.5}`, `"monster" must be a whole number, not 1.5`, train{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got train
			err := engine.DecodeStrict("pmr", "train", json.RawMessage(tt.raw), &got)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("DecodeStrict(%q) error = %v, want %q", tt.raw, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("DecodeStrict(%q) = %+v, %v; want %+v", tt.raw, got, err, tt.want)
			}
		})
	}
}

// TestJSONMismatch_SaysWhatTheValueIs: a JSON value that does not fit its
// field is described in a player's words, and a number is named as sent
// where "a whole number, not a number" would say nothing true.
func TestJSONMismatch_SaysWhatTheValueIs(t *testing.T) {
	type fields struct {
		Count int
		Small uint8
		Cost  uint
		Ok    bool
		Name  string
		List  []int
		Score float64
	}
	for _, tc := range []struct{ name, body, want string }{
		{"a fraction for a whole number", `{"Count": 1.5}`, "a whole number, not 1.5"},
		{"an exponent for a whole number", `{"Count": 1e2}`, "a whole number, not 1e2"},
		{"too large for a byte", `{"Small": 300}`, "a whole number from 0 to 255, not 300"},
		{"negative for a count", `{"Cost": -1}`, "a whole number from 0 to 18446744073709551615, not -1"},
		{"too large for an int", `{"Count": 99999999999999999999}`, "a whole number from -9223372036854775808 to 9223372036854775807, not 99999999999999999999"},
		{"a long number", `{"Count": 0.` + strings.Repeat("5", 10_000) + `}`, "a whole number, not 0." + strings.Repeat("5", engine.MaxQuoted-2) + "…"},
		{"text for a whole number", `{"Count": "2"}`, "a whole number, not text"},
		{"a number for true or false", `{"Ok": 1}`, "true or false, not a number"},
		{"a number for text", `{"Name": 5}`, "text, not a number"},
		{"an object for a list", `{"List": {}}`, "a list, not an object"},
		{"true for a number", `{"Score": true}`, "a number, not true or false"},
		{"a list for text", `{"Name": []}`, "text, not a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v fields
			err := json.Unmarshal([]byte(tc.body), &v)
			var typ *json.UnmarshalTypeError
			if !errors.As(err, &typ) {
				t.Fatalf("Unmarshal(%.40s) = %v, want a type error", tc.body, err)
			}
			if got := engine.JSONMismatch(typ); got != tc.want {
				t.Errorf("JSONMismatch(%.40s) = %q, want %q", tc.body, got, tc.want)
			}
		})
	}
}
