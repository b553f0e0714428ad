package engine

import "strconv"

// Count writes n with its noun in the singular or the plural, for texts
// players read: Count(1, "seat", "seats") is "1 seat", Count(3, ...) "3
// seats".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
