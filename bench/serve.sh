#!/usr/bin/env bash
# Actions per second and latency of "tabletop serve" against a boardgame.io
# server, with the same workload measured in the same run on the same
# machine: N tables (matches) of two players each, every player a client that
# acts whenever it is its turn, for S seconds. Only 127.0.0.1 is used.
#
#   boardgame.io@0.50.2: bench/serve-peer.mjs (a two-player game whose one
#     move "play" adds 1 to a counter; turns alternate; never ends), driven by
#     bench/serve-peer-load.mjs over its socket.io protocol; storage InMemory
#     (its default) and FlatFile.
#   tabletop: the binary's "serve" on a fresh SQLite file, driven by
#     "tabletop loadgen --addr ... --pid ..." (Pocket Monster Rancher,
#     turns=300: sealed simultaneous choices, dice, views per seat).
#   the floor: bench/floor, the same API with nothing behind it (the
#     counter, no engine, no store), driven by the same loadgen: the most any
#     server speaking this protocol (a POST per action, an SSE stream per
#     seat) does on this machine with the load generator beside it.
#
# Installs the peer from npm into a temporary folder and removes it after.
#
# TABLES may be a list (TABLES=50,200,1000): boardgame.io and the
# in-process run are measured at the first count, tabletop serve and the
# floor at every count, and the report adds the server CPU per action at
# each count and the last count's against the first's. The targets (issue
# 19) are checked at the first count: server CPU per action at most 2x the
# floor's, p99 below boardgame.io InMemory's, actions/s at least 3x its.
#
# On a shared machine one run of a server swings by a fifth from the next,
# so tabletop serve and the floor are measured PAIRS times (default 3) at
# each count, in turn (serve, floor, serve, floor, ...). The report lists
# every pair and compares with the floor the median pair: the one whose
# ratio of CPU per action (serve's to the floor's) is the median (of an even
# count of pairs, the higher of the middle two). The growth with the number
# of tables is tabletop's alone, so it compares tabletop's own median CPU
# per action at each count (the same rule for an even count), which the
# floor's runs do not pick.
#
#   bash bench/serve.sh
#   TABLES=50 BENCH_SECONDS=10 bash bench/serve.sh
#   TABLES=50,200,1000 bash bench/serve.sh
#   PAIRS=5 TABLES=50 bash bench/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
IFS=, read -r -a COUNTS <<<"${TABLES:-50}"
for n in "${COUNTS[@]}"; do
	if ! [[ $n =~ ^[0-9]+$ ]] || ((n < 1 || n > 1000)); then
		echo "TABLES must be a comma-separated list of counts from 1 to 1000, got ${TABLES}" >&2
		exit 2
	fi
done
TABLES=${COUNTS[0]}
SECS="${BENCH_SECONDS:-10}"
PAIRS="${PAIRS:-3}"
if ! [[ $PAIRS =~ ^[0-9]+$ ]] || ((PAIRS < 1 || PAIRS > 9)); then
	echo "PAIRS must be a count from 1 to 9, got ${PAIRS}" >&2
	exit 2
fi
PEER=boardgame.io@0.50.2
PERSIST=node-persist@3.1.3

work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# koa-compose 4.2 copies the middleware list when the app's request handler is
# made, and boardgame.io 0.50.2 makes it (koa-socket-2's attach) before it
# adds its lobby routes, which then answer 404; 4.1.0 is what it was built with.
echo "installing $PEER and $PERSIST (FlatFile storage) into $work" >&2
(cd "$work" && npm init -y >/dev/null 2>&1 &&
	node -e 'const f="package.json",p=require("./"+f);p.overrides={"koa-compose":"4.1.0"};require("fs").writeFileSync(f,JSON.stringify(p,null,2))' &&
	npm install --silent --no-audit --no-fund "$PEER" "$PERSIST" >/dev/null 2>&1)
cp bench/serve-peer.mjs bench/serve-peer-load.mjs "$work/"
echo "building tabletop" >&2
go build -o "$work/tabletop" ./cmd/tabletop
go build -o "$work/floor" ./bench/floor

