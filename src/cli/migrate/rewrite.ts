// Finds the call sites of the flat 0.2 client methods in one source file and says how each becomes its
// 0.3 resource path. Pure over the syntax tree: what a receiver is comes from the `RewriteContext` the
// caller gives (the type checker for a program's files, the names alone for a Markdown code block).
import type * as TS from 'typescript';
import { importOfClass } from './imports.js';
import { rewriteOverrides } from './overrides.js';
import { CLIENT_NAMES, type ClientName, type RenameTable } from './rename-table.js';
import { reportLooseNames } from './reports.js';
import type { Edit, FileRewrite, Locate, Receiver, ReceiverKind, RewriteContext } from './rewrite-types.js';

/** The path of `old` when the receiver's type is unknown: only when every client that has it moves it to the same place. */
export function pathByName(table: RenameTable, old: string): string | undefined {
  const paths = new Set(CLIENT_NAMES.flatMap((client) => table[client].get(old) ?? []));
  return paths.size === 1 ? [...paths][0] : undefined;
}

export function isOldName(table: RenameTable, name: string): boolean {
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
function resolve(table: RenameTable, old: string, kind: ReceiverKind, trusted: boolean): Resolution {
  if (kind === 'unknown') {
    const path = pathByName(table, old);
    if (!trusted)
      return {
        note: `${old}: the receiver's type is unknown and this file (or code block) does not import consignkit, so it may be none of consignkit's${path === undefined ? '' : ` (on a consignkit client it is now .${path})`}`,
      };
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
  context: RewriteContext,
): FileRewrite {
  const { table, kindOf } = context;
  const result: FileRewrite = { edits: [], sites: [], notes: [] };
  const at: Locate = (node) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return { line: line + 1, column: character + 1 };
  };
  const note = (node: TS.Node, message: string) => result.notes.push({ ...at(node), message });
  // The overrides first: a call of a method this file's subclass overrides must not be moved past it.
  const overridden = rewriteOverrides(ts, sourceFile, context, result, at);
  const importsAdded = new Set<string>();

  const record = (
    nameNode: TS.Node,
    whole: TS.Node,
    receiver: Receiver,
    old: string,
    edits: (path: string) => Edit[],
  ) => {
    const kind = kindOf(receiver);
    const resolution = resolve(table, old, kind, context.trusted);
    if (resolution === undefined) return;
    if ('note' in resolution) {
      note(nameNode, resolution.note);
      return;
    }
    const { path } = resolution;
    if (alreadyMigrated(ts, receiver, path)) return;
    const onResource = path.includes('.');
    if (onResource && receiver.kind === ts.SyntaxKind.SuperKeyword) {
      // Resources are instance fields: `super.consignments` is undefined.
      note(
        nameNode,
        `super.${old}: 0.3 has it as this.${path}, on a resource, which super does not reach; call this.${path}(…) by hand, or move the override (see the note on its class)`,
      );
      return;
    }
    if (onResource && !ts.isTypeNode(receiver)) {
      const overrider = kind === 'unknown' ? overridden.get(old) : context.overriderOf?.(receiver, old);
      if (overrider !== undefined) {
        note(
          nameNode,
          `${old}: ${overrider} overrides it, and .${path} would go past the override; left alone until the override is moved by hand`,
        );
        return;
      }
      if (ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'prototype') {
        const client =
          kind === 'unknown'
            ? CLIENT_NAMES.find((each) => table[each].get(old) === path)
            : kind.find((each) => table[each].get(old) === path);
        prototypeAccess(nameNode, whole, receiver, old, path, client);
        return;
      }
    }
    const warning = valueUseWarning(ts, whole, old, path);
    result.edits.push(...edits(path));
    result.sites.push({
      ...at(nameNode),
      old,
      path,
      byName: resolution.byName,
      ...(warning === undefined ? {} : { warning }),
    });
  };

  // `OrdersClient.prototype.createConsignment` is `Consignments.prototype.create` in 0.3: the client's
  // prototype has no resources (they are instance fields), so `OrdersClient.prototype.consignments` is undefined.
  const prototypeAccess = (
    nameNode: TS.Node,
    whole: TS.Node,
    receiver: TS.PropertyAccessExpression,
    old: string,
    path: string,
    client: ClientName | undefined,
  ) => {
    const segments = path.split('.');
    const last = segments.pop() as string;
    const resourceClass =
      client === undefined ? undefined : context.resourceClassOf(client, segments.join('.'));
    const owner = receiver.expression;
    const refuse = (why: string) =>
      note(
        nameNode,
        `${old} on a prototype: 0.3 has it on ${resourceClass ?? 'a resource class'}.prototype.${last}; ${why}: change it by hand`,
      );
    if (resourceClass === undefined) return refuse('no resource class is known for it');
    if (!ts.isPropertyAccessExpression(whole) || whole.name !== nameNode)
      return refuse('only a `.name` access is rewritten');
    const edits: Edit[] = [];
    if (ts.isIdentifier(owner)) {
      const found = importOfClass(ts, sourceFile, resourceClass);
      if ('problem' in found) return refuse(found.problem);
      if (!found.present && !importsAdded.has(resourceClass)) {
        importsAdded.add(resourceClass);
        edits.push({ start: found.start, end: found.start, text: found.text });
      }
      edits.push({ start: owner.getStart(sourceFile), end: owner.end, text: resourceClass });
    } else if (ts.isPropertyAccessExpression(owner)) {
      // `consignkit.OrdersClient.prototype…` becomes `consignkit.Consignments.prototype…`.
      edits.push({ start: owner.name.getStart(sourceFile), end: owner.name.end, text: resourceClass });
    } else {
      return refuse('its class is not named where it is used');
    }
    edits.push({ start: nameNode.getStart(sourceFile), end: nameNode.end, text: last });
    result.edits.push(...edits);
    result.sites.push({
      ...at(nameNode),
      old,
      path: `${resourceClass}.prototype.${last}`,
      byName: kindOf(receiver) === 'unknown',
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
    } else {
      reportLooseNames(ts, node, context, note);
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
  // The overrides were noted first; the report reads top to bottom.
  result.notes.sort((a, b) => a.line - b.line || a.column - b.column);
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
