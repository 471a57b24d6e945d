// Which files `consignkit migrate` reads, the program that types them, and what it would change in each.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import type * as TS from 'typescript';
import { UsageError } from '../output.js';
import { rewriteMarkdown } from './markdown.js';
import { receiverKindOf } from './receiver-kind.js';
import type { RenameTable } from './rename-table.js';
import { applyEdits, type FileRewrite, type Note, rewriteSourceFile, type Site } from './rewrite.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** What changes in one file. */
export interface FilePlan {
  /** Absolute. */
  file: string;
  before: string;
  after: string;
  sites: Site[];
  notes: Note[];
}

export interface MigrationPlan {
  files: FilePlan[];
  /** Files that do not parse: left alone, and the command exits 1. */
  errors: { file: string; line: number; column: number; message: string }[];
  /** The tsconfig.json whose program typed the files, if one was found. */
  tsconfig: string | undefined;
}

const isSource = (file: string) => SOURCE_EXTENSIONS.includes(extname(file)) && !/\.d\.[cm]?ts$/.test(file);

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

function planOf(file: string, before: string, rewrite: FileRewrite): FilePlan {
  return {
    file,
    before,
    after: applyEdits(before, rewrite.edits),
    sites: rewrite.sites,
    notes: rewrite.notes,
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
  const plan: MigrationPlan = { files: [], errors: [], tsconfig: setup.tsconfig };
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
    const rewrite = rewriteSourceFile(ts, sourceFile, table, (receiver) =>
      receiverKindOf(ts, checker, receiver),
    );
    if (rewrite.sites.length > 0 || rewrite.notes.length > 0)
      plan.files.push(planOf(file, sourceFile.text, rewrite));
  }
  for (const file of markdown) {
    const text = readFileSync(file, 'utf8');
    const rewrite = rewriteMarkdown(ts, file, text, table);
    if (rewrite.sites.length > 0 || rewrite.notes.length > 0) plan.files.push(planOf(file, text, rewrite));
  }
  return plan;
}

/** `file` as the output names it: relative to `cwd` when inside it. */
export function displayPath(cwd: string, file: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') ? file : path.split(sep).join('/');
}
