// Finds the call sites of the flat 0.2 client methods in one source file and says how each becomes its
// 0.3 resource path. Pure over the syntax tree: what a receiver is comes from a `ReceiverKind` the caller
// gives (the type checker for a program's files, nothing for a Markdown code block).
import type * as TS from 'typescript';
import { CLIENT_NAMES, type ClientName, type RenameTable } from './rename-table.js';

/** What the receiver of `x.oldName` is: the clients its type is or derives from, or `unknown` (any, unknown, untyped JS). */
export type ReceiverKind = readonly ClientName[] | 'unknown';

/** The receiver of an access: an expression (`orders` in `orders.getOrder`) or a type (`OrdersClient` in `OrdersClient['getOrder']`). */
export type Receiver = TS.Expression | TS.TypeNode;

/** One text replacement in a file. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A call site rewritten (or, in a dry run, to be rewritten). */
export interface Site {
  line: number;
  column: number;
  old: string;
  path: string;
  /** Rewritten from the name alone: the receiver's type was unknown. */
  byName: boolean;
  /** Why the rewritten code deserves a look (a method reference loses its `this`). */
  warning?: string;
}

/** A use of an old name left as it is, with the reason. */
export interface Note {
  line: number;
  column: number;
  message: string;
}

export interface FileRewrite {
  edits: Edit[];
  sites: Site[];
  notes: Note[];
}

/** The path of `old` when the receiver's type is unknown: only when every client that has it moves it to the same place. */
function pathByName(table: RenameTable, old: string): string | undefined {
  const paths = new Set(CLIENT_NAMES.flatMap((client) => table[client].get(old) ?? []));
  return paths.size === 1 ? [...paths][0] : undefined;
}

function isOldName(table: RenameTable, name: string): boolean {
  return CLIENT_NAMES.some((client) => table[client].has(name));
}

/**
 * The property names a receiver ends with: `this.orders.allocation` ends with [..., 'orders', 'allocation'],
 * and the type `OrdersClient['allocation']` with ['OrdersClient', 'allocation'].
 */
function trailingNames(ts: typeof TS, receiver: TS.Node): string[] {
  const names: string[] = [];
  let current: TS.Node = receiver;
  for (;;) {
    if (ts.isPropertyAccessExpression(current)) {
      names.unshift(current.name.text);
      current = current.expression;
    } else if (ts.isIndexedAccessTypeNode(current) && ts.isLiteralTypeNode(current.indexType)) {
      names.unshift(ts.isStringLiteral(current.indexType.literal) ? current.indexType.literal.text : '');
      current = current.objectType;
    } else {
      break;
    }
  }
  if (ts.isIdentifier(current)) names.unshift(current.text);
  else if (ts.isTypeReferenceNode(current) && ts.isIdentifier(current.typeName))
    names.unshift(current.typeName.text);
  return names;
}

/**
 * Whether `receiver.old` already is the new path: `allocateWithCheapestQuote` moved to
 * `allocation.allocateWithCheapestQuote`, and `orders.allocation.allocateWithCheapestQuote` must stay,
 * so that a second run rewrites nothing.
 */
function alreadyMigrated(ts: typeof TS, receiver: TS.Node, path: string): boolean {
  const segments = path.split('.');
  const prefix = segments.slice(0, -1);
  if (prefix.length === 0) return false;
  const names = trailingNames(ts, receiver);
  return prefix.every((segment, index) => names[names.length - prefix.length + index] === segment);
}

type Resolution = { path: string; byName: boolean } | { note: string } | undefined;

/** Where `old` goes for a receiver of this kind; `undefined` when the receiver is no client (left alone silently). */
function resolve(table: RenameTable, old: string, kind: ReceiverKind): Resolution {
  if (kind === 'unknown') {
    const path = pathByName(table, old);
    return path === undefined
      ? {
          note: `${old}: the receiver's type is unknown and the name moves to different places on the two clients`,
        }
      : { path, byName: true };
  }
  if (kind.length === 0) return undefined;
  const paths = new Set(kind.map((client) => table[client].get(old)));
  const [path] = paths;
  if (paths.size === 1 && path !== undefined) return { path, byName: false };
  return { note: `${old}: the receiver is ${kind.join(' | ')}, on which it does not move to one path` };
}

/** What to warn about when the method is not called where it is named. */
function valueUseWarning(ts: typeof TS, node: TS.Node, old: string, path: string): string | undefined {
  if (ts.isTypeNode(node)) return undefined;
  let use: TS.Node = node;
  while (ts.isParenthesizedExpression(use.parent) || ts.isNonNullExpression(use.parent)) use = use.parent;
  const parent = use.parent;
  if (ts.isCallExpression(parent) && parent.expression === use) return undefined;
  const prefix = path.split('.').slice(0, -1).join('.');
  const owner = prefix === '' ? 'its client' : `its resource (.${prefix})`;
  return `${old} is passed as a value, not called: the new reference loses its \`this\` as the old one did; bind it to ${owner} or call it in an arrow function`;
}

