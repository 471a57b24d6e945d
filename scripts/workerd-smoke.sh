#!/usr/bin/env bash
# Runs the built package in Cloudflare's Workers runtime: bundles scripts/worker-smoke.mjs with esbuild
# (as wrangler would: ESM, the worker and browser conditions), serves it with workerd (npx workerd, the
# version given) on a free loopback port, asks it once and checks its JSON answer.
# Usage: scripts/workerd-smoke.sh <workerd command...>   (needs `npm run build` first)
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mktemp -d "${TMPDIR:-/tmp}/consignkit-workerd.XXXXXX")
pid=
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$WORK"' EXIT
npx --no-install esbuild scripts/worker-smoke.mjs --bundle --format=esm --platform=neutral \
  --conditions=workerd,worker,browser --main-fields=module,main --external:node:* --outfile="$WORK/worker.js" --log-level=warning
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cat > "$WORK/config.capnp" <<CAPNP
using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:$PORT", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
);
CAPNP
"$@" serve "$WORK/config.capnp" > "$WORK/workerd.log" 2>&1 &
pid=$!
node --input-type=module -e '
const url = `http://127.0.0.1:${process.argv[1]}/`;
let answer = {};
for (let attempt = 0; attempt < 100; attempt++) {
  try { answer = await (await fetch(url)).json(); break; } catch { await new Promise((r) => setTimeout(r, 200)); }
}
if (!answer.ok) { console.error("workerd smoke failed:", answer.error ?? "no answer"); process.exit(1); }
if (answer.labels.join() !== "pdf,pdf" || !answer.consignment.startsWith("EC-")) { console.error(answer); process.exit(1); }
console.log("workerd smoke ok:", JSON.stringify(answer));
' "$PORT" || { cat "$WORK/workerd.log" >&2; exit 1; }
