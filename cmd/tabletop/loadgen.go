package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"tabletop/internal/cputime"
	"tabletop/internal/loadgen"
)

func init() {
	register("loadgen", "play many tables at once against a local server and measure it: tabletop loadgen [--self | --addr 127.0.0.1:8080 --pid PID]", runLoadgen)
}

const loadgenUsage = `[--addr HOST:PORT [--pid PID] | --self [--rate R] [--cpuprofile FILE]] [--tables N] [--duration D] [--actions N] [--idle N [--hold D]] [--json]

Creates N tables of Pocket Monster Rancher (turns=300, so games outlast the
run; a table that ends is replaced), two person seats each. Each seat is one
client that follows its own event stream and posts a random legal action
whenever the stream says it is its turn (a single legal action is left to the
server, which plays it), until the duration or the action cap is reached. Only loopback servers (127.0.0.0/8, ::1, localhost) are accepted;
--self starts an in-process server on 127.0.0.1 with a temporary database.

It reports:
  acked    actions answered 200, i.e. stored (the server acknowledges only
           committed actions), per second
  stored   entries the tables' logs gained, per second (acked plus moves the
           server played for a seat whose only legal action it was)
  latency  p50/p99 from just before an action's POST is sent to the first state
           event on the acting seat's own stream whose seq reaches the seq the
           POST answered; and p50/p99 of the POST round trip (ack)
  errors   refused requests by code, failed requests and broken streams
  cpu      server CPU per acked action: with --self the whole process (server
           and load clients together); with --pid the server's utime+stime from
           /proc/PID/stat; otherwise omitted. The load clients' own CPU is
           reported separately with --addr.

With --idle N it plays nothing: it creates N/2 tables, opens both seats'
event streams of each, waits for every stream's first state and holds them
open for --hold (2 seconds), and reports the server's resident memory (VmRSS)
before the tables were created and with every stream open (read once every
stream has had its first state), and the difference per open stream. Give --pid for the server's alone; with --self the load
clients' memory is counted too.`

