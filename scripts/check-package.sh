#!/usr/bin/env bash
# Checks the package as it will be published: packs it, inspects the tarball, runs publint and
# attw on it, installs it (with its optional peers msw and @pdfme/pdf-lib) into a fresh temporary project and, there,
# imports and requires every entry point, type-checks them under node16 and bundler resolution and
# runs the bin and the mock (both also without msw). Needs `npm run build` first. Usage: scripts/check-package.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export NO_UPDATE_NOTIFIER=1 npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
[[ -f dist/index.js ]] || { echo "check-package: dist/ is missing, run npm run build first" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/consignkit-pack.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
step() { printf '\n== %s\n' "$*"; }

step "npm pack"
TARBALL="$WORK/$(npm pack --silent --pack-destination "$WORK" | tail -n 1)"
echo "$TARBALL"

step "declarations name no dependency's types"
# Consumers' type checks load neither zod's declarations (seconds of checking, and TS1259 without
# esModuleInterop) nor type-fest's: the published types are written out.
if grep -rlE "from '(zod|type-fest|@pdfme/pdf-lib)|import\('@pdfme" dist --include='*.d.ts' --include='*.d.cts'; then
  echo "declarations import zod, type-fest or @pdfme/pdf-lib (an optional peer)" >&2; exit 1
fi

step "the built code loads no zod"
# zod is compiled into dist/ (tsup's noExternal) and is not a dependency: an import of it would fail in
# every project that does not happen to have zod installed.
if grep -rlE "(from|import\(|require\()\s*['\"]zod" dist --include='*.js' --include='*.cjs'; then
  echo "dist imports zod, which is not a dependency" >&2; exit 1
fi

step "tarball contents"
tar -tzf "$TARBALL" | sort | tee "$WORK/files.txt"
# The examples ship as source to read and copy (the README links them); no other TypeScript source does.
bad=$(grep -E '^package/(src|test|tests|bench|scripts|coverage|labels-out)/|\.(test|spec)\.|\.map$|(^|/)\.env|\.npmrc$|\.pem$|\.key$|id_rsa|\.tgz$|\.ts$' "$WORK/files.txt" | grep -vE '\.d\.c?ts$|^package/examples/[a-z-]+(\.test)?\.ts$' || true)
if [[ -n $bad ]]; then echo "unexpected files in the tarball:" >&2; echo "$bad" >&2; exit 1; fi
for f in package/package.json package/README.md package/MIGRATION.md package/migrations/0.3.0.json package/LICENSE package/THIRD-PARTY-NOTICES package/dist/index.js package/dist/index.cjs package/dist/index.d.ts package/dist/index.d.cts; do
  grep -qx "$f" "$WORK/files.txt" || { echo "missing from the tarball: $f" >&2; exit 1; }
done

step "publint"
mkdir "$WORK/extract" && tar -xzf "$TARBALL" -C "$WORK/extract"
timeout 120 npx --no-install publint run "$WORK/extract/package" --strict --pack false

step "attw"
# Every entry under every resolution: node10 (`moduleResolution: node`, still the setting of many
# Express and NestJS services) finds the subpaths through `typesVersions`. No profile, no ignored rule.
timeout 120 npx --no-install attw "$TARBALL"

step "npm install --engine-strict on this Node"
# Every dependency's engines must admit the Node that consignkit's engines claim (runtime-matrix.sh does
# the same on Node 22 and 24).
bash "$ROOT/scripts/install-strict.sh" "$TARBALL"

step "install into a fresh project"
PROJ="$WORK/proj"
mkdir "$PROJ"
echo '{ "name": "consignkit-consumer", "private": true }' > "$PROJ/package.json"
ver() { node -p "require('$ROOT/node_modules/$1/package.json').version"; }
(cd "$PROJ" && timeout 300 npm install --no-audit --no-fund --prefer-offline --loglevel=error \
  "$TARBALL" "msw@$(ver msw)" "@pdfme/pdf-lib@$(ver @pdfme/pdf-lib)" "typescript@$(ver typescript)" "@types/node@$(ver @types/node)")

step "import and require every entry point"
cat > "$PROJ/esm.mjs" <<'JS'
const sdk = await import('consignkit');
const node = await import('consignkit/node');
const testing = await import('consignkit/testing');
for (const [mod, name] of [[sdk, 'OrdersClient'], [sdk, 'ShipmentsClient'], [sdk, 'decodeDocument'], [node, 'saveLabels'], [testing, 'createMockService']])
  if (typeof mod[name] !== 'function') throw new Error(`import: ${name} is ${typeof mod[name]}`);
console.log('import ok');
JS
cat > "$PROJ/cjs.cjs" <<'JS'
const sdk = require('consignkit');
const node = require('consignkit/node');
const testing = require('consignkit/testing');
for (const [mod, name] of [[sdk, 'OrdersClient'], [sdk, 'ShipmentsClient'], [sdk, 'decodeDocument'], [node, 'saveLabels'], [testing, 'createMockService']])
  if (typeof mod[name] !== 'function') throw new Error(`require: ${name} is ${typeof mod[name]}`);
console.log('require ok');
JS
(cd "$PROJ" && node esm.mjs && node cjs.cjs)

# Writes BODY as an ES module and as CommonJS (inside an async function, for its awaits), each first
# taking the names it needs ("module=name, name" arguments) by import or by require, and runs both.
run_as_esm_and_cjs() {
  local name=$1 body=$2 esm='' cjs='' spec
  shift 2
  for spec in "$@"; do
    esm+="import { ${spec#*=} } from '${spec%%=*}';"$'\n'
    cjs+="const { ${spec#*=} } = require('${spec%%=*}');"$'\n'
  done
  printf '%s%s\n' "$esm" "$body" > "$PROJ/$name.mjs"
  printf '%s(async () => {%s\n})().catch((error) => { console.error(error); process.exit(1); });\n' \
    "$cjs" "$body" > "$PROJ/$name.cjs"
  (cd "$PROJ" && node "$name.mjs" && node "$name.cjs")
}

step "a shipped example runs from node_modules, as the README tells npm users"
(cd "$PROJ" && timeout 300 npm install --no-audit --no-fund --prefer-offline --loglevel=error --no-save "tsx@$(ver tsx)")
(cd "$PROJ" && timeout 120 npx --no-install tsx node_modules/consignkit/examples/create-pack-allocate.ts)

step "the mock's MSW handlers serve the consumer's own msw, from import and from require"
# consignkit/testing loads msw (its CommonJS build) only when `handlers` is read.
run_as_esm_and_cjs handlers '
const mock = createMockService();
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: "error" });
const manifests = await new OrdersClient({ apiKey: mock.apiKey }).manifests.list();
server.close();
if (!Array.isArray(manifests) || mock.requests().length !== 1) throw new Error("handlers did not answer");
console.log("handlers ok");' 'msw/node=setupServer' 'consignkit=OrdersClient' 'consignkit/testing=createMockService'

