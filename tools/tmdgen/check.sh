#!/bin/sh
# check.sh regenerates games/tmd/data into a temporary folder and fails if
# any file differs from the committed one. Given the group's pages
# (./check.sh ../../../shared/rules/tmd-pages), it first reads them again
# with pages.js and fails if group.json or overrides.json differ. Needs
# Node and `npm ci` here; Go builds and CI never run it (a Go test checks
# the committed data instead).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pages=${1:-}
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
if [ -n "$pages" ]; then
  mkdir "$tmp/src"
  node pages.js "$pages" "$tmp/src" 2>/dev/null
  diff "$tmp/src/group.json" group.json
  diff "$tmp/src/overrides.json" overrides.json
  echo "tmdgen: group.json and overrides.json follow from the pages"
fi
mkdir "$tmp/data"
node gen.js "$tmp/data"
diff -r "$tmp/data" "$here/../../games/tmd/data" --exclude=LICENSE-pkmn
echo "tmdgen: data is up to date"