/**
 * The rewrites of one file. `kindOf` says what a receiver is; positions are `sourceFile`'s (a Markdown
 * code block's caller shifts them).
 */
export function rewriteSourceFile(
  ts: typeof TS,
  sourceFile: TS.SourceFile,
  table: RenameTable,
  kindOf: (receiver: Receiver) => ReceiverKind,
): FileRewrite {
  const result: FileRewrite = { edits: [], sites: [], notes: [] };
  const at = (node: TS.Node) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return { line: line + 1, column: character + 1 };
  };
  const record = (
    nameNode: TS.Node,
    whole: TS.Node,
    receiver: Receiver,
    old: string,
    edits: (path: string) => Edit[],
  ) => {
    const resolution = resolve(table, old, kindOf(receiver));
    if (resolution === undefined) return;
    if ('note' in resolution) {
      result.notes.push({ ...at(nameNode), message: resolution.note });
      return;
    }
    if (alreadyMigrated(ts, receiver, resolution.path)) return;
    const warning = valueUseWarning(ts, whole, old, resolution.path);
    result.edits.push(...edits(resolution.path));
    result.sites.push({
      ...at(nameNode),
      old,
      path: resolution.path,
      byName: resolution.byName,
      ...(warning === undefined ? {} : { warning }),
    });
  };

  const visit = (node: TS.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.name) &&
      isOldName(table, node.name.text)
    ) {
      const name = node.name;
      record(name, node, node.expression, name.text, (path) => [
        { start: name.getStart(sourceFile), end: name.end, text: path },
      ]);
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      isOldName(table, node.argumentExpression.text)
    ) {
      const literal = node.argumentExpression;
      const open = node.questionDotToken?.end ?? literal.getStart(sourceFile) - 1;
      record(literal, node, node.expression, literal.text, (path) => {
        const segments = path.split('.');
        const last = segments.pop() as string;
        const quote = sourceFile.text[literal.getStart(sourceFile)] as string;
        const prefix = segments.join('.');
        // `client['cancelConsignment']` becomes `client.consignments['cancel']`, `client?.['x']` `client?.consignments['y']`.
        const mounted = prefix === '' ? '' : node.questionDotToken ? prefix : `.${prefix}`;
        return [
          ...(mounted === '' ? [] : [{ start: open, end: open, text: mounted }]),
          { start: literal.getStart(sourceFile), end: literal.end, text: `${quote}${last}${quote}` },
        ];
      });
    } else if (
      ts.isIndexedAccessTypeNode(node) &&
      ts.isLiteralTypeNode(node.indexType) &&
      ts.isStringLiteral(node.indexType.literal) &&
      isOldName(table, node.indexType.literal.text)
    ) {
      // `Parameters<OrdersClient['getDeliveryOptions']>` becomes `Parameters<OrdersClient['deliveryOptions']['get']>`.
      const literal = node.indexType.literal;
      record(literal, node, node.objectType, literal.text, (path) => {
        const quote = sourceFile.text[literal.getStart(sourceFile)] as string;
        const indices = path.split('.').map((segment) => `${quote}${segment}${quote}`);
        return [{ start: literal.getStart(sourceFile), end: literal.end, text: indices.join('][') }];
      });
    } else if (ts.isObjectBindingPattern(node)) {
      noteDestructuring(node);
    }
    ts.forEachChild(node, visit);
  };

  // Destructuring a method off a client cannot be rewritten in place (`{ get }` would clash across resources).
  const noteDestructuring = (pattern: TS.ObjectBindingPattern) => {
    const source = ts.isVariableDeclaration(pattern.parent) ? pattern.parent.initializer : undefined;
    if (source === undefined) return;
    const kind = kindOf(source);
    // Untyped: only `const { getOrder } = orders`, not every `const { createOrder } = require('./db')`.
    if (kind === 'unknown' ? !ts.isIdentifier(source) : kind.length === 0) return;
    for (const element of pattern.elements) {
      const key = element.propertyName ?? element.name;
      if (!ts.isIdentifier(key) || !isOldName(table, key.text)) continue;
      const path =
        kind === 'unknown' ? pathByName(table, key.text) : table[kind[0] as ClientName].get(key.text);
      const from = kind === 'unknown' ? ' (from a value of unknown type)' : ` from ${kind.join(' | ')}`;
      result.notes.push({
        ...at(key),
        message: `${key.text} is destructured${from}: take it from ${path === undefined ? 'its resource (MIGRATION.md)' : `${source.getText(sourceFile)}.${path}`} by hand`,
      });
    }
  };

  visit(sourceFile);
  return result;
}

/** `text` with the edits applied (they never overlap: one per name). */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let output = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    output = output.slice(0, edit.start) + edit.text + output.slice(edit.end);
  }
  return output;
}