func runLoadgen(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "loadgen", loadgenUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "address of a running tabletop serve (loopback only)")
	self := fs.Bool("self", false, "start an in-process server on 127.0.0.1 with a temporary database")
	tables := fs.Int("tables", 50, "tables played at once (1 to 1000)")
	duration := fs.Duration("duration", 10*time.Second, "how long to play (at most 10m)")
	actions := fs.Int("actions", 0, "stop after this many actions (0: no cap)")
	pid := fs.Int("pid", 0, "process id of the server at --addr, to report its CPU time from /proc")
	turns := fs.Int("turns", 300, "turns option of each table (3 to 300)")
	rate := fs.Float64("rate", 20, "with --self: the server's per-seat action limit per second (20, burst 40, is what serve uses; -1 turns it off)")
	cpuProfile := fs.String("cpuprofile", "", "with --self: write a CPU profile of the run (server and clients) to this file")
	seed := fs.Uint64("seed", 1, "seed of the random choice among legal actions")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	idle := fs.Int("idle", 0, "hold this many seat streams open (two per table) without playing, and report the server's memory per open stream (2 to 20000)")
	hold := fs.Duration("hold", 2*time.Second, "with --idle: how long to hold every stream open once all are (at most 10m)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("loadgen takes no arguments, got %q (try -h)", pos[0])
	}
	addrSet := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "addr" {
			addrSet = true
		}
	})
	switch {
	case *tables < 1 || *tables > 1000:
		return usagef("--tables must be 1 to 1000, got %d", *tables)
	case *duration <= 0 || *duration > 10*time.Minute:
		return usagef("--duration must be over 0 and at most 10m, got %s", *duration)
	case *actions < 0:
		return usagef("--actions must be 0 or more, got %d", *actions)
	case *turns < 3 || *turns > 300:
		return usagef("--turns must be 3 to 300, got %d", *turns)
	case *self && addrSet:
		return usagef("--self starts its own server: leave out --addr")
	case *self && *pid != 0:
		return usagef("--self measures its own process: leave out --pid")
	case !*self && (*cpuProfile != "" || *rate != 20):
		return usagef("--rate and --cpuprofile are for --self; an external server has its own settings")
	case *rate == 0:
		return usagef("--rate must be positive, or -1 for no limit")
	case *pid < 0:
		return usagef("--pid must be a process id, got %d", *pid)
	case *idle != 0 && (*idle < 2 || *idle > 20000):
		return usagef("--idle must be 2 to 20000 streams, got %d", *idle)
	case *hold <= 0 || *hold > 10*time.Minute:
		return usagef("--hold must be over 0 and at most 10m, got %s", *hold)
	}

	var server cpuMeter
	base := ""
	if *self {
		dir, err := os.MkdirTemp("", "tabletop-loadgen-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		url, stop, err := startSelf(ctx, filepath.Join(dir, "loadgen.db"), *rate, env.Stderr)
		if err != nil {
			return err
		}
		defer stop()
		base = url
		server = cputime.Process
	} else {
		host, _, err := net.SplitHostPort(*addr)
		if err != nil {
			return usagef("--addr must be HOST:PORT, got %q", *addr)
		}
		if err := loadgen.CheckLoopback(host); err != nil {
			return usagef("--addr %s: only a server on this machine may be loaded (127.0.0.0/8, ::1 or localhost)", *addr)
		}
		base = "http://" + *addr
		if *pid != 0 {
			p := *pid
			server = func() (time.Duration, error) { return procCPU(p) }
			if _, err := server(); err != nil {
				return usagef("--pid %d: %v", p, err)
			}
		}
	}

	if *idle > 0 {
		rss := selfRSS
		if *pid != 0 {
			p := *pid
			rss = func() (int64, error) { return procRSS(p) }
		}
		return runIdle(ctx, env, base, *self, *idle, *turns, *hold, rss, *asJSON)
	}

	var cpu0, own0 time.Duration
	var cpu, own time.Duration
	var cpuErr, profErr error
	opts := loadgen.Options{
		BaseURL: base, Tables: *tables, Duration: *duration, MaxActions: *actions, Seed: *seed,
		Game: "pmr", GameOpts: map[string]string{"turns": strconv.Itoa(*turns)},
		OnStart: func() {
			if *cpuProfile != "" {
				profErr = startProfile(*cpuProfile)
			}
			own0, _ = cputime.Process()
			if server != nil {
				cpu0, cpuErr = server()
			}
		},
		OnStop: func() {
			if *cpuProfile != "" && profErr == nil {
				pprof.StopCPUProfile()
				profErr = profFile.Close()
			}
			o, _ := cputime.Process()
			own = o - own0
			if server != nil && cpuErr == nil {
				c, err := server()
				cpu, cpuErr = c-cpu0, err
			}
		},
	}
	res, err := loadgen.Run(ctx, nil, opts)
	if err != nil {
		return err
	}
	if profErr != nil {
		return fmt.Errorf("cpu profile: %w", profErr)
	}
	out := loadgenOutput{Result: res, Target: base, Self: *self}
	if server != nil && cpuErr == nil {
		out.ServerCPU = &cpuUse{Seconds: cpu.Seconds(), Cores: cpu.Seconds() / res.Seconds}
		if res.Acked > 0 {
			out.ServerCPU.MsPerAction = float64(cpu) / float64(time.Millisecond) / float64(res.Acked)
		}
		if *self {
			out.ServerCPU.Note = "whole process: server and load clients"
		}
	}
	if !*self {
		out.LoadgenCPU = &cpuUse{Seconds: own.Seconds(), Cores: own.Seconds() / res.Seconds}
		if res.Acked > 0 {
			out.LoadgenCPU.MsPerAction = float64(own) / float64(time.Millisecond) / float64(res.Acked)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	printLoadgen(env.Stdout, out)
	return nil
}

// startSelf starts serve's Main on 127.0.0.1 with the SQLite file db and a
// per-seat action rate (negative: none), and returns its URL and a function
// that stops it. Its many players all come from 127.0.0.1, so the limits per
// client address (requests, tables created) are off.
func startSelf(ctx context.Context, db string, rate float64, stderr io.Writer) (string, func(), error) {
	m := &Main{Addr: "127.0.0.1:0", DB: db, Games: registry(), ActionRate: rate, ClientRate: -1, TablesPerClient: -1, TablesPerHour: -1, StreamsPerClient: -1,
		Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	if err := m.Run(ctx); err != nil {
		return "", nil, err
	}
	return m.URL(), func() { m.Close() }, nil
}

var profFile *os.File

func startProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	profFile = f
	return nil
}

// loadgenOutput is what loadgen prints (as JSON with --json).
type loadgenOutput struct {
	*loadgen.Result
	Target     string  `json:"target"`
	Self       bool    `json:"self"`
	ServerCPU  *cpuUse `json:"server_cpu,omitempty"`
	LoadgenCPU *cpuUse `json:"loadgen_cpu,omitempty"`
}

// cpuUse is CPU time spent during the measured run.
type cpuUse struct {
	Seconds     float64 `json:"seconds"`
	Cores       float64 `json:"cores"` // seconds of CPU per second of run
	MsPerAction float64 `json:"ms_per_action"`
	Note        string  `json:"note,omitempty"`
}

func printLoadgen(w io.Writer, o loadgenOutput) {
	r := o.Result
	where := o.Target
	if o.Self {
		where += " (in-process, temporary SQLite database)"
	}
	fmt.Fprintf(w, "tabletop loadgen: %d tables of %s (%s), 2 seats each, against %s\n", r.Tables, r.Game, optionText(r.GameOpts), where)
	fmt.Fprintf(w, "  run      %.2f s, %d tables created, %d games ended\n", r.Seconds, r.TablesCreated, r.TablesEnded)
	fmt.Fprintf(w, "  acked    %d actions, %.1f/s (each stored before it is acknowledged)\n", r.Acked, r.AckedPerSec)
	fmt.Fprintf(w, "  stored   %d log entries, %.1f/s\n", r.Stored, r.StoredPerSec)
	fmt.Fprintf(w, "  latency  p50 %.2f ms, p99 %.2f ms, max %.2f ms (sent -> own stream shows it; n=%d)\n", r.Latency.P50, r.Latency.P99, r.Latency.Max, r.Latency.N)
	fmt.Fprintf(w, "  ack      p50 %.2f ms, p99 %.2f ms, max %.2f ms (POST round trip)\n", r.AckLatency.P50, r.AckLatency.P99, r.AckLatency.Max)
	fmt.Fprintf(w, "  errors   %d%s\n", r.Errors, codesText(r.ErrorCodes))
	if c := o.ServerCPU; c != nil {
		note := ""
		if c.Note != "" {
			note = "; " + c.Note
		}
		fmt.Fprintf(w, "  cpu      %.3f ms/action (%.2f s, %.2f cores%s)\n", c.MsPerAction, c.Seconds, c.Cores, note)
	}
	if c := o.LoadgenCPU; c != nil {
		fmt.Fprintf(w, "  loadgen  %.3f ms/action of its own CPU (%.2f s, %.2f cores)\n", c.MsPerAction, c.Seconds, c.Cores)
	}
}

func optionText(opts map[string]string) string {
	var parts []string
	for k, v := range opts {
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ",")
}

func codesText(codes map[string]int) string {
	if len(codes) == 0 {
		return ""
	}
	b, _ := json.Marshal(codes) // sorted keys
	return " " + string(b)
}

// cpuMeter returns a process's total CPU time (user and system) so far.
type cpuMeter func() (time.Duration, error)

// idleOutput is what loadgen --idle prints (as JSON with --json).
type idleOutput struct {
	*loadgen.IdleResult
	Target           string  `json:"target"`
	Self             bool    `json:"self"`
	RSSBefore        int64   `json:"rss_before_bytes"`
	RSSOpen          int64   `json:"rss_open_bytes"`
	KiBPerStream     float64 `json:"kib_per_stream"`
	KiBPerStreamGoal float64 `json:"kib_per_stream_target"`
}

// runIdle is loadgen --idle: streams seat streams held open against base,
// and the memory rss reports before and with them open.
func runIdle(ctx context.Context, env Env, base string, self bool, streams, turns int, hold time.Duration, rss func() (int64, error), asJSON bool) error {
	before, err := rss()
	if err != nil {
		return fmt.Errorf("reading the server's memory: %w", err)
	}
	var open int64
	var openErr error
	res, err := loadgen.Idle(ctx, nil, loadgen.IdleOptions{
		BaseURL: base, Streams: streams, Game: "pmr", GameOpts: map[string]string{"turns": strconv.Itoa(turns)}, Hold: hold,
		OnOpen: func() { open, openErr = rss() },
	})
	if err != nil {
		return err
	}
	if openErr != nil {
		return fmt.Errorf("reading the server's memory: %w", openErr)
	}
	out := idleOutput{IdleResult: res, Target: base, Self: self, RSSBefore: before, RSSOpen: open, KiBPerStreamGoal: 32}
	if res.Streams > 0 {
		out.KiBPerStream = float64(open-before) / 1024 / float64(res.Streams)
	}
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	where := base
	if self {
		where += " (in-process: the load clients' memory is counted too)"
	}
	fmt.Fprintf(env.Stdout, "tabletop loadgen --idle: %d streams open at once (%d tables of pmr, 2 seats each) against %s\n", res.Streams, res.Tables, where)
	fmt.Fprintf(env.Stdout, "  open     %.2f s until every stream had its first state; %d broken while held\n", res.OpenSeconds, res.Broken)
	fmt.Fprintf(env.Stdout, "  rss      %.1f MiB before the tables, %.1f MiB with every stream open\n", float64(before)/(1<<20), float64(open)/(1<<20))
	fmt.Fprintf(env.Stdout, "  per      %.1f KiB per open stream (target <= %.0f KiB)\n", out.KiBPerStream, out.KiBPerStreamGoal)
	return nil
}

// selfRSS is this process's resident memory.
func selfRSS() (int64, error) { return procRSS(os.Getpid()) }

// procRSS reads the resident memory of process pid (VmRSS in
// /proc/PID/status).
func procRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) != 2 || f[1] != "kB" {
				break
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				break
			}
			return kb << 10, nil
		}
	}
	return 0, errors.New("no VmRSS in /proc status")
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat times: 100 on every
// Linux architecture Go supports (sysconf(_SC_CLK_TCK) needs cgo).
const clockTicks = 100

// procCPU reads utime+stime of process pid from /proc/PID/stat.
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// count fields after the last ')'. utime and stime are fields 14, 15.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, errors.New("unexpected /proc stat format")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("unexpected /proc stat format")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("unexpected /proc stat format")
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}
