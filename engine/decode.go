package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
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

// JSONKind names what a Go type holds as JSON, in a player's words: text,
// a whole number, a list... Messages about a refused JSON value use it.
func JSONKind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return JSONKind(t.Elem())
	}
	return "another kind of value"
}

// JSONValueKind names the kind of JSON value the decoder names in a
// json.UnmarshalTypeError ("number", "string", "array", "object", "bool")
// in a player's words: a number, text, a list...
func JSONValueKind(v string) string {
	switch {
	case v == "":
		return "that"
	case strings.HasPrefix(v, "number"):
		return "a number"
	case v == "string":
		return "text"
	case v == "bool":
		return "true or false"
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	}
	return v
}
