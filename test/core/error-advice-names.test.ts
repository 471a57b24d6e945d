import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as main from '../../src/index.js';
import * as ledger from '../../src/ledger/index.js';
import * as node from '../../src/node/index.js';
import { methodsByArea, operationsByArea } from '../../src/operation-catalog.js';

// An error's advice is read by someone about to type what it names: a method that no client has (an
// operation name, a 0.2 method) sends them looking for something that is not there.
const root = join(import.meta.dirname, '../..');
const { orders, shipments } = methodsByArea();
const methodPaths = [...orders, ...shipments].map((method) => method.path);
const methodNames = new Set(methodPaths.map((path) => path.split('.').at(-1) as string));
const resources = new Set(methodPaths.filter((path) => path.includes('.')).map((path) => path.split('.')[0]));
const operationNames = new Set<string>(
  Object.values(operationsByArea())
    .flat()
    .map((operation) => operation.name),
);
const exported = new Set([...Object.keys(main), ...Object.keys(node), ...Object.keys(ledger)]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return path.endsWith('/testing') ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isText = (node: ts.Node): node is ts.StringLiteral | ts.TemplateLiteralLikeNode =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateHead(node) ||
  ts.isTemplateMiddle(node) ||
  ts.isTemplateTail(node);

/**
 * Whether a piece of text is part of an error's message: an argument of `new …Error(…)`, an operation's
 * `unsettled` advice (appended to its `OutcomeUnknownError`), an advice table, or what a function of an
 * error's module returns (the message templates: `advice`, `describe`).
 */
function inMessage(node: ts.Node, errorModule: boolean): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
    if (ts.isPropertyAssignment(parent) && parent.name.getText() === 'unsettled') return true;
    // The advice tables (the MCP server's, by error class).
    if (ts.isVariableDeclaration(parent) && /advice/i.test(parent.name.getText())) return true;
    if (ts.isReturnStatement(parent) && errorModule) return true;
    if (ts.isFunctionLike(parent) && !errorModule) return false;
  }
  return false;
}

/** The messages' texts in src (the mock's aside: it imitates the service), each with where it is. */
function messageTexts(): { where: string; text: string }[] {
  return sourceFiles(join(root, 'src')).flatMap((file) => {
    const where = relative(root, file);
    const errorModule = /error/i.test(where);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: { where: string; text: string }[] = [];
    const visit = (node: ts.Node) => {
      if (isText(node) && inMessage(node, errorModule)) found.push({ where, text: node.text });
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

/** The names in a message that are meant as methods, and are none. */
function unknownMethods(text: string): string[] {
  // A message's operation, given on its own (`new LedgerError(…, 'createOrder')`).
  if (operationNames.has(text)) return [];
  const named = text
    // The operation a message is about leads it (`createOrder: …`), as `error.operation` names it.
    .replace(/^[a-z][A-Za-z]*: /, '')
    // MCP tools are named by operation (`--tools=getConsignment,getTracking`).
    .replace(/--tools=\S+/g, '');
  return [...named.matchAll(/\b[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*\b/g)].flatMap(([token]) => {
    const segments = token.split('.');
    const last = segments.at(-1) as string;
    if (segments.length > 1) {
      // `consignments.getForOrders`, `quotes.getForShipment`: a path from a client must be one.
      if (!resources.has(segments[0] as string)) return [];
      return methodPaths.some((path) => path === token || path.endsWith(`.${token}`)) ? [] : [token];
    }
    if (methodNames.has(last) || exported.has(last)) return [];
    // An operation name is not a method: `getQuotesForShipment` is `quotes.getForShipment`.
    return operationNames.has(last) ? [token] : [];
  });
}

describe('error messages name methods that exist', () => {
  const texts = messageTexts();

  it('finds the messages it checks (the advice of ShipmentAllocationError among them)', () => {
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.some(({ where }) => where === 'src/shipments/allocation-error.ts')).toBe(true);
    expect(texts.some(({ where }) => where === 'src/cli/mcp/results.ts')).toBe(true);
  });

  it('names no method that no client has', () => {
    const wrong = texts.flatMap(({ where, text }) =>
      unknownMethods(text).map((name) => `${where}: ${name} in ${JSON.stringify(text.slice(0, 80))}`),
    );
    expect(wrong).toEqual([]);
  });

  it('catches an operation name offered as a method, and passes a method path', () => {
    expect(unknownMethods('or get quotes (getQuotesForShipment)')).toEqual(['getQuotesForShipment']);
    expect(unknownMethods('read it with consignments.getForOrder')).toEqual(['consignments.getForOrder']);
    expect(unknownMethods('or get quotes (quotes.getForShipment), then consignments.get')).toEqual([]);
  });
});
