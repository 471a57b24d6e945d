// Which files `consignkit migrate` reads, the program that types them, and what it would change in each.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import type * as TS from 'typescript';
import { UsageError } from '../output.js';
import { decodeExactly } from './file-bytes.js';
import { importsConsignkit } from './imports.js';
import { rewriteMarkdown } from './markdown.js';
import { contextualKindOf, overriderOf, receiverKindOf } from './receiver-kind.js';
import type { RenameTable } from './rename-table.js';
import { resourceClassOf } from './resource-classes.js';
import { applyEdits, rewriteSourceFile } from './rewrite.js';
import type { FileRewrite, Note, Site } from './rewrite-types.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** What changes in one file. */
export interface FilePlan {
  /** Absolute. */
  file: string;
  /** The text, without the byte-order mark the file may open with (`bom`). */
  before: string;
  after: string;
  bom: boolean;
  sites: Site[];
  notes: Note[];
}

export interface MigrationPlan {
  files: FilePlan[];
  /** Files that do not parse: left alone, and the command exits 1. */
  errors: { file: string; line: number; column: number; message: string }[];
  /** Files with sites or notes whose bytes cannot be rewritten losslessly: left alone, and the command exits 1. */
  skipped: { file: string; reason: string; sites: number }[];
  /** The tsconfig.json whose program typed the files, if one was found. */
  tsconfig: string | undefined;
}

const isDeclaration = (file: string) => /\.d\.[cm]?ts$/.test(file);
const isSource = (file: string) => SOURCE_EXTENSIONS.includes(extname(file));

/** The source and Markdown files under `paths`, skipping node_modules, hidden folders and `skip`. */
function collect(
  paths: readonly string[],
  skip: readonly string[],
): { sources: string[]; markdown: string[] } {
  const sources: string[] = [];
  const markdown: string[] = [];
  const add = (file: string) => {
    if (isSource(file)) sources.push(file);
    else if (extname(file) === '.md') markdown.push(file);
  };
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.') || skip.includes(path)) continue;
        walk(path);
      } else if (entry.isFile()) {
        add(path);
      }
    }
  };
  for (const path of paths) {
    if (!existsSync(path)) throw new UsageError(`no such file or folder: ${path}`, 'migrate');
    if (statSync(path).isDirectory()) {
      walk(path);
    } else if (isSource(path) || extname(path) === '.md') {
      add(path);
    } else {
      throw new UsageError(
        `${path}: migrate rewrites ${SOURCE_EXTENSIONS.join(' ')} and .md files, not ${extname(path) || 'this file'}`,
        'migrate',
      );
    }
  }
  return { sources: [...new Set(sources)].sort(), markdown: [...new Set(markdown)].sort() };
}

/** The compiler options and root files of the tsconfig.json above `directory`, or options for loose files. */
function programSetup(
  ts: typeof TS,
  directory: string,
): { tsconfig: string | undefined; rootNames: readonly string[]; options: TS.CompilerOptions } {
  const tsconfig = ts.findConfigFile(directory, ts.sys.fileExists);
  if (tsconfig === undefined) {
    return {
      tsconfig,
      rootNames: [],
      options: {
        allowJs: true,
        noEmit: true,
        target: ts.ScriptTarget.ESNext,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.Preserve,
        skipLibCheck: true,
      },
    };
  }
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(`${tsconfig}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      },
    },
  );
  if (parsed === undefined) throw new Error(`${tsconfig}: cannot be read`);
  // JavaScript files under the paths are typed too, by the same program (their `require`s resolve as the project's do).
  return {
    tsconfig,
    rootNames: parsed.fileNames,
    options: { ...parsed.options, allowJs: true, noEmit: true },
  };
}

function planOf(file: string, before: string, bom: boolean, rewrite: FileRewrite): FilePlan {
  return {
    file,
    before,
    after: applyEdits(before, rewrite.edits),
    bom,
    sites: rewrite.sites,
    notes: rewrite.notes,
  };
}

/** A declaration file's rewrite as notes only: a .d.ts describes code, and is regenerated or fixed by hand. */
function declarationNotes(rewrite: FileRewrite): FileRewrite {
  const notes = rewrite.sites.map(
    (site): Note => ({
      line: site.line,
      column: site.column,
      message: `${site.old}: in a declaration file (.d.ts): 0.3 calls it ${site.path}; change it by hand or regenerate the file`,
    }),
  );
  return {
    edits: [],
    sites: [],
    notes: [...rewrite.notes, ...notes].sort((a, b) => a.line - b.line || a.column - b.column),
  };
}

/**
 * What `consignkit migrate` changes under `paths` (files or folders, relative to `cwd`): every file with a
 * call site or a note, nothing written.
 */
export function planMigration(
  ts: typeof TS,
  { paths, cwd, table }: { paths: readonly string[]; cwd: string; table: RenameTable },
): MigrationPlan {
  const absolute = paths.map((path) => resolve(cwd, path));
  const first = absolute[0] ?? cwd;
  const setup = programSetup(ts, existsSync(first) && statSync(first).isDirectory() ? first : dirname(first));
  const outDir = setup.options.outDir === undefined ? [] : [resolve(setup.options.outDir)];
  const { sources, markdown } = collect(absolute, outDir);
  const program = ts.createProgram({
    rootNames: [...new Set([...setup.rootNames, ...sources])],
    options: setup.options,
  });
  const checker = program.getTypeChecker();
  const plan: MigrationPlan = { files: [], errors: [], skipped: [], tsconfig: setup.tsconfig };
  // Reads the bytes itself: the compiler drops a byte-order mark, decodes UTF-16 and turns bad UTF-8 into U+FFFD.
  const add = (file: string, parsed: string, rewrite: FileRewrite) => {
    if (rewrite.sites.length === 0 && rewrite.notes.length === 0) return;
    const decoded = decodeExactly(readFileSync(file));
    const sites = rewrite.sites.length + rewrite.notes.length;
    if ('problem' in decoded) plan.skipped.push({ file, reason: decoded.problem, sites });
    else if (decoded.text !== parsed)
      plan.skipped.push({ file, reason: 'the compiler read other text than its bytes hold', sites });
    else plan.files.push(planOf(file, decoded.text, decoded.bom, rewrite));
  };
  for (const file of sources) {
    const sourceFile = program.getSourceFile(file);
    if (sourceFile === undefined) continue;
    const [syntaxError] = program.getSyntacticDiagnostics(sourceFile);
    if (syntaxError !== undefined) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(syntaxError.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(syntaxError.messageText, ' ');
      plan.errors.push({ file, line: line + 1, column: character + 1, message });
      continue;
    }
    const rewrite = rewriteSourceFile(ts, sourceFile, {
      table,
      trusted: importsConsignkit(ts, sourceFile),
      kindOf: (receiver) => receiverKindOf(ts, checker, receiver),
      overriderOf: (receiver, old) => overriderOf(ts, checker, receiver, old),
      contextualKindOf: (literal) => contextualKindOf(ts, checker, literal),
      resourceClassOf,
    });
    add(file, sourceFile.text, isDeclaration(file) ? declarationNotes(rewrite) : rewrite);
  }
  for (const file of markdown) {
    const decoded = decodeExactly(readFileSync(file));
    const text = 'problem' in decoded ? readFileSync(file, 'utf8') : decoded.text;
    add(file, text, rewriteMarkdown(ts, file, text, table));
  }
  return plan;
}

/** `file` as the output names it: relative to `cwd` when inside it. */
export function displayPath(cwd: string, file: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') ? file : path.split(sep).join('/');
}
