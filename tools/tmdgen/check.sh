#!/bin/sh
# check.sh regenerates games/tmd/data into a temporary folder and fails if
# any file differs from the committed one. Needs Node and `npm ci` here; Go
# builds and CI never run it (a Go test checks the committed data instead).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
node gen.js "$tmp"
diff -r "$tmp" "$here/../../games/tmd/data" --exclude=LICENSE-pkmn
echo "tmdgen: data is up to date"