step "types under moduleResolution node16, bundler and node (node10)"
TS_BODY='
const mock: MockService = createMockService();
const orders: OrdersClient = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });
const shipments = new ShipmentsClient({ apiKey: mock.apiKey, fetch: mock.fetch });
const save: typeof saveLabels = saveLabels;
// A client made from the root entry is the one consignkit/node takes: one declaration of each class,
// whichever entry names it (node10 read the root from .d.ts and consignkit/node from .d.cts: TS2345).
const consignment = asConsignmentReference("EC-000-05B-MQ1");
export const saving = () => saveConsignmentLabels(orders, consignment, { format: "PDF", directory: "labels" });
export const used = [orders, shipments, save, decodeDocument] as const;'
IMPORTS="import { OrdersClient, ShipmentsClient, asConsignmentReference, decodeDocument } from 'consignkit';
import { saveConsignmentLabels, saveLabels } from 'consignkit/node';
import { createMockService, type MockService } from 'consignkit/testing';
import { setupServer } from 'msw/node';
// With msw installed, the handlers are msw's own type.
export const server = setupServer(...createMockService().handlers);"
mkdir -p "$PROJ/types"
printf '%s\n%s\n' "$IMPORTS" "$TS_BODY" > "$PROJ/types/esm.mts"
printf '%s\n%s\n' "$IMPORTS" "$TS_BODY" > "$PROJ/types/cjs.cts"
printf '%s\n%s\n' "$IMPORTS" "$TS_BODY" > "$PROJ/types/bundler.ts"
common='"strict": true, "noEmit": true, "skipLibCheck": false, "target": "ES2022", "lib": ["ES2023", "DOM"], "types": ["node"]'
# Known issue: under node16 from CommonJS, msw's own types import the ESM-only rettime (TS1479 with
# skipLibCheck false). So the CommonJS file, which uses msw, is checked with skipLibCheck true (the usual
# consumer setting); the ESM, bundler and node10 ones in full.
node16() { echo "{ \"compilerOptions\": { $common, \"module\": \"node16\", \"moduleResolution\": \"node16\"$2 }, \"files\": [\"types/$1\"] }"; }
node16 esm.mts '' > "$PROJ/tsconfig.node16-esm.json"
node16 cjs.cts ', "skipLibCheck": true' > "$PROJ/tsconfig.node16-cjs.json"
echo "{ \"compilerOptions\": { $common, \"module\": \"esnext\", \"moduleResolution\": \"bundler\" }, \"files\": [\"types/bundler.ts\"] }" > "$PROJ/tsconfig.bundler.json"
# A CommonJS project with the legacy `moduleResolution: node` (node10), every entry point, in full.
printf '%s\n%s\n' "$IMPORTS" "$TS_BODY" > "$PROJ/types/node10.ts"
echo "{ \"compilerOptions\": { $common, \"module\": \"commonjs\", \"moduleResolution\": \"node\", \"esModuleInterop\": true }, \"files\": [\"types/node10.ts\"] }" > "$PROJ/tsconfig.node10.json"
# `|| exit 1`: a command of an `&&` list does not stop the script under `set -e`.
for config in node16-esm node16-cjs bundler node10; do
  (cd "$PROJ" && timeout 120 npx --no-install tsc -p "tsconfig.$config.json") || { echo "tsc $config failed" >&2; exit 1; }
  echo "tsc $config ok"
