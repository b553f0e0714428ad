package engine_test

import (
	"encoding/json"
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
		{"unknown field", `{"monstr":2}`, `pmr: train: bad action body {"monstr":2}: json: unknown field "monstr"`, train{}},
		{"trailing data", `{"monster":2} {}`, "trailing data", train{}},
		{"wrong type", `{"monster":"two"}`, "bad action body", train{}},
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