# wait_line FILE PATTERN: wait up to 20 s for a line matching PATTERN.
wait_line() {
	for _ in $(seq 200); do
		if grep -q "$2" "$1" 2>/dev/null; then return 0; fi
		sleep 0.1
	done
	echo "timed out waiting for $2 in $1" >&2
	cat "$1" >&2
	return 1
}

# peer STORAGE: one boardgame.io run, its result in $work/peer-STORAGE.json.
peer() {
	local storage=$1 out="$work/peer-$1.out"
	echo "measuring boardgame.io ($storage storage), $TABLES matches, ${SECS}s" >&2
	(cd "$work" && NODE_ENV=production exec node serve-peer.mjs "$storage" "$work/flatfile" >"$out" 2>"$work/peer-$1.err") &
	local pid=$!
	pids+=("$pid")
	wait_line "$out" '"port"'
	local port
	port=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).port)' "$out")
	(cd "$work" && timeout $((SECS + 120)) node serve-peer-load.mjs --port "$port" --tables "$TABLES" --seconds "$SECS" --pid "$pid") >"$work/peer-$storage.json"
	kill "$pid"
	wait "$pid" 2>/dev/null || true
}

# loaded NAME N CMD...: starts CMD (a server that prints "serving on
# http://ADDR"), runs tabletop loadgen against it with its pid at N tables,
# and leaves the result in $work/NAME.json.
loaded() {
	local name=$1 n=$2
	shift 2
	"$@" >"$work/$name.out" 2>"$work/$name.err" &
	local pid=$!
	pids+=("$pid")
	wait_line "$work/$name.out" 'serving on'
	local addr
	addr=$(sed -n 's|.*serving on http://\([0-9.:]*\).*|\1|p' "$work/$name.out")
	timeout $((SECS + 120)) "$work/tabletop" loadgen --addr "$addr" --pid "$pid" --tables "$n" --duration "${SECS}s" --json >"$work/$name.json"
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null || true
}

# tabletop N P: run P against "tabletop serve" at N tables, on a fresh
# database, result in $work/tabletop-N-P.json.
tabletop() {
	echo "measuring tabletop serve (SQLite, --sync normal, --rate 0 --client-rate 0: no rate limits, like the peer), $1 tables, ${SECS}s, pair $2 of $PAIRS" >&2
	rm -f "$work"/tabletop.db*
	loaded "tabletop-$1-$2" "$1" "$work/tabletop" serve --addr 127.0.0.1:0 --db "$work/tabletop.db" --rate 0 --client-rate 0 --tables-per-client 0 --tables-per-hour 0 --streams-per-client 0
}

# selfcap: loadgen --self with the per-seat rate limit off, to show what the
# server does when the limit (20 actions/s per seat) is not what binds.
selfcap() {
	echo "measuring tabletop in-process with no rate limit, $TABLES tables, ${SECS}s" >&2
	timeout $((SECS + 120)) "$work/tabletop" loadgen --self --rate -1 --tables "$TABLES" --duration "${SECS}s" --json >"$work/self.json"
}

