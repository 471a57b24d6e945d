#!/usr/bin/env bash
# Installs the packed tarball into a fresh project with `npm install --engine-strict`, run by the given
# Node (default: the machine's), so that npm refuses any package, consignkit's own dependencies
# included, whose `engines` leave that Node out. consignkit claims the Node versions of its `engines`;
# this proves the claim holds for its dependencies too (ky 2 said >=22 while consignkit said >=20.19).
# Usage: scripts/install-strict.sh <tarball> [node command...]   e.g. scripts/install-strict.sh x.tgz npx -y node@22
set -euo pipefail
TARBALL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
NODE=("$@")
[[ ${#NODE[@]} -gt 0 ]] || NODE=(node)
export NO_UPDATE_NOTIFIER=1 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
NPM_CLI=$(readlink -f "$(command -v npm)")
PROJ=$(mktemp -d "${TMPDIR:-/tmp}/consignkit-strict.XXXXXX")
trap 'rm -rf "$PROJ"' EXIT
echo '{ "name": "consignkit-strict", "private": true }' > "$PROJ/package.json"
version=$("${NODE[@]}" --version)
(cd "$PROJ" && timeout 300 "${NODE[@]}" "$NPM_CLI" install --engine-strict --no-audit --no-fund \
  --prefer-offline --loglevel=error "$TARBALL")
# The package loads under that Node too.
(cd "$PROJ" && "${NODE[@]}" -e "import('consignkit').then((m) => { if (typeof m.OrdersClient !== 'function') process.exit(1); })")
echo "install --engine-strict on Node $version ok"
