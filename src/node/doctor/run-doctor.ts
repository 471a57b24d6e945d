import { type CreateClientsOptions, createClients } from '../../clients.js';
import { ApiError, ConfigurationError, ResponseValidationError } from '../../core/errors.js';
import { formatPath } from '../../core/issue-path.js';
import type { Environment } from '../../core/options.js';
import { redact } from '../../core/redact.js';
import { VERSION } from '../../core/user-agent.js';
import type { OrdersClient } from '../../orders/client.js';
import type { ShipmentsClient } from '../../shipments/client.js';
import { CheckRunner } from './check-runner.js';
import { findDrift } from './drift.js';
import { type Exchange, recordingFetch } from './exchanges.js';
import { READS, type Read, responseSchemaOf } from './reads.js';
import type { DoctorArea, DoctorCheck, DoctorReport, WriteRun } from './report.js';
import { roundTrips } from './write.js';

export type { DriftDifference } from './drift.js';
export type { DoctorArea, DoctorCheck, DoctorCheckStatus, DoctorCreated, DoctorReport } from './report.js';

/** What {@link runDoctor} takes: the clients' options, and what to check. */
export interface DoctorOptions extends CreateClientsOptions {
  /**
   * Also create, quote, allocate, read a label of and cancel one consignment and one shipment, then
   * clean up. Only in the sandbox: a `ConfigurationError` otherwise, before anything is sent.
   */
  write?: boolean | undefined;
  /** The areas to check. Default: both. */
  areas?: readonly DoctorArea[] | undefined;
  /** Called as each check starts (for a progress line) and ends. */
  onProgress?: ((event: { check: string; area: DoctorArea; done: boolean }) => void) | undefined;
}

/** More than this between the service's clock and ours is a failed check. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const LATENCY_SAMPLES = 5;

/**
 * Checks a real key against the real service: whether the key, the environment and the network work,
 * whether each read consignkit has that needs no reference of yours answers as consignkit expects, and,
 * with `write`, a short round trip in the sandbox. The report names every difference by its JSON path
 * and never holds a value of an answer or a key, so it can be shared.
 *
 * @example
 * ```ts
 * import { runDoctor } from 'consignkit/node';
 *
 * const report = await runDoctor({ environment: 'sandbox' }); // keys from CONSIGNKIT_* variables
 * if (!report.ok) console.error(JSON.stringify(report, null, 2));
 * ```
 *
 * @throws {@link consignkit!ConfigurationError} for missing keys or invalid options, or `write` outside the
 *   sandbox, before anything is sent.
 */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const { write = false, areas = ['orders', 'shipments'], onProgress, ...clientOptions } = options;
  const exchanges: Exchange[] = [];
  const keys = new Set<string>();
  const fetch = recordingFetch(
    clientOptions.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    exchanges,
    keys,
  );
  // Strict whatever the caller's setting: the point is to see every difference.
  const clients = createClients({
    maxRetries: 1,
    timeout: 15_000,
    ...clientOptions,
    fetch,
    validation: 'strict',
  });
  const environments = new Set(areas.map((area) => clients[area].environment));
  if (write && [...environments].some((environment) => environment !== 'sandbox')) {
    throw new ConfigurationError(
      'consignkit doctor --write creates and cancels real consignments and shipments: it runs only in the sandbox (environment: sandbox)',
    );
  }
  const startedAt = new Date().toISOString();
  const checks: DoctorCheck[] = [];
  const runner = new CheckRunner(exchanges, checks, onProgress);
  for (const area of areas) await checkArea(area, clients, runner);
  let writeRun: WriteRun | undefined;
  if (write) writeRun = await roundTrips(clients, areas, runner);
  // Whatever the service echoed (a key in `x-request-id`, in a correlation id) leaves without the key.
  return redact<DoctorReport>(
    {
      ok: checks.every((check) => check.status === 'ok' || check.status === 'skipped'),
      sdk: { name: 'consignkit', version: VERSION },
      runtime: runtimeName(),
      environment: [...environments][0] as Environment,
      startedAt,
      finishedAt: new Date().toISOString(),
      checks,
      ...(writeRun ? { created: writeRun.created } : {}),
    },
    [...keys],
  );
}

function runtimeName(): string {
  const { Bun, Deno } = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } } };
  if (Bun) return `bun ${Bun.version}`;
  if (Deno) return `deno ${Deno.version.deno}`;
  return `node ${process.versions.node}`;
}

interface Clients {
  orders: OrdersClient;
  shipments: ShipmentsClient;
}

