#!/usr/bin/env bash
# Scaling out on PostgreSQL (issue 20), all in one run on this machine: the
# same workload as bench/serve.sh (tabletop loadgen: N tables of Pocket
# Monster Rancher, two players each, every action a POST and every seat an
# SSE stream) against
#   1. one "tabletop serve" on an SQLite file (sync=normal),
#   2. one "tabletop serve" on PostgreSQL,
#   3. two "tabletop serve" on the same PostgreSQL database, each given half
#      of the tables (as a proxy hashing on the table id would), each driven
#      by its own loadgen at the same time.
# PostgreSQL is a throwaway cluster (Debian's initdb/pg_ctl, 127.0.0.1, a
# temporary directory, removed after) with its default, durable settings:
# fsync and synchronous_commit on. Rate limits are off, as in bench/serve.sh.
#
# It prints actions/s, p99 latency and CPU per action: the tabletop servers'
# (from /proc), PostgreSQL's (every process of the cluster, from /proc) and
# the load generators' own, so that a ratio is read with what shares the
# two CPUs in mind. Its last lines compare two instances with one.
#
#   bash bench/scale.sh
#   TABLES=50 BENCH_SECONDS=10 bash bench/scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES="${TABLES:-50}"
SECS="${BENCH_SECONDS:-10}"
HALF=$((TABLES / 2))

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
	echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
	exit 1
fi

work=$(mktemp -d)
pids=()
as=()
if [ "$(id -u)" = 0 ]; then
	as=(runuser -u postgres --) # initdb refuses root
	chown postgres "$work"
fi
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	[ -f "$work/pg/PG_VERSION" ] && "${as[@]}" "$pgbin/pg_ctl" -D "$work/pg" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "building tabletop" >&2
go build -o "$work/tabletop" ./cmd/tabletop

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "starting PostgreSQL ($pgbin) on 127.0.0.1:$port" >&2
"${as[@]}" "$pgbin/initdb" -D "$work/pg" -U postgres -A trust -E UTF8 --locale=C >/dev/null
"${as[@]}" "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w -t 60 \
	-o "-c listen_addresses=127.0.0.1 -p $port -k $work -c max_connections=200" start >/dev/null
dsn() { echo "postgres://postgres@127.0.0.1:$port/$1?sslmode=disable"; }
"${as[@]}" "$pgbin/psql" -h 127.0.0.1 -p "$port" -U postgres -q -c 'CREATE DATABASE one' -c 'CREATE DATABASE two'

# pgcpu: clock ticks of CPU used so far by every process of the cluster.
pgcpu() {
	local pm total=0
	pm=$(head -1 "$work/pg/postmaster.pid")
	for p in $pm $(pgrep -P "$pm"); do
		if [ -r "/proc/$p/stat" ]; then
			# utime and stime are fields 14 and 15; the name (field 2) has no spaces here.
			total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat")))
		fi
	done
	echo "$total"
}

# serve NAME DB: starts "tabletop serve" on DB; sets $addr and $pid.
serve() {
	"$work/tabletop" serve --addr 127.0.0.1:0 --db "$2" --rate 0 --client-rate 0 --tables-per-client 0 --tables-per-hour 0 --streams-per-client 0 >"$work/$1.out" 2>"$work/$1.err" &
	pid=$!
	pids+=("$pid")
	for _ in $(seq 200); do
		grep -q 'serving on' "$work/$1.out" 2>/dev/null && break
		sleep 0.1
	done
	addr=$(sed -n 's|.*serving on http://\([0-9.:]*\).*|\1|p' "$work/$1.out")
	[ -n "$addr" ] || { echo "$1 did not start:" >&2; cat "$work/$1.err" >&2; exit 1; }
}

# load NAME ADDR PID TABLES: runs loadgen, result in $work/NAME.json.
load() {
	timeout $((SECS + 120)) "$work/tabletop" loadgen --addr "$2" --pid "$3" --tables "$4" --duration "${SECS}s" --json >"$work/$1.json"
}

echo "measuring one instance on SQLite, $TABLES tables, ${SECS}s" >&2
serve sqlite "$work/tabletop.db"
load sqlite "$addr" "$pid" "$TABLES"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
echo 0 >"$work/sqlite.pg"

