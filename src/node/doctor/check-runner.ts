// Runs the doctor's checks one at a time; its own module so that the write round trips (write.ts) and the
// checks of the reads (run-doctor.ts) share it without importing each other.
import { ApiError, ConnectionError, ResponseValidationError, TimeoutError } from '../../core/errors.js';
import type { Exchange } from './exchanges.js';
import type { DoctorArea, DoctorCheck } from './report.js';

/** Called as each check starts (for a progress line) and ends. */
export type DoctorProgress = (event: { check: string; area: DoctorArea; done: boolean }) => void;

/** Runs one check at a time, timing it and keeping the correlation ids of the exchanges it made. */
export class CheckRunner {
  constructor(
    readonly exchanges: Exchange[],
    readonly checks: DoctorCheck[],
    private readonly onProgress: DoctorProgress | undefined,
  ) {}

  /** Runs `body` as the check `name`; what it returns is the check's status and detail. */
  async run(
    area: DoctorArea,
    name: string,
    body: (since: number) => Promise<Omit<DoctorCheck, 'area' | 'name' | 'correlationIds'>>,
  ): Promise<DoctorCheck> {
    this.onProgress?.({ check: name, area, done: false });
    const since = this.exchanges.length;
    const started = performance.now();
    let outcome: Omit<DoctorCheck, 'area' | 'name' | 'correlationIds'>;
    try {
      outcome = await body(since);
    } catch (error) {
      outcome = { status: 'failed', detail: describeFailure(error) };
    }
    const check: DoctorCheck = {
      area,
      name,
      ...outcome,
      durationMs: Math.round(performance.now() - started),
      correlationIds: this.exchanges
        .slice(since)
        .map((exchange) => exchange.correlationId)
        .filter((id): id is string => id !== undefined),
    };
    this.checks.push(check);
    this.onProgress?.({ check: name, area, done: true });
    return check;
  }

  skip(area: DoctorArea, name: string, detail: string): void {
    this.checks.push({ area, name, status: 'skipped', detail, correlationIds: [] });
  }
}

/** A failure in words that hold no value of the answer: the error's class, status and code. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code ? ` (${error.code})` : '';
    return `${error.name}: the service answered ${error.status}${code}`;
  }
  if (error instanceof ConnectionError) {
    const code = (error.cause as { code?: string } | undefined)?.code;
    return `${error.name}: ${networkProblem(code)}`;
  }
  if (error instanceof TimeoutError) return `${error.name}: no answer in time`;
  if (error instanceof ResponseValidationError) {
    return `${error.name}: ${error.issues.length} difference(s) from what consignkit expects`;
  }
  return error instanceof Error ? error.name : 'an unknown failure';
}

function networkProblem(code: string | undefined): string {
  if (code === undefined) return 'the connection failed';
  if (/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME)$/.test(code)) return `the host name did not resolve (DNS, ${code})`;
  if (/CERT|TLS|SSL|UNABLE_TO_VERIFY|SELF_SIGNED/.test(code)) return `the TLS handshake failed (${code})`;
  if (code === 'ECONNREFUSED') return 'the connection was refused (ECONNREFUSED)';
  return `the connection failed (${code})`;
}
