package server

import (
	"errors"
	"net/http"

	"tabletop/engine"
	"tabletop/store"
)

// Error is a refusal the server itself decides on (bad input, a bad token):
// its Msg is safe to show to the client.
type Error struct {
	Status int    // HTTP status
	Code   string // machine-readable: "bad_request", "forbidden"
	Msg    string // for people
}

func (e *Error) Error() string { return "server: " + e.Msg }

func errorf(status int, code, msg string) *Error { return &Error{Status: status, Code: code, Msg: msg} }

var (
	errBadToken  = errorf(http.StatusForbidden, "bad_token", "this link or token is not valid for this table")
	errNoTable   = errorf(http.StatusNotFound, "not_found", "no such table")
	errNotOver   = errorf(http.StatusConflict, "not_over", "the export and the seed are published when the game is over")
	errRateLimit = errorf(http.StatusTooManyRequests, "rate_limited", "too many requests: slow down and try again in a moment")
	// errTooManyStreams refuses a stream past Config.StreamsPerClient.
	errTooManyStreams = errorf(http.StatusTooManyRequests, "too_many_streams", "too many live pages open from your address: close some tabs of tables and try again")
	errSpectator      = errorf(http.StatusForbidden, "spectator", "spectators only watch: use your seat's invite link to play")
	// errAlreadyMade refuses an action sent for a moment the seat has
	// already acted after: the same click again.
	errAlreadyMade = errorf(http.StatusConflict, "already_made", "that move was already made; nothing more was done")
	errInternal    = errorf(http.StatusInternalServerError, "internal", "something went wrong on the server; nothing was changed that you were not told about")
)

// classify is the one table from errors to what the client is told. Errors
// that are not refusals are logged and reported as a generic internal error:
// their text may hold anything, so it never reaches the client.
func (s *Server) classify(r *http.Request, err error) *Error {
	var se *Error
	var ae *engine.ActionError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &se):
		return se
	case errors.As(err, &mbe):
		return errorf(http.StatusRequestEntityTooLarge, "too_large", "the request is too large")
	case errors.Is(err, store.ErrNotFound):
		return errNoTable
	case errors.Is(err, store.ErrVersionConflict):
		return errorf(http.StatusConflict, "version_conflict", "the table has moved on since you looked: reload and try again")
	case errors.As(err, &ae):
		msg := ae.Refusal()
		switch {
		case errors.Is(err, engine.ErrGameOver):
			return errorf(http.StatusConflict, "game_over", msg)
		case errors.Is(err, engine.ErrNotYourTurn):
			return errorf(http.StatusConflict, "not_your_turn", msg)
		default:
			return errorf(http.StatusUnprocessableEntity, "illegal_action", msg)
		}
	case errors.Is(err, engine.ErrGameOver):
		return errorf(http.StatusConflict, "game_over", "the game is over")
	case errors.Is(err, engine.ErrNotYourTurn):
		return errorf(http.StatusConflict, "not_your_turn", "it is not your turn")
	case errors.Is(err, engine.ErrIllegalAction):
		return errorf(http.StatusUnprocessableEntity, "illegal_action", "that action is not allowed now")
	}
	// Log the error without the request body or the URL (which may hold a
	// seat's token): the route pattern says where it happened.
	s.log.Error("internal error", "route", r.Pattern, "err", err)
	return errInternal
}