echo "measuring one instance on PostgreSQL, $TABLES tables, ${SECS}s" >&2
serve pg1 "$(dsn one)"
c0=$(pgcpu)
load pg1 "$addr" "$pid" "$TABLES"
echo $(($(pgcpu) - c0)) >"$work/pg1.pg"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true

echo "measuring two instances on one PostgreSQL database, $HALF tables each, ${SECS}s" >&2
serve pg2a "$(dsn two)"
addr_a=$addr pid_a=$pid
serve pg2b "$(dsn two)"
c0=$(pgcpu)
load pg2a "$addr_a" "$pid_a" "$HALF" &
la=$!
load pg2b "$addr" "$pid" "$HALF"
wait "$la"
echo $(($(pgcpu) - c0)) >"$work/pg2.pg"
kill -TERM "$pid_a" "$pid"; wait 2>/dev/null || true

WORK="$work" TICKS=$(getconf CLK_TCK) NPROC=$(nproc) GOV="$(go version)" PGV="$("$pgbin/postgres" --version)" \
	LOAD="$(cut -d' ' -f1-3 /proc/loadavg)" python3 - <<'EOF'
import json, os
w = os.environ["WORK"]
ticks = int(os.environ["TICKS"])
def read(name):
    return json.load(open(f"{w}/{name}.json"))
def pg_seconds(name):
    return int(open(f"{w}/{name}.pg").read()) / ticks
rows = []
for label, parts, pg in [("1 x SQLite", ["sqlite"], "sqlite"), ("1 x PostgreSQL", ["pg1"], "pg1"), ("2 x PostgreSQL", ["pg2a", "pg2b"], "pg2")]:
    rs = [read(p) for p in parts]
    secs = max(r["seconds"] for r in rs)
    acked = sum(r["acked"] for r in rs)
    srv = sum(r["server_cpu"]["seconds"] for r in rs)
    gen = sum(r["loadgen_cpu"]["seconds"] for r in rs)
    db = pg_seconds(pg)
    rows.append(dict(label=label, aps=acked / secs, p50=max(r["latency_ms"]["p50"] for r in rs),
                     p99=max(r["latency_ms"]["p99"] for r in rs), errors=sum(r["errors"] for r in rs),
                     srv=1000 * srv / acked, db=1000 * db / acked, gen=1000 * gen / acked,
                     cores=(srv + db + gen) / secs))
print(f"machine: {os.environ['NPROC']} CPUs, shared; load average at the end {os.environ['LOAD']}")
print(f"versions: {os.environ['GOV']}; {os.environ['PGV']} (fsync, synchronous_commit on)")
print(f"workload: tabletop loadgen, pmr turns=300, {read('sqlite')['tables']} tables x 2 seats, {read('sqlite')['seconds']:.0f} s per setup")
print("latency: action posted -> new state on the actor's own stream; with two instances, the worse of the two p50s and p99s")
print()
head = ["setup", "actions/s", "p50 ms", "p99 ms", "errors", "srv ms/act", "db ms/act", "gen ms/act", "cores used"]
table = [head] + [[r["label"], f"{r['aps']:.1f}", f"{r['p50']:.2f}", f"{r['p99']:.2f}", str(r["errors"]),
                   f"{r['srv']:.3f}", f"{r['db']:.3f}", f"{r['gen']:.3f}", f"{r['cores']:.2f}"] for r in rows]
widths = [max(len(row[i]) for row in table) for i in range(len(head))]
for row in table:
    print("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row)))
print("(srv: the tabletop servers' CPU; db: PostgreSQL's; gen: the load generators', which share the machine)")
print()
one, two = rows[1], rows[2]
ratio = two["aps"] / one["aps"]
cpu = (two["srv"] + two["db"]) / (one["srv"] + one["db"])
print(f"two instances vs one (PostgreSQL): actions/s x{ratio:.2f}, server+database CPU per action x{cpu:.2f}, p99 x{two['p99'] / one['p99']:.2f}")
print(f"target (actions/s >= x1.6, or CPU per action <= x1.3): {'met' if ratio >= 1.6 or cpu <= 1.3 else 'NOT met'}")
print(f"PostgreSQL vs SQLite, one instance: actions/s x{one['aps'] / rows[0]['aps']:.2f}, p99 x{one['p99'] / rows[0]['p99']:.2f}")
EOF