# floor N: bench/floor, a server with the API's shape and nothing behind
# it (no engine, no store; boardgame.io's counter), driven by the same
# loadgen at N tables: what any server speaking this protocol can do on this
# machine. Result of run P in $work/floor-N-P.json.
floor() {
	echo "measuring the protocol's floor (bench/floor: no engine, no store), $1 tables, ${SECS}s, pair $2 of $PAIRS" >&2
	loaded "floor-$1-$2" "$1" "$work/floor" --addr 127.0.0.1:0
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
peer memory
peer flatfile
selfcap
for n in "${COUNTS[@]}"; do
	for p in $(seq "$PAIRS"); do
		tabletop "$n" "$p"
		floor "$n" "$p"
	done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

WORK="$work" NPROC=$(nproc) GOV=$(go version) NODEV=$(node --version) \
	CPU="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" \
	LOAD_BEFORE="$load_before" LOAD_AFTER="$load_after" PEER="$PEER" COUNTS="${COUNTS[*]}" PAIRS="$PAIRS" \
	node - <<'EOF'
const fs = require('fs');
const w = process.env.WORK;
const read = (f) => JSON.parse(fs.readFileSync(`${w}/${f}`, 'utf8'));
const counts = process.env.COUNTS.split(' ');
const n0 = counts[0];
const pairs = Number(process.env.PAIRS);
// medianPair returns, of the pairs of runs at n tables, the one whose
// ratio of CPU per action (serve's to the floor's) is the median, and every
// pair, in the order they ran.
const cpuOf = (r) => (r.server_cpu ? r.server_cpu.ms_per_action : NaN);
// median of xs: of an even count, the higher of the two middle ones.
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function medianPair(n) {
  const all = [];
  for (let p = 1; p <= pairs; p++) {
    const t = read(`tabletop-${n}-${p}.json`), fl = read(`floor-${n}-${p}.json`);
    all.push({ t, fl, ratio: cpuOf(t) / cpuOf(fl) });
  }
  const sorted = [...all].sort((a, b) => a.ratio - b.ratio);
  return { median: sorted[sorted.length >> 1], all }; // of an even count, the higher of the two middle ones
}
const at = Object.fromEntries(counts.map((n) => [n, medianPair(n)]));
const rows = [
  ['boardgame.io', 'InMemory (default; nothing durable)', read('peer-memory.json')],
  ['boardgame.io', 'FlatFile (node-persist, no fsync)', read('peer-flatfile.json')],
  ['tabletop serve', 'SQLite WAL, sync=normal, every action', at[n0].median.t],
  ['tabletop --self', 'same, rate limit off, in-process', read('self.json')],
  ['floor', 'bench/floor: same API, no engine, no store', at[n0].median.fl],
];
const f = (x, d = 1) => (x === undefined || x === null ? '-' : Number(x).toFixed(d));
console.log(`machine: ${process.env.NPROC} CPUs (${process.env.CPU}), shared; load average ${process.env.LOAD_BEFORE} before, ${process.env.LOAD_AFTER} after`);
console.log(`versions: ${process.env.GOV}; node ${process.env.NODEV}; ${process.env.PEER}`);
console.log(`workload: ${rows[0][2].tables} tables x 2 players, ${f(rows[0][2].seconds, 0)} s each; boardgame.io: "counter" (alternate moves); tabletop: pmr turns=300 (simultaneous sealed choices)`);
console.log('latency: move sent -> the new state on the acting player\'s own connection (boardgame.io: socket.io "update"; tabletop: SSE "state" with its seq)');
console.log(`tabletop serve and the floor: ${pairs} pair(s) of runs at each count, in turn; the rows below are the median pair's (see the end)`);
console.log('');
const head = ['server', 'storage', 'actions/s', 'p50 ms', 'p99 ms', 'errors', 'srv ms/act', 'srv cores', 'client cores'];
const table = [head];
for (const [name, storage, r] of rows) {
  const cpu = r.server_cpu || {};
  const ms = name === 'tabletop --self' ? `(${f(cpu.ms_per_action, 3)})` : f(cpu.ms_per_action, 3);
  table.push([name, storage, f(r.acked_per_sec), f(r.latency_ms.p50, 2), f(r.latency_ms.p99, 2),
    String(r.errors) + (r.errors ? ' ' + JSON.stringify(r.error_codes) : ''), ms, f(cpu.cores, 2),
    r.loadgen_cpu ? f(r.loadgen_cpu.cores, 2) : '(in srv)']);
}
const widths = head.map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const row of table) console.log(row.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
console.log('(tabletop --self: ms/act and cores are the whole process, server and load clients together)');
const tt = rows[2][2];
if (tt.stored !== undefined) console.log(`tabletop serve stored ${tt.stored} log entries for ${tt.acked} acknowledged actions (the rest: moves the server played for a seat whose only legal action it was)`);
console.log('');
for (const [label, t] of [['tabletop serve', rows[2][2]], ['tabletop --self (no limit)', rows[3][2]]]) {
  for (const [name, storage, r] of rows.slice(0, 2)) {
    const a = t.acked_per_sec / r.acked_per_sec;
    const p = t.latency_ms.p99 / r.latency_ms.p99;
    let line = `${label} vs boardgame.io ${storage.split(' ')[0]}: actions/s x${f(a, 2)}, p99 x${f(p, 2)} (${p < 1 ? 'lower' : 'higher'})`;
    if (label === 'tabletop serve' && t.server_cpu && r.server_cpu) line += `, server CPU per action x${f(t.server_cpu.ms_per_action / r.server_cpu.ms_per_action, 2)}`;
    console.log(line);
  }
}
const fl = rows[4][2];
const mem = rows[0][2];
console.log(`floor (this protocol with nothing behind it) vs boardgame.io InMemory: actions/s x${f(fl.acked_per_sec / mem.acked_per_sec, 2)}; tabletop serve reaches ${f(100 * tt.acked_per_sec / fl.acked_per_sec, 0)}% of the floor`);
console.log('');
// CPU per action of tabletop serve and of the floor at each count, every
// pair, then the median pair's.
const cpuAt = [];
for (const n of counts) {
  at[n].all.forEach(({ t, fl, ratio }, i) => {
    console.log(`${String(n).padStart(4)} tables, pair ${i + 1}: tabletop serve ${f(cpuOf(t), 3)} ms CPU/action (${f(t.acked_per_sec, 0)} actions/s, p99 ${f(t.latency_ms.p99, 2)} ms), floor ${f(cpuOf(fl), 3)} ms (${f(fl.acked_per_sec, 0)} actions/s): x${f(ratio, 2)} the floor's`);
  });
  const m = at[n].median;
  const own = median(at[n].all.map(({ t }) => cpuOf(t)));
  cpuAt.push({ own, paired: cpuOf(m.t), floor: median(at[n].all.map(({ fl }) => cpuOf(fl))) });
  console.log(`${String(n).padStart(4)} tables, median pair: tabletop serve ${f(cpuOf(m.t), 3)} ms, floor ${f(cpuOf(m.fl), 3)} ms: x${f(m.ratio, 2)} the floor's; tabletop's own median ${f(own, 3)} ms`);
}
const verdict = (ok) => (ok ? 'met' : 'NOT met');
console.log('');
console.log(`targets (issue 19), at ${n0} tables, every action durable:`);
const cpuRatio = tt.server_cpu.ms_per_action / fl.server_cpu.ms_per_action;
console.log(`  server CPU per action <= 2x the floor's: x${f(cpuRatio, 2)} (${f(tt.server_cpu.ms_per_action, 3)} vs ${f(fl.server_cpu.ms_per_action, 3)} ms): ${verdict(cpuRatio <= 2)}`);
console.log(`  p99 below boardgame.io InMemory's: ${f(tt.latency_ms.p99, 2)} vs ${f(mem.latency_ms.p99, 2)} ms: ${verdict(tt.latency_ms.p99 < mem.latency_ms.p99)}`);
const speed = tt.acked_per_sec / mem.acked_per_sec;
console.log(`  actions/s >= 3x boardgame.io InMemory's: x${f(speed, 2)} (${f(tt.acked_per_sec, 0)} vs ${f(mem.acked_per_sec, 0)}): ${verdict(speed >= 3)}`);
if (counts.length > 1) {
  const last = counts[counts.length - 1];
  const a = cpuAt[0], z = cpuAt[cpuAt.length - 1];
  const grow = z.own / a.own;
  console.log(`  CPU per action at ${last} tables within 1.5x of ${n0} tables' (tabletop's own median at each): x${f(grow, 2)} (${f(z.own, 3)} vs ${f(a.own, 3)} ms): ${verdict(grow <= 1.5)}`);
  console.log(`    (the median pairs' figures: x${f(z.paired / a.paired, 2)}; the floor's own medians grew x${f(z.floor / a.floor, 2)})`);
}
EOF
