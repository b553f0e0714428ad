//go:build !race

package server_test

// raceDetector says whether the tests run under the race detector (see
// race_on_test.go).
const raceDetector = false
