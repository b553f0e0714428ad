package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// jsonProblem says what is wrong with a request's JSON in a client's words,
// never Go's: no type names ("createRequest"), no package prefix.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "malformed JSON: the body is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: it ends too early"
	case errors.As(err, &syn):
		return fmt.Sprintf("malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Sprintf("malformed JSON: want %s, not %s", kindName(typ.Type), article(typ.Value))
		}
		return fmt.Sprintf("malformed JSON: %q must be %s, not %s", field, kindName(typ.Type), article(typ.Value))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, "unknown field ") {
		return "malformed JSON: " + msg
	}
	return "malformed JSON"
}

// kindName names what a Go type holds as JSON: text, a whole number, ...
func kindName(t reflect.Type) string {
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
		return kindName(t.Elem())
	}
	return "another kind of value"
}

// article puts "a" or "an" before the JSON kind the decoder names
// ("number", "string", "array", "object", "bool").
func article(v string) string {
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
