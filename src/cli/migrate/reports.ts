// Where a 0.2 method name stands in a string, not as a name the rewrite can move: a spy
// (`vi.spyOn(shipments, 'getQuotesForShipment')`), `'createConsignment' in orders`, a test double cast to a
// client (`{ getOrder: vi.fn() } as unknown as OrdersClient`), a type over the client's keys
// (`Pick<OrdersClient, 'getOrder'>`). None is rewritten: the new shape nests the method in a resource,
// which a string or a key cannot say. Each is reported with what 0.3 calls it.
import type * as TS from 'typescript';
import { CLIENT_NAMES, CLIENT_VARIABLE, type ClientName } from './rename-table.js';
import type { ReceiverKind, RewriteContext } from './rewrite-types.js';

/** The clients a kind may be: in a file that imports consignkit, an unknown one may be either. */
const clientsOf = (kind: ReceiverKind, trusted: boolean): readonly ClientName[] =>
  kind === 'unknown' ? (trusted ? CLIENT_NAMES : []) : kind;

/** `orders.get` for `getOrder` on these clients, or undefined when none of them had the name. */
function newName(context: RewriteContext, clients: readonly ClientName[], old: string): string | undefined {
  const names = clients.flatMap((client) => {
    const path = context.table[client].get(old);
    return path === undefined ? [] : [`${CLIENT_VARIABLE[client]}.${path}`];
  });
  return names.length === 0 ? undefined : [...new Set(names)].join(' or ');
}

/** The string literal types of a type argument (`'getOrder' | 'getConsignment'`), not inside an indexed access. */
function literalKeys(ts: typeof TS, node: TS.TypeNode): TS.StringLiteral[] {
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return [node.literal];
  if (ts.isUnionTypeNode(node)) return node.types.flatMap((each) => literalKeys(ts, each));
  if (ts.isParenthesizedTypeNode(node)) return literalKeys(ts, node.type);
  return [];
}

/** The types an expression is cast to on its way out (`x as unknown as OrdersClient`, `<T>x`, `x satisfies T`). */
function castsOf(ts: typeof TS, node: TS.Expression): TS.TypeNode[] {
  const types: TS.TypeNode[] = [];
  let current: TS.Node = node;
  for (;;) {
    const parent: TS.Node = current.parent;
    if (ts.isAsExpression(parent) || ts.isTypeAssertionExpression(parent) || ts.isSatisfiesExpression(parent))
      types.push(parent.type);
    else if (!ts.isParenthesizedExpression(parent)) break;
    current = parent;
  }
  return types;
}

/** Reports the uses of old names in `node` that no rewrite reaches, through `note`. */
export function reportLooseNames(
  ts: typeof TS,
  node: TS.Node,
  context: RewriteContext,
  note: (node: TS.Node, message: string) => void,
): void {
  const report = (literal: TS.Node, old: string, clients: readonly ClientName[], what: string) => {
    const now = newName(context, clients, old);
    if (now !== undefined) note(literal, `'${old}' ${what}: 0.3 calls it ${now}; change it by hand`);
  };
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.InKeyword &&
    ts.isStringLiteralLike(node.left)
  ) {
    report(
      node.left,
      node.left.text,
      clientsOf(context.kindOf(node.right), context.trusted),
      'tested with in',
    );
  } else if (ts.isCallExpression(node)) {
    // `vi.spyOn(orders, 'getOrder')`, `sinon.stub(OrdersClient.prototype, 'getOrder')`, `Reflect.get(orders, 'getOrder')`.
    node.arguments.forEach((argument, index) => {
      const object = node.arguments[index - 1];
      if (object === undefined || !ts.isStringLiteralLike(argument)) return;
      const clients = clientsOf(context.kindOf(object), context.trusted);
      report(argument, argument.text, clients, `named as a method of ${object.getText()}`);
    });
  } else if (ts.isObjectLiteralExpression(node)) {
    const kinds = [
      ...castsOf(ts, node).map((type) => context.kindOf(type)),
      context.contextualKindOf?.(node) ?? [],
    ];
    const clients = [...new Set(kinds.flatMap((kind) => (kind === 'unknown' ? [] : kind)))];
    if (clients.length === 0) return;
    for (const property of node.properties) {
      const name = property.name;
      if (name === undefined || !(ts.isIdentifier(name) || ts.isStringLiteral(name))) continue;
      report(name, name.text, clients, `is a member of an object made into ${clients.join(' | ')}`);
    }
  } else if (ts.isTypeReferenceNode(node) && node.typeArguments !== undefined) {
    // `Pick<OrdersClient, 'getOrder'>`, `Omit<…>`, `MockedObject<…>`: the keys are the client's.
    const clients = [
      ...new Set(
        node.typeArguments.flatMap((argument) => {
          const kind = context.kindOf(argument);
          return kind === 'unknown' ? [] : kind;
        }),
      ),
    ];
    if (clients.length === 0) return;
    for (const argument of node.typeArguments)
      for (const literal of literalKeys(ts, argument))
        report(literal, literal.text, clients, `is a key of ${node.typeName.getText()}<…>`);
  } else if (ts.isIndexedAccessTypeNode(node) && ts.isUnionTypeNode(node.indexType)) {
    // `OrdersClient['getOrder' | 'cancelConsignment']`: one index the rewrite cannot split.
    const clients = clientsOf(context.kindOf(node.objectType), false);
    for (const literal of literalKeys(ts, node.indexType))
      report(literal, literal.text, clients, 'indexes the client in a union');
  }
}
