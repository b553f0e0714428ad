package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"
)

// actionConn is one seat's own keep-alive connection for posting actions:
// it writes each request itself and reads the answer with
// http.ReadResponse, in the seat's goroutine. http.Client would hand every
// request to two connection goroutines and back, which costs a load
// generator that shares the machine with the server more CPU than the
// server spends on the request. It reconnects after an error or when the
// server closes the connection.
type actionConn struct {
	addr, host string // host:port to dial, and the Host header
	path, auth string // the actions URL path, "Bearer TOKEN"
	conn       net.Conn
	br         *bufio.Reader
	req        []byte
}

func newActionConn(base, id, token string) (*actionConn, error) {
	host, ok := bytes.CutPrefix([]byte(base), []byte("http://"))
	if !ok {
		return nil, fmt.Errorf("loadgen: base URL %q is not http://HOST:PORT", base)
	}
	return &actionConn{addr: string(host), host: string(host), path: "/api/tables/" + id + "/actions", auth: "Bearer " + token}, nil
}

// post sends body and returns the answer's status, body and Retry-After.
func (c *actionConn) post(ctx context.Context, body []byte) (int, []byte, time.Duration, error) {
	if c.conn == nil {
		d := net.Dialer{Timeout: 5 * time.Second}
		conn, err := d.DialContext(ctx, "tcp", c.addr)
		if err != nil {
			return 0, nil, 0, err
		}
		if ta, ok := conn.RemoteAddr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
			conn.Close()
			return 0, nil, 0, fmt.Errorf("loadgen: refusing to connect to %s: not a loopback address", conn.RemoteAddr())
		}
		c.conn, c.br = conn, bufio.NewReaderSize(conn, 4<<10)
	}
	if dl, ok := ctx.Deadline(); ok {
		c.conn.SetDeadline(dl)
	}
	c.req = append(c.req[:0], "POST "...)
	c.req = append(c.req, c.path...)
	c.req = append(c.req, " HTTP/1.1\r\nHost: "...)
	c.req = append(c.req, c.host...)
	c.req = append(c.req, "\r\nAuthorization: "...)
	c.req = append(c.req, c.auth...)
	c.req = append(c.req, "\r\nContent-Type: application/json\r\nContent-Length: "...)
	c.req = strconv.AppendInt(c.req, int64(len(body)), 10)
	c.req = append(c.req, "\r\n\r\n"...)
	c.req = append(c.req, body...)
	if _, err := c.conn.Write(c.req); err != nil {
		c.close()
		return 0, nil, 0, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.close()
		return 0, nil, 0, err
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if err != nil {
		c.close()
		return 0, nil, 0, err
	}
	if resp.Close {
		c.close()
	}
	retry := time.Second
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 && s < 60 {
		retry = time.Duration(s) * time.Second
	}
	return resp.StatusCode, raw, retry, nil
}

func (c *actionConn) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn, c.br = nil, nil
	}
}

// decodeState reads the fields of a state event a seat client needs. The
// server sends them before the view (docs/api.md), so it stops reading once
// it has them and never scans the view; in any other order it reads on.
func decodeState(data []byte) (state, error) {
	var st state
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return st, errors.New("not a JSON object")
	}
	const need = 4 // seq, my_turn, over, legal
	for have := 0; have < need && dec.More(); {
		t, err := dec.Token()
		if err != nil {
			return st, err
		}
		var v any
		switch t {
		case "seq":
			v = &st.Seq
		case "my_turn":
			v = &st.MyTurn
		case "over":
			v = &st.Over
		case "legal":
			v = &st.Legal
		default:
			var skip json.RawMessage
			v = &skip
			have-- // not one of ours
		}
		if err := dec.Decode(v); err != nil {
			return st, fmt.Errorf("%v: %w", t, err)
		}
		have++
	}
	return st, nil
}
