// What a receiver is, by its type: the clients it is, derives from, or (in a union) may be.
import type * as TS from 'typescript';
import { CLIENT_NAMES, type ClientName } from './rename-table.js';
import type { Receiver, ReceiverKind } from './rewrite-types.js';

/** The clients `type` is, derives from, or (in a union, or as a `Partial`/`Pick` of one) may be. */
export function kindOfType(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type): ReceiverKind {
  const found = new Set<ClientName>();
  const seen = new Set<TS.Type>();
  let unknown = false;
  const walk = (type: TS.Type): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      unknown = true;
      return;
    }
    if (type.isUnionOrIntersection()) {
      for (const member of type.types) walk(member);
      return;
    }
    if (type.flags & ts.TypeFlags.TypeParameter) {
      // `this` inside a subclass, or `T extends OrdersClient`: its constraint; none means unknown.
      const constraint = checker.getBaseConstraintOfType(type);
      if (constraint === undefined || constraint === type) unknown = true;
      else walk(constraint);
      return;
    }
    const name = type.getSymbol()?.getName();
    if (name !== undefined && CLIENT_NAMES.includes(name as ClientName)) found.add(name as ClientName);
    const target = (type as TS.TypeReference).target ?? type;
    if (target.isClassOrInterface()) {
      for (const base of checker.getBaseTypes(target)) walk(base);
    } else {
      // `Partial<OrdersClient>`, `Pick<OrdersClient, 'getOrder'>`: the client's own members, mapped.
      for (const argument of type.aliasTypeArguments ?? []) walk(argument);
    }
  };
  walk(type);
  if (found.size > 0) return [...found];
  return unknown ? 'unknown' : [];
}

/** The receiver kind of `receiver` from the checker: by declared class name, so a subclass or an alias counts. */
export function receiverKindOf(ts: typeof TS, checker: TS.TypeChecker, receiver: Receiver): ReceiverKind {
  return kindOfType(ts, checker, checker.getTypeAtLocation(receiver));
}

/** The kind of what an object literal is written as (`const fake: OrdersClient = { … }`, an argument). */
export function contextualKindOf(
  ts: typeof TS,
  checker: TS.TypeChecker,
  literal: TS.ObjectLiteralExpression,
): ReceiverKind {
  const type = checker.getContextualType(literal);
  return type === undefined ? [] : kindOfType(ts, checker, type);
}

/**
 * The integrator's class that declares `old` on the receiver's type, overriding the client's method:
 * `Audited` for `audited.createConsignment` when `class Audited extends OrdersClient` has its own.
 */
export function overriderOf(
  ts: typeof TS,
  checker: TS.TypeChecker,
  receiver: TS.Expression,
  old: string,
): string | undefined {
  const type = checker.getApparentType(checker.getTypeAtLocation(receiver));
  for (const member of type.isUnion() ? type.types : [type]) {
    const property = checker.getPropertyOfType(checker.getApparentType(member), old);
    for (const declaration of property?.declarations ?? []) {
      const owner = declaration.parent;
      if (!ts.isClassLike(owner)) continue;
      const name =
        owner.name?.text ??
        (ts.isVariableDeclaration(owner.parent) && ts.isIdentifier(owner.parent.name)
          ? owner.parent.name.text
          : undefined);
      if (name === undefined) return '(anonymous class)';
      if (!CLIENT_NAMES.includes(name as ClientName)) return name;
    }
  }
  return undefined;
}
