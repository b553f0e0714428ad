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

exprs=$(go run ./bench/dicebench -list)
echo "measuring the peer" >&2
(cd "$work" && node dice-peer.mjs $exprs) > "$work/peer.jsonl"
echo "measuring tabletop" >&2
go build -o "$work/dicebench" ./bench/dicebench
NODE_VERSION=$(node --version) "$work/dicebench" -peer "$work/peer.jsonl" -seconds "$BENCH_SECONDS"
