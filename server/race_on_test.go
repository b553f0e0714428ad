//go:build race

package server_test

// raceDetector says whether the tests run under the race detector, whose
// shadow memory the runtime never hands back to the system: resident
// memory then says nothing about what the server keeps.
const raceDetector = true
