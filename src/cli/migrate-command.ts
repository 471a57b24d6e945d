import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TS from 'typescript';
import { ConfigurationError } from '../core/errors.js';
import type { Command } from './command.js';
import { encode, writeAtomically } from './migrate/file-bytes.js';
import { displayPath, planMigration } from './migrate/plan.js';
import { RENAMES_0_3_0 } from './migrate/rename-table.js';
import { unifiedDiff } from './migrate/unified-diff.js';
import { EXIT_FAILURE, EXIT_OK } from './output.js';

/** The optional peer the command needs. */
export const TYPESCRIPT = 'typescript';

const isNotFound = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
};

/**
 * The project's own TypeScript when it has one (it parses the project's syntax), else the one installed
 * beside consignkit; a {@link ConfigurationError} naming the package when there is neither.
 */
export async function loadTypeScript(projectDirectory: string, name = TYPESCRIPT): Promise<typeof TS> {
  try {
    return createRequire(join(projectDirectory, 'package.json'))(name) as typeof TS;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    const module = (await import(name)) as typeof TS & { default?: typeof TS };
    return module.default ?? module;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    throw new ConfigurationError(
      `consignkit migrate needs ${name}, an optional peer dependency of consignkit: npm install --save-dev ${name}`,
      { cause: error },
    );
  }
}

/** `consignkit migrate [paths…]`: rewrites calls of the 0.2 flat client methods to their 0.3 resources. */
export const migrateCommand: Command = {
  name: 'migrate',
  options: ['write'],
  remote: false,
  arguments: [0, Number.POSITIVE_INFINITY],
  async run({ args, values, io, out }) {
    const cwd = process.cwd();
    const ts = await loadTypeScript(cwd);
    const plan = planMigration(ts, { paths: args.length === 0 ? ['.'] : args, cwd, table: RENAMES_0_3_0 });
    const write = values.write ?? false;
    const changed = plan.files.filter((file) => file.after !== file.before);
    const sites = plan.files.flatMap((file) => file.sites);
    const byName = sites.filter((site) => site.byName).length;
    const summary = `${sites.length} call site${sites.length === 1 ? '' : 's'} in ${changed.length} file${changed.length === 1 ? '' : 's'} (${byName} by name)`;
    const unwritten: { file: string; message: string }[] = [];
    if (write) {
      for (const file of changed) {
        try {
          await writeAtomically(file.file, encode(file.after, file.bom));
        } catch (error) {
          unwritten.push({ file: file.file, message: (error as Error).message });
        }
      }
    }
    if (out.json) {
      out.value({
        write,
        tsconfig: plan.tsconfig === undefined ? null : displayPath(cwd, plan.tsconfig),
        files: plan.files.map((file) => ({
          file: displayPath(cwd, file.file),
          sites: file.sites,
          notes: file.notes,
        })),
        errors: plan.errors.map((error) => ({ ...error, file: displayPath(cwd, error.file) })),
        skipped: plan.skipped.map((skipped) => ({ ...skipped, file: displayPath(cwd, skipped.file) })),
        unwritten: unwritten.map((failure) => ({ ...failure, file: displayPath(cwd, failure.file) })),
        summary: { callSites: sites.length, files: changed.length, byName },
      });
    } else {
      // The diff alone on stdout, so that `consignkit migrate > 0.3.patch` is a patch `git apply` takes.
      if (!write)
        for (const file of changed)
          out.text(unifiedDiff(displayPath(cwd, file.file), file.before, file.after));
      const report: string[] = [];
      for (const file of plan.files) {
        const path = displayPath(cwd, file.file);
        for (const site of file.sites) {
          if (site.byName)
            report.push(
              `${path}:${site.line}:${site.column}: ${site.old} -> ${site.path} by name (the receiver's type is unknown)`,
            );
          if (site.warning !== undefined)
            report.push(`${path}:${site.line}:${site.column}: warning: ${site.warning}`);
        }
        for (const note of file.notes)
          report.push(`${path}:${note.line}:${note.column}: not rewritten: ${note.message}`);
      }
      for (const error of plan.errors) {
        report.push(
          `${displayPath(cwd, error.file)}:${error.line}:${error.column}: cannot parse, left alone: ${error.message}`,
        );
      }
      for (const skipped of plan.skipped) {
        report.push(
          `${displayPath(cwd, skipped.file)}: left alone, ${skipped.sites} site${skipped.sites === 1 ? '' : 's'} to change by hand: ${skipped.reason}`,
        );
      }
      for (const failure of unwritten) {
        report.push(`${displayPath(cwd, failure.file)}: cannot write, left as it was: ${failure.message}`);
      }
      report.push(
        write ? `rewrote ${summary}` : `${summary}; a dry run, nothing written: --write applies it`,
      );
      io.stderr.write(`${report.join('\n')}\n`);
    }
    const leftAlone = plan.errors.length + plan.skipped.length + unwritten.length;
    return leftAlone > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
