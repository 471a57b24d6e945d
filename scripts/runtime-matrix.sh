#!/usr/bin/env bash
# Runs scripts/smoke.mjs (the BUILT package against the embedded mock) on every runtime we support,
# and installs the packed tarball with `npm install --engine-strict` on each Node (scripts/install-strict.sh):
# the machine's Node, Node 22 and 24, Bun 1, Deno 2 and workerd (Cloudflare Workers), the last five
# fetched from the npm registry (packages node@22, node@24, bun@1, deno@2, workerd@1) through npx. Every step is bounded by `timeout`.
#
# A runtime that cannot be fetched (registry down, time-out) is reported as UNAVAILABLE and does not
# fail the run, unless STRICT_RUNTIMES=1. A runtime that is fetched and fails the smoke test fails it.
# Needs `npm run build` first. Usage: scripts/runtime-matrix.sh
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_UPDATE_NOTIFIER=1 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

FETCH_TIMEOUT=${FETCH_TIMEOUT:-120}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
[[ -f dist/index.js ]] || { echo "runtime-matrix: dist/ is missing, run npm run build first" >&2; exit 1; }

failed=0
summary=()

# run <label> <fetch-check command...> -- <smoke command...>
run() {
  local label=$1; shift
  local probe=() smoke=()
  while [[ $1 != -- ]]; do probe+=("$1"); shift; done
  shift
  smoke=("$@")
  local version
  if ! version=$(timeout "$FETCH_TIMEOUT" "${probe[@]}" 2>/dev/null | head -n 1); then
    summary+=("UNAVAILABLE  $label (could not be fetched within ${FETCH_TIMEOUT}s)")
    [[ ${STRICT_RUNTIMES:-0} == 1 ]] && failed=1
    return
  fi
  local started=$SECONDS
  if timeout "$RUN_TIMEOUT" "${smoke[@]}"; then
    summary+=("PASS         $label $version ($((SECONDS - started))s)")
  else
    summary+=("FAIL         $label $version (exit $?)")
    failed=1
  fi
}

# `npm install --engine-strict` of the packed tarball, on each Node that consignkit's engines claim.
PACKDIR=$(mktemp -d "${TMPDIR:-/tmp}/consignkit-matrix.XXXXXX")
trap 'rm -rf "$PACKDIR"' EXIT
TARBALL="$PACKDIR/$(npm pack --silent --pack-destination "$PACKDIR" | tail -n 1)"

run node   node --version                    -- node scripts/smoke.mjs
run node22 npx -y node@22 --version          -- npx -y node@22 scripts/smoke.mjs
run node24 npx -y node@24 --version          -- npx -y node@24 scripts/smoke.mjs
run bun    npx -y bun@1 --version            -- npx -y bun@1 scripts/smoke.mjs
# A Deno cache of its own: Deno keeps what it read of dist/*.cjs by path, and a second run in the same
# checkout after a rebuild read the old index.cjs (its chunks gone), which failed the smoke.
run deno   npx -y deno@2 --version           -- env DENO_DIR="$PACKDIR/deno" npx -y deno@2 run --no-lock --allow-read --allow-env scripts/smoke.mjs
run install-strict-node   node --version           -- bash scripts/install-strict.sh "$TARBALL"
run install-strict-node22 npx -y node@22 --version -- bash scripts/install-strict.sh "$TARBALL" npx -y node@22
run install-strict-node24 npx -y node@24 --version -- bash scripts/install-strict.sh "$TARBALL" npx -y node@24
# Cloudflare Workers: the root entry and the mock in a bundled Worker (scripts/worker-smoke.mjs).
run workerd npx -y workerd@1 --version       -- bash scripts/workerd-smoke.sh npx -y workerd@1

echo
echo "runtime matrix:"
printf '  %s\n' "${summary[@]}"
exit "$failed"
