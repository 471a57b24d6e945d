// Whether a file (or a Markdown code block) is consignkit's to rewrite: it imports or requires the
// package. A receiver of unknown type is rewritten only there; anywhere else a `store.getOrder(id)` is as
// likely to be the integrator's own.
import type * as TS from 'typescript';

const PACKAGE = 'consignkit';

/** `consignkit` or one of its entries (`consignkit/testing`). */
export const isConsignkitSpecifier = (specifier: string) =>
  specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`);

const specifierOf = (ts: typeof TS, node: TS.Node): string | undefined => {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined)
    return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const expression = node.moduleReference.expression;
    return ts.isStringLiteral(expression) ? expression.text : undefined;
  }
  // `require('consignkit')` and `await import('consignkit')`.
  if (
    ts.isCallExpression(node) &&
    (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
  ) {
    const [argument] = node.arguments;
    return argument !== undefined && ts.isStringLiteralLike(argument) ? argument.text : undefined;
  }
  return undefined;
};

/** Whether the file imports, re-exports or requires consignkit anywhere in it. */
export function importsConsignkit(ts: typeof TS, sourceFile: TS.SourceFile): boolean {
  const visit = (node: TS.Node): boolean => {
    const specifier = specifierOf(ts, node);
    if (specifier !== undefined && isConsignkitSpecifier(specifier)) return true;
    return ts.forEachChild(node, visit) ?? false;
  };
  return visit(sourceFile);
}

/** How a file can name a class of consignkit's: an edit that adds it to its import, or it is there already. */
export type ImportOfClass =
  | { present: true }
  | { present: false; start: number; text: string }
  | { problem: string };

/**
 * How `name` (a resource class, `Consignments`) can be used unqualified in the file: already imported
 * from consignkit, or added to its `import { … } from 'consignkit'` or `const { … } = require('consignkit')`.
 */
export function importOfClass(ts: typeof TS, sourceFile: TS.SourceFile, name: string): ImportOfClass {
  let target: TS.NamedImports | TS.ObjectBindingPattern | undefined;
  for (const statement of sourceFile.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === PACKAGE &&
      !statement.importClause?.isTypeOnly &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings)
    ) {
      const named = statement.importClause.namedBindings;
      const element = named.elements.find((each) => each.name.text === name);
      if (element !== undefined) {
        return (element.propertyName?.text ?? name) === name && !element.isTypeOnly
          ? { present: true }
          : { problem: `${name} names something else here` };
      }
      target ??= named;
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const initializer = declaration.initializer;
        const required =
          initializer !== undefined &&
          ts.isCallExpression(initializer) &&
          specifierOf(ts, initializer) === PACKAGE &&
          ts.isObjectBindingPattern(declaration.name);
        if (required) {
          const pattern = declaration.name as TS.ObjectBindingPattern;
          const element = pattern.elements.find(
            (each) => ts.isIdentifier(each.name) && each.name.text === name,
          );
          if (element !== undefined) {
            const key = element.propertyName;
            return key === undefined || (ts.isIdentifier(key) && key.text === name)
              ? { present: true }
              : { problem: `${name} names something else here` };
          }
          target ??= pattern;
        }
      }
    }
  }
  if (target === undefined) {
    return { problem: `the file has no import { … } from 'consignkit' (nor require) to add ${name} to` };
  }
  if (declaresTopLevel(ts, sourceFile, name)) return { problem: `${name} names something else here` };
  const last = target.elements[target.elements.length - 1];
  if (last === undefined)
    return { present: false, start: target.getStart(sourceFile) + 1, text: ` ${name} ` };
  return { present: false, start: last.end, text: `, ${name}` };
}

/** Whether a top-level statement of the file binds `name` (a clash the added import would make). */
function declaresTopLevel(ts: typeof TS, sourceFile: TS.SourceFile, name: string): boolean {
  const bound = (node: TS.BindingName): boolean =>
    ts.isIdentifier(node)
      ? node.text === name
      : node.elements.some((element) => !ts.isOmittedExpression(element) && bound(element.name));
  return sourceFile.statements.some((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name?.text === name) return true;
      const named = clause?.namedBindings;
      if (named === undefined) return false;
      return ts.isNamespaceImport(named)
        ? named.name.text === name
        : named.elements.some((element) => element.name.text === name);
    }
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.some((declaration) => bound(declaration.name));
    if (
      ts.isClassDeclaration(statement) ||
      ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    )
      return statement.name?.text === name;
    return false;
  });
}
