package server

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// node is one entry of a view rendered generically: a key and either a
// value or nested entries.
type node struct {
	Key   string
	Value string
	Kids  []node
}

// tree turns a view into nested entries through its JSON form, keeping the
// order of struct fields. A list of plain values becomes one comma-separated
// value; a list of objects becomes entries numbered from 1.
func tree(v any) ([]node, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	val, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	n := toNode("", val)
	if n.Kids == nil {
		return []node{{Key: "view", Value: n.Value}}, nil
	}
	return n.Kids, nil
}

// field keeps JSON object members in order.
type field struct {
	key string
	val any
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var fs []field
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				fs = append(fs, field{k.(string), v})
			}
			_, err := dec.Token()
			return fs, err
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
	}
	return tok, nil
}

func toNode(key string, v any) node {
	n := node{Key: strings.ReplaceAll(key, "_", " ")}
	switch t := v.(type) {
	case []field:
		if len(t) == 0 {
			n.Value = "—"
		}
		for _, f := range t {
			n.Kids = append(n.Kids, toNode(f.key, f.val))
		}
	case []any:
		plain := true
		for _, e := range t {
			switch e.(type) {
			case []field, []any:
				plain = false
			}
		}
		if plain {
			parts := make([]string, len(t))
			for i, e := range t {
				parts[i] = scalar(e)
			}
			n.Value = strings.Join(parts, ", ")
			if n.Value == "" {
				n.Value = "—"
			}
			return n
		}
		for i, e := range t {
			n.Kids = append(n.Kids, toNode(strconv.Itoa(i+1), e))
		}
	default:
		n.Value = scalar(t)
	}
	return n
}

func scalar(v any) string {
	switch t := v.(type) {
	case nil:
		return "—"
	case bool:
		if t {
			return "yes"
		}
		return "no"
	case string:
		if t == "" {
			return "—"
		}
		return t
	case json.Number:
		return t.String()
	}
	return ""
}
