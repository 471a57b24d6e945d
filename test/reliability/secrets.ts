import { inspect } from 'node:util';
import type { Logger } from '../../src/index.js';

/** A logger that keeps every call, every argument, at every level. */
export function recordingLogger(): Logger & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      calls.push([level, ...args]);
    };
  return {
    calls,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}

/**
 * Every form in which an error can end up in a log or a bug report: `String`, the stack, JSON, a deep
 * `util.inspect`, and the same for each `cause` down the chain.
 */
export function errorForms(error: unknown): string[] {
  const forms: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null && !seen.has(current); ) {
    seen.add(current);
    forms.push(String(current), inspect(current, { depth: 20 }), JSON.stringify(current) ?? '');
    if (current instanceof Error) forms.push(current.stack ?? '', current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return forms;
}

/** Counts what was searched for `secret` and where it was found. */
export class LeakSearch {
  searched = 0;
  readonly leaks: string[] = [];
  constructor(readonly secret: string) {}

  search(where: string, forms: string[]): void {
    for (const form of forms) {
      this.searched += 1;
      if (form.includes(this.secret)) this.leaks.push(`${where}: ${form.slice(0, 300)}`);
    }
  }

  error(where: string, error: unknown): void {
    this.search(where, errorForms(error));
  }

  logger(where: string, calls: unknown[][]): void {
    this.search(
      where,
      calls.map((call) => inspect(call, { depth: 20 })),
    );
  }
}
