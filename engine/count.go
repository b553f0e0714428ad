package engine

import (
	"strconv"
	"strings"
)

// Count writes n with its noun in the singular or the plural, for texts
// players read: Count(1, "seat", "seats") is "1 seat", Count(3, ...) "3
// seats".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// JoinAnd lists names for texts players read: "Ann", "Ann and Bo", "Ann,
// Bo and Cy"; no names give "".
func JoinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
