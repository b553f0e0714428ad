#!/usr/bin/env bash
# Rolls per second of tabletop's dice against @dice-roller/rpg-dice-roller (the
# most used JS roller), measured in the same run on the same machine, for the
# expressions of bench/dicebench. Installs the peer from npm into a temporary
# folder and removes it afterwards.
#
#   bash bench/dice.sh            # 1 s per figure
#   BENCH_SECONDS=3 bash bench/dice.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_SECONDS="${BENCH_SECONDS:-1}"
PEER_VERSION=5.5.1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "installing @dice-roller/rpg-dice-roller@$PEER_VERSION into $work" >&2
(cd "$work" && npm init -y >/dev/null 2>&1 && npm install --silent --no-audit --no-fund "@dice-roller/rpg-dice-roller@$PEER_VERSION" >/dev/null 2>&1)
cp bench/dice-peer.mjs "$work/"

go build -o "$work/dicebench" ./bench/dicebench
exprs=$("$work/dicebench" -list)

# Interleave the two sides expression by expression, so that a change in the
# machine's load hits both; each side gets one core (node runs JavaScript on
# one thread, so Go runs with GOMAXPROCS=1).
: > "$work/peer.jsonl"
for e in $exprs; do
  echo "measuring $e" >&2
  (cd "$work" && node dice-peer.mjs "$e") >> "$work/peer.jsonl"
  GOMAXPROCS=1 "$work/dicebench" -only "$e" -seconds "$BENCH_SECONDS" -json >> "$work/go.jsonl"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
GOMAXPROCS=1 NODE_VERSION=$(node --version) "$work/dicebench" -peer "$work/peer.jsonl" -go "$work/go.jsonl"
