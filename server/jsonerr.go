package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"tabletop/engine"
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
			return fmt.Sprintf("malformed JSON: want %s, not %s", engine.JSONKind(typ.Type), engine.JSONValueKind(typ.Value))
		}
		return fmt.Sprintf("malformed JSON: %q must be %s, not %s", field, engine.JSONKind(typ.Type), engine.JSONValueKind(typ.Value))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, "unknown field ") {
		return "malformed JSON: " + msg
	}
	return "malformed JSON"
}
