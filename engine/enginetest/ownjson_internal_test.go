package enginetest

import (
	"encoding/json"
	"errors"
	"testing"
)

// point writes its own JSON, leaving out Y when drop is set.
type point struct {
	X, Y int
	drop bool
	fail bool
}

func (p point) AppendJSON(b []byte) ([]byte, error) {
	if p.fail {
		return nil, errors.New("cannot")
	}
	if p.drop {
		return json.Marshal(struct{ X int }{p.X})
	}
	return json.Marshal(struct{ X, Y int }{p.X, p.Y})
}

// TestOwnJSONIs_Marshal checks the check the suite makes of every view,
// action and event data that writes its own JSON: the bytes must be
// json.Marshal's, and a value without its own JSON passes.
func TestOwnJSONIs_Marshal(t *testing.T) {
	for _, tc := range []struct {
		name    string
		v       any
		wantErr bool
	}{
		{"same bytes", point{X: 1, Y: 2}, false},
		{"a field left out", point{X: 1, Y: 2, drop: true}, true},
		{"an error", point{X: 1, fail: true}, true},
		{"no AppendJSON", struct{ X, Y int }{1, 2}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(struct{ X, Y int }{1, 2})
			if err != nil {
				t.Fatal(err)
			}
			if err := ownJSONIs(tc.v, want); (err != nil) != tc.wantErr {
				t.Errorf("ownJSONIs(%+v) = %v, want an error: %v", tc.v, err, tc.wantErr)
			}
		})
	}
}
