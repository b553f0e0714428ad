package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// DecodeStrict reads an action's JSON body into v for Game.Decode: an empty
// or null body means {}, and unknown fields or trailing data are errors, so a
// misspelt field is refused rather than silently ignored. Errors start with
// the game's id: "pmr: train: bad action body ...".
func DecodeStrict(game, kind string, raw json.RawMessage, v any) error {
	body := bytes.TrimSpace(raw)
	if len(body) == 0 || bytes.Equal(body, []byte("null")) {
		body = []byte("{}")
	}
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%s: %s: bad action body %s: %v", game, kind, raw, err)
	}
	if d.More() {
		return fmt.Errorf("%s: %s: bad action body %s: trailing data", game, kind, raw)
	}
	return nil
}
