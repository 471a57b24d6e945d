#!/usr/bin/env node
// Run by `npm run build` after shorten-locals.mjs. V8 parses an arrow function outside any function (at
// the top of a module, in a class's field initialisers) in full when it compiles the file, where it only
// pre-parses a `function` expression and parses it in full when it is first called. dist/ holds about a
// thousand such arrows (schema builders, settling rules, ledger keys) that an import never calls: the
// longer ones, as function expressions, take 2 to 5 ms off `import 'consignkit'` on the development
// machine (docs/performance.md, "Cold import"). Only arrows that name no `this`, `arguments`, `super` or `new.target` are rewritten, so they
// mean the same; names are inferred the same way (`const build = function…` is `build`), so stack traces
// read as before. Arrows inside functions are left alone: V8 pre-parses them with their function.
//   node scripts/lazy-functions.mjs   (run by `npm run build`)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const dist = resolve(fileURLToPath(import.meta.url), '../../dist');
const files = readdirSync(dist, { recursive: true })
  .filter((file) => /\.c?js$/.test(file))
  .map((file) => join(dist, file));

/** Whether `arrow` reads what an arrow takes from around it and a function would not. */
function readsItsSurroundings(arrow) {
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (
      node.kind === ts.SyntaxKind.ThisKeyword ||
      node.kind === ts.SyntaxKind.SuperKeyword ||
      ts.isMetaProperty(node) ||
      (ts.isIdentifier(node) && node.text === 'arguments')
    ) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(arrow, visit);
  return found;
}

// Functions V8 pre-parses whole: nothing inside them is parsed in full at compile time.
const preparsed = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isClassStaticBlockDeclaration(node);

// Only arrows whose body is this long or longer: the parse an arrow costs grows with its body, while the
// bytes a rewrite adds to every application's bundle (`function(){return(…)}` against `=>`, which no
// bundler can turn back) do not. All 1,154 arrows cost 0.6 kB of min+gzip; these 431, 0.2 kB, for about
// the same cold import (docs/performance.md, "Cold import").
const MIN_BODY = 120;
let rewritten = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const edits = [];
  const visit = (node) => {
    if (preparsed(node)) return;
    if (
      ts.isArrowFunction(node) &&
      node.end - node.equalsGreaterThanToken.end >= MIN_BODY &&
      !readsItsSurroundings(node)
    ) {
      const isAsync = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
      const parameters = code.slice(node.parameters.pos, node.parameters.end);
      // From after `=>`, so that a `/* @__PURE__ */` before the body stays with it.
      const body = code.slice(node.equalsGreaterThanToken.end, node.end);
      const block = ts.isBlock(node.body) ? body : `{return(${body})}`;
      edits.push({
        start: node.getStart(source),
        end: node.end,
        text: `${isAsync ? 'async ' : ''}function(${parameters})${block}`,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  if (edits.length === 0) continue;
  let result = '';
  let from = 0;
  for (const { start, end, text } of edits.sort((a, b) => a.start - b.start)) {
    result += code.slice(from, start) + text;
    from = end;
  }
  result += code.slice(from);
  const check = ts.createSourceFile(file, result, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  if (check.parseDiagnostics.length > 0)
    throw new Error(
      `lazy-functions: ${file} does not parse once rewritten: ${check.parseDiagnostics[0].messageText}`,
    );
  writeFileSync(file, result);
  rewritten += edits.length;
}
console.log(`lazy-functions: ${rewritten} arrow functions outside functions are function expressions`);
