package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// DecodeStrict reads an action's JSON body into v for Game.Decode: an empty
// or null body means {}, and unknown fields or trailing data are errors, so a
// misspelt field is refused rather than silently ignored. Errors start with
// the game's id and say what is wrong in a client's words (JSONProblem):
// "pmr: train: bad action body: malformed JSON: "monster" must be a whole
// number, not 1.5".
func DecodeStrict(game, kind string, raw json.RawMessage, v any) error {
	body := bytes.TrimSpace(raw)
	if len(body) == 0 || bytes.Equal(body, []byte("null")) {
		body = []byte("{}")
	}
	if err := UnmarshalStrict(body, v); err != nil {
		return fmt.Errorf("%s: %s: bad action body: %s", game, kind, JSONProblem(err))
	}
	return nil
}

// errTrailing is UnmarshalStrict's error for data after the value.
var errTrailing = errors.New("trailing data")

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
		return errTrailing
	}
	return nil
}

// JSONProblem says what is wrong with JSON that did not decode (from
// json.Unmarshal, a json.Decoder or UnmarshalStrict) in a client's words,
// never Go's: no Go types, no package names, and at most MaxQuoted
// characters of what the client sent. An error of a value's own
// UnmarshalText or UnmarshalJSON (a game's "not an ability") is its own
// words, and is returned as it is.
func JSONProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "malformed JSON: the body is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: it ends too early"
	case errors.Is(err, errTrailing):
		return "malformed JSON: data after the value"
	case errors.As(err, &syn):
		return fmt.Sprintf("malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &typ) && typ.Field == "":
		return "malformed JSON: want " + JSONMismatch(typ)
	case errors.As(err, &typ):
		return fmt.Sprintf("malformed JSON: %s must be %s", Quote(typ.Field), JSONMismatch(typ))
	}
	msg := err.Error()
	if field, ok := strings.CutPrefix(msg, `json: unknown field "`); ok {
		if name, err := strconv.Unquote(`"` + field); err == nil {
			return "malformed JSON: unknown field " + Quote(name)
		}
	}
	if strings.HasPrefix(msg, "json: ") {
		return "malformed JSON"
	}
	return msg
}

// JSONMismatch says what a JSON value that does not fit its Go field should
// be and what it is, in a player's words: "text, not a number", "a whole
// number, not 1.5", "a whole number from 0 to 255, not 300". A number it
// names is as the client wrote it, clipped (Clip).
func JSONMismatch(e *json.UnmarshalTypeError) string {
	want := JSONKind(e.Type)
	lit, ok := strings.CutPrefix(e.Value, "number ")
	if !ok || want != "a whole number" {
		return want + ", not " + JSONValueKind(e.Value)
	}
	if strings.ContainsAny(lit, ".eE") {
		return "a whole number, not " + Clip(lit) // 1.5, or 1e2, which Go reads as a fraction
	}
	t := e.Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uintptr {
		return fmt.Sprintf("a whole number from 0 to %d, not %s", uint64(1)<<t.Bits()-1, Clip(lit))
	}
	return fmt.Sprintf("a whole number from %d to %d, not %s", -int64(1)<<(t.Bits()-1), int64(1)<<(t.Bits()-1)-1, Clip(lit))
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
