// A subclass of a client that overrides a 0.2 method: the override must keep running after the rewrite.
// A method that stays on the client (`getOrder` → `get`) is renamed with its calls. One that moves to a
// resource (`createConsignment` → `consignments.create`) cannot be: the client no longer calls any method
// of that name, so the class is reported for a hand change, and its calls are left where they reach it.
import type * as TS from 'typescript';
import { CLIENT_NAMES, CLIENT_VARIABLE, type ClientName } from './rename-table.js';
import type { FileRewrite, Locate, ReceiverKind, RewriteContext } from './rewrite-types.js';

/** The clients a class extends, by its type, or (untyped, in a file that imports consignkit) by the base's name. */
function clientsExtended(
  ts: typeof TS,
  base: TS.ExpressionWithTypeArguments,
  context: RewriteContext,
): readonly ClientName[] {
  const kind: ReceiverKind = context.kindOf(base);
  if (kind !== 'unknown') return kind;
  if (!context.trusted) return [];
  const expression = base.expression;
  const name = ts.isIdentifier(expression)
    ? expression.text
    : ts.isPropertyAccessExpression(expression)
      ? expression.name.text
      : '';
  return CLIENT_NAMES.filter((client) => client === name);
}

const isStatic = (ts: typeof TS, member: TS.ClassElement) =>
  ts.canHaveModifiers(member) &&
  (ts.getModifiers(member) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);

/**
 * Renames the overrides that stay on the client and reports the ones that move to a resource, into
 * `result`. Answers the old names this file's classes override on a resource, each with its class.
 */
export function rewriteOverrides(
  ts: typeof TS,
  sourceFile: TS.SourceFile,
  context: RewriteContext,
  result: FileRewrite,
  at: Locate,
): Map<string, string> {
  const { table } = context;
  const onResource = new Map<string, string>();
  const visitClass = (node: TS.ClassLikeDeclaration) => {
    const base = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
      ?.types[0];
    if (base === undefined) return;
    const clients = clientsExtended(ts, base, context);
    if (clients.length === 0) return;
    const className =
      node.name?.text ??
      (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
        ? node.parent.name.text
        : '(anonymous class)');
    const names = new Set(
      node.members.flatMap((member) =>
        member.name !== undefined && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
          ? [member.name.text]
          : [],
      ),
    );
    for (const member of node.members) {
      const name = member.name;
      if (name === undefined || !(ts.isIdentifier(name) || ts.isStringLiteral(name))) continue;
      if (isStatic(ts, member)) continue;
      const old = name.text;
      const paths = new Set(clients.flatMap((client) => table[client].get(old) ?? []));
      if (paths.size === 0) continue;
      const note = (message: string) => result.notes.push({ ...at(name), message });
      const [path] = paths;
      if (paths.size > 1 || path === undefined) {
        note(
          `${className}.${old} overrides a method that moves to different places on ${clients.join(' and ')}: change it by hand`,
        );
        continue;
      }
      const client = clients.find((each) => table[each].get(old) === path) as ClientName;
      if (!path.includes('.')) {
        if (names.has(path)) {
          note(`${className} has both ${old} and ${path}: rename its ${old} override by hand`);
          continue;
        }
        const quote = ts.isStringLiteral(name) ? (sourceFile.text[name.getStart(sourceFile)] as string) : '';
        result.edits.push({
          start: name.getStart(sourceFile),
          end: name.end,
          text: `${quote}${path}${quote}`,
        });
        result.sites.push({ ...at(name), old, path, byName: false });
        continue;
      }
      onResource.set(old, className);
      const segments = path.split('.');
      const last = segments.pop() as string;
      const resourceClass = context.resourceClassOf(client, segments.join('.')) ?? 'its resource class';
      note(
        `${className}.${old} overrides ${client}.${old}, which 0.3 moves to ${CLIENT_VARIABLE[client]}.${path} (${resourceClass}.prototype.${last}): the client calls no method of this name any more, so renamed it would never run. Left alone with its calls (which still reach it, and fail on super.${old}): move it by hand, e.g. wrap this.${path} in the constructor`,
      );
    }
  };
  const visit = (node: TS.Node): void => {
    if (ts.isClassLike(node)) visitClass(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return onResource;
}