async function checkArea(area: DoctorArea, clients: Clients, runner: CheckRunner): Promise<void> {
  const reads = READS.filter((read) => read.area === area);
  const [first] = reads;
  if (!first) return;
  const client = clients[area];
  // The first read tells whether the network, the key and the version header work.
  let reached: Exchange | undefined;
  const connection = await runner.run(area, 'connection (DNS, TLS)', async (since) => {
    try {
      await first.run(clients);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof ResponseValidationError)) throw error;
    }
    reached = runner.exchanges.at(-1);
    if (!reached || runner.exchanges.length === since) throw new ConfigurationError('no request was sent');
    const secure = client.baseUrl.startsWith('https:');
    return {
      status: 'ok',
      detail: secure
        ? `reached ${host(client.baseUrl)} over TLS`
        : `reached ${host(client.baseUrl)} (no TLS: http)`,
    };
  });
  const answered = reached;
  if (connection.status !== 'ok' || !answered) {
    for (const name of ['key', 'version header', 'clock', 'latency'])
      runner.skip(area, name, 'no connection');
    for (const read of reads) runner.skip(area, read.name, 'no connection');
    return;
  }
  const key = await runner.run(area, 'key', async () =>
    answered.status === 401
      ? {
          status: 'failed',
          detail: `refused by the gateway (401): check the ${client.environment} key of this area`,
        }
      : answered.status === 403
        ? { status: 'failed', detail: 'accepted, but not allowed to read (403)' }
        : { status: 'ok', detail: `accepted in ${client.environment}` },
  );
  if (key.status !== 'ok') {
    for (const name of ['version header', 'clock', 'latency']) runner.skip(area, name, 'key refused');
    for (const read of reads) runner.skip(area, read.name, 'key refused');
    return;
  }
  await runner.run(area, 'version header', async () =>
    answered.status === 400 || answered.status === 415 || answered.status === 406
      ? {
          status: 'failed',
          detail: `refused with ${answered.status}: the service may need another API version`,
        }
      : { status: 'ok', detail: 'accepted' },
  );
  await runner.run(area, 'clock', async () => clockCheck(answered));
  await runner.run(area, 'latency', async () => {
    const times: number[] = [];
    for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
      const started = performance.now();
      await first.run(clients).catch((error: unknown) => {
        if (!(error instanceof ResponseValidationError)) throw error;
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = Math.round(times[Math.floor(times.length / 2)] as number);
    const worst = Math.round(times.at(-1) as number);
    return {
      status: 'ok',
      detail: `median ${median} ms, worst ${worst} ms of ${LATENCY_SAMPLES} reads`,
      latencyMs: { median, worst },
    };
  });
  for (const read of reads) await runner.run(area, read.name, () => checkRead(read, clients, runner));
}

function host(url: string): string {
  return new URL(url).host;
}

function clockCheck(exchange: Exchange): Omit<DoctorCheck, 'area' | 'name' | 'correlationIds'> {
  if (exchange.date === undefined) return { status: 'skipped', detail: 'the answer had no Date header' };
  const theirs = Date.parse(exchange.date);
  if (Number.isNaN(theirs)) return { status: 'drift', detail: 'the Date header is not an HTTP date' };
  // Our clock at the middle of the exchange; the header has whole seconds.
  const ours = (exchange.sentAt + exchange.answeredAt) / 2;
  const skewSeconds = Math.round((theirs - ours) / 1000);
  const detail = `${skewSeconds >= 0 ? 'service ahead by' : 'service behind by'} ${Math.abs(skewSeconds)} s`;
  return Math.abs(theirs - ours) > MAX_CLOCK_SKEW_MS
    ? {
        status: 'failed',
        detail: `${detail} (more than ${MAX_CLOCK_SKEW_MS / 60_000} minutes): check this machine's clock`,
        clockSkewSeconds: skewSeconds,
      }
    : { status: 'ok', detail, clockSkewSeconds: skewSeconds };
}

async function checkRead(
  read: Read,
  clients: Clients,
  runner: CheckRunner,
): Promise<Omit<DoctorCheck, 'area' | 'name' | 'correlationIds'>> {
  const since = runner.exchanges.length;
  const sdkIssues: { path: string; expected: string; received: string; count: number }[] = [];
  try {
    await read.run(clients);
  } catch (error) {
    if (!(error instanceof ResponseValidationError)) throw error;
    const seen = new Set<string>();
    for (const issue of error.issues) {
      // Items of a list as `[*]`, as the walk writes them, so the same difference is named once.
      const path = formatPath(issue.path.map((key) => (typeof key === 'number' ? 0 : key))).replace(
        /\[0\]/g,
        '[*]',
      );
      if (seen.has(path)) continue;
      seen.add(path);
      sdkIssues.push({
        path: path || '(the answer)',
        expected: issue.message,
        received: 'refused by consignkit',
        count: 1,
      });
    }
  }
  const answer = runner.exchanges.slice(since).findLast((exchange) => exchange.status < 300);
  const schema = responseSchemaOf(read.operation);
  const findings = answer && schema ? findDrift(schema, answer.body) : { differences: [], unnamedFields: [] };
  const seen = new Set(findings.differences.map((difference) => difference.path));
  const differences = [...findings.differences, ...sdkIssues.filter((issue) => !seen.has(issue.path))];
  return {
    status: differences.length > 0 ? 'drift' : 'ok',
    detail:
      differences.length > 0
        ? `${differences.length} difference(s) from what consignkit expects`
        : 'answers as consignkit expects',
    operation: read.operation,
    differences,
    ...(findings.unnamedFields.length > 0 ? { unnamedFields: findings.unnamedFields } : {}),
  };
}