done

step "bin"
(cd "$PROJ" && timeout 60 npx --no-install consignkit --help)

step "bin without the optional peer msw"
# The command never loads msw: its demo must run, and leave its label PDFs, where msw is not installed.
(cd "$PROJ" && timeout 120 npm uninstall --no-audit --no-fund --prefer-offline --loglevel=error msw)
(cd "$PROJ" && test ! -e node_modules/msw && timeout 60 npx --no-install consignkit demo --out "$WORK/demo")
ls "$WORK"/demo/EC-*.pdf "$WORK"/demo/labels.pdf

step "consignkit/testing without the optional peer msw"
# Its fetch works; reading `handlers` is a ConfigurationError that says to install msw.
run_as_esm_and_cjs no-msw '
const mock = createMockService();
const manifests = await new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }).manifests.list();
if (!Array.isArray(manifests)) throw new Error("mock.fetch did not answer");
let thrown;
try { mock.handlers; } catch (error) { thrown = error; }
if (!(thrown instanceof ConfigurationError) || !/install --save-dev msw/.test(thrown.message))
  throw new Error(`mock.handlers without msw: ${thrown}`);
console.log("testing without msw ok:", thrown.message);' \
  'consignkit=OrdersClient, ConfigurationError' 'consignkit/testing=createMockService'

step "PDF merge without the optional peer @pdfme/pdf-lib"
# npm does not install an optional peer: mergeLabels then refuses PDFs with a ConfigurationError that names
# the package to install, while ZPL merges, and the demo still runs, without its merged labels.pdf.
(cd "$PROJ" && timeout 120 npm uninstall --no-audit --no-fund --prefer-offline --loglevel=error @pdfme/pdf-lib)
test ! -e "$PROJ/node_modules/@pdfme/pdf-lib"
run_as_esm_and_cjs no-pdf-lib '
const pdf = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
let thrown;
try { await mergeLabels([pdf, pdf]); } catch (error) { thrown = error; }
if (!(thrown instanceof ConfigurationError) || !/npm install @pdfme\/pdf-lib/.test(thrown.message))
  throw new Error(`mergeLabels without @pdfme/pdf-lib: ${thrown}`);
const zpl = await mergeLabels([new TextEncoder().encode("^XA^XZ"), new TextEncoder().encode("^XA^XZ")]);
if (zpl.format !== "zpl") throw new Error("ZPL did not merge");
console.log("merge without @pdfme/pdf-lib ok:", thrown.message);' \
  'consignkit=ConfigurationError' 'consignkit/node=mergeLabels'
(cd "$PROJ" && timeout 60 npx --no-install consignkit demo --out "$WORK/demo-no-pdf-lib" | grep 'not made: mergeLabels')
test ! -e "$WORK/demo-no-pdf-lib/labels.pdf"

step "types of consignkit/testing without msw, with skipLibCheck false"
# Also a CommonJS project of the oldest kind: node10 resolution and no esModuleInterop, where the
# declarations of a dependency that default-imports (zod's locales did) fail with TS1259.
echo "{ \"compilerOptions\": { $common, \"module\": \"commonjs\", \"moduleResolution\": \"node\" }, \"files\": [\"types/node10-plain.ts\"] }" > "$PROJ/tsconfig.node10-plain.json"
# msw is an optional peer: without it, the declarations still type-check (handlers is then any[]).
NO_MSW_BODY="import { createMockService, type MockService } from 'consignkit/testing';
import { OrdersClient } from 'consignkit';
const mock: MockService = createMockService();
export const orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch });"
for config in node16-esm bundler node10 node10-plain; do
  file=$(node -p "require('$PROJ/tsconfig.$config.json').files[0]")
  printf '%s\n' "$NO_MSW_BODY" > "$PROJ/$file"
  (cd "$PROJ" && timeout 120 npx --no-install tsc -p "tsconfig.$config.json") || { echo "tsc $config without msw failed" >&2; exit 1; }
  echo "tsc $config without msw ok"
done

step "the oldest TypeScript supported, 5.0 (the README's floor)"
# The declarations name no other package's types; 4.9 lacks the bundler resolution, so 5.0 is the floor.
(cd "$PROJ" && timeout 300 npm install --no-audit --no-fund --prefer-offline --loglevel=error --no-save typescript@5.0)
(cd "$PROJ" && npx --no-install tsc --version)
for config in node16-esm bundler node10 node10-plain; do
  (cd "$PROJ" && timeout 120 npx --no-install tsc -p "tsconfig.$config.json") || { echo "tsc 5.0 $config failed" >&2; exit 1; }
  echo "tsc 5.0 $config ok"
done

printf '\ncheck-package: all checks passed\n'
