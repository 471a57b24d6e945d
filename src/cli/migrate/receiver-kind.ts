// What a receiver is, by its type: the clients it is, derives from, or (in a union) may be.
import type * as TS from 'typescript';
import { CLIENT_NAMES, type ClientName } from './rename-table.js';
import type { Receiver, ReceiverKind } from './rewrite.js';

/** The receiver kind of `receiver` from the checker: by declared class name, so a subclass or an alias counts. */
export function receiverKindOf(ts: typeof TS, checker: TS.TypeChecker, receiver: Receiver): ReceiverKind {
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
    }
  };
  walk(checker.getTypeAtLocation(receiver));
  if (found.size > 0) return [...found];
  return unknown ? 'unknown' : [];
}
