package engine

import (
	"bytes"
	"encoding/json"
	"errors"
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
	if err := UnmarshalStrict(body, v); err != nil {
		return fmt.Errorf("%s: %s: bad action body %s: %v", game, kind, raw, err)
	}
	return nil
}

// UnmarshalStrict reads exactly one JSON value from data into v: unknown
// fields and anything after the value are errors ("trailing data"), for
// what a program reads back and must not half-understand (action bodies,
// snapshots).
func UnmarshalStrict(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data")
	}
	return nil
}
