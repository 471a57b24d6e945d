import type { SafeCause } from '../core/errors.js';
import type {
  ClaimResult,
  HeldKey,
  Ledger,
  LedgerClaim,
  LedgerEntry,
  LedgerFilter,
  LedgerIntent,
  LedgerState,
} from '../core/ledger-contract.js';
import { redact } from '../core/redact.js';
import { VERSION } from '../core/user-agent.js';
import { LedgerError } from './errors.js';
import { guardedSend, outcomesRecorded } from './guard.js';
import { createPostgresPause } from './postgres-pause.js';
import {
  ENTRIES_TABLE,
  LEDGER_SCHEMA_VERSION,
  MIGRATION_LOCK,
  MIGRATIONS,
  PAUSES_TABLE,
  VERSION_TABLE,
} from './postgres-schema.js';
import { settleLedger } from './settle.js';

/** A query as node-postgres takes it. */
export interface PostgresQuery {
  /** A name prepares the statement once per connection. */
  name?: string;
  /** The SQL. */
  text: string;
  /** Its parameters, `$1`… */
  values?: unknown[];
  /** Milliseconds before the query fails. */
  query_timeout?: number;
}

/** A query's answer as node-postgres gives it. */
export interface PostgresResult {
  /** The rows, by column name. */
  rows: Record<string, unknown>[];
  /** How many rows the statement touched. */
  rowCount: number | null;
}

/** What the ledger uses of a node-postgres `Pool` (`pg`): one of yours fits as it is. */
export interface PostgresPool {
  /** Runs one statement on a connection of the pool. */
  query(config: PostgresQuery): Promise<PostgresResult>;
  /** Checks a connection out, for a transaction. */
  connect(): Promise<PostgresPoolClient>;
  /** Closes the pool. */
  end(): Promise<void>;
}

/** A client checked out of a {@link PostgresPool}, for a transaction. */
export interface PostgresPoolClient {
  /** Runs one statement on this connection. */
  query(config: PostgresQuery): Promise<PostgresResult>;
  /** Hands it back; with an error, it is closed instead. */
  release(error?: Error | boolean): void;
}

/** The ledger's database by its connection string: the ledger makes its pool, and closes it. */
export interface PostgresConnectionString {
  /** `postgres://user:password@host:5432/database`; never printed. */
  connectionString: string;
}

/** The ledger's database through a pool of yours, which stays yours to end. */
export interface PostgresPoolConnection {
  /** A node-postgres `Pool`. */
  pool: PostgresPool;
}

/** Where the Postgres ledger's database is: a connection string (it makes and closes its pool), or your pool. */
export type PostgresLedgerConnection = PostgresConnectionString | PostgresPoolConnection;

/** Options of {@link createPostgresLedger}. */
export interface PostgresLedgerOptions {
  /** See {@link Ledger.leaseMs}. Default 300 000 (5 minutes). */
  leaseMs?: number | undefined;
  /** The most connections of the pool it makes from a connection string. Default 10. */
  poolSize?: number | undefined;
  /** Milliseconds one query of the ledger may take, connecting included, before it fails. Default 5 000. */
  queryTimeoutMs?: number | undefined;
}

const PG = 'pg';

/** node-postgres, an optional peer dependency: loaded only here, with an error naming it when missing. */
async function loadPg(): Promise<{
  Pool: new (
    config: Record<string, unknown>,
  ) => PostgresPool & { on(event: 'error', listener: (error: Error) => void): unknown };
}> {
  try {
    const module = (await import(PG)) as { default?: unknown; Pool?: unknown };
    return (module.default ?? module) as never;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new LedgerError(
        `createPostgresLedger needs the ${PG} package (node-postgres), an optional peer dependency of consignkit: npm install ${PG}@^8`,
      );
    }
    throw error;
  }
}

/** The secrets a connection string holds, for redaction: itself, and its password as written and decoded. */
function secretsOf(connectionString: string | undefined): string[] {
  if (connectionString === undefined) return [];
  const secrets = [connectionString];
  try {
    const url = new URL(connectionString);
    if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
  } catch {
    // Not a URL (key=value form): its `password=` is hidden by pattern below.
  }
  return secrets.filter((secret) => secret !== '');
}

/** Whatever a URL holds before `@`, and a `password=` value, whatever the string. */
function hideCredentials(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^@\s/]*@/gi, '$1***@')
    .replace(/(password\s*=\s*)('[^']*'|\S+)/gi, '$1***');
}

/**
 * A Postgres-backed {@link Ledger} on node-postgres (`pg`, an optional peer dependency: `npm install pg`),
 * for a fleet of workers: claims are exclusive across every process that shares the database, and entries
 * outlive the processes. Make its tables once with `ledger.migrate()` (or `consignkit ledger migrate`).
 *
 * The connection string holds a password: it never appears in an error, a log line or the CLI's output.
 *
 * ```ts
 * const ledger = createPostgresLedger({ connectionString: process.env.CONSIGNKIT_LEDGER_URL! });
 * await ledger.migrate();
 * const orders = new OrdersClient({ apiKey, ledger });
 * ```
 */
export function createPostgresLedger(
  connection: PostgresLedgerConnection,
  options: PostgresLedgerOptions = {},
): Ledger {
  const given = connection as Partial<{ connectionString: unknown; pool: unknown }>;
  if (
    given === null ||
    typeof given !== 'object' ||
    (given.pool === undefined && typeof given.connectionString !== 'string')
  ) {
    throw new LedgerError('createPostgresLedger takes { connectionString } or { pool }');
  }
  const connectionString = typeof given.connectionString === 'string' ? given.connectionString : undefined;
  const secrets = secretsOf(connectionString);
  const queryTimeout = options.queryTimeoutMs ?? 5_000;
  const scrub = (text: string) => hideCredentials(redact(text, secrets));
  const safe = (error: unknown): SafeCause => {
    const code = (error as { code?: unknown } | null)?.code;
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return {
      name,
      message: scrub(message || (typeof code === 'string' ? code : 'no message')),
      code: typeof code === 'string' ? code : undefined,
    };
  };
  const failed = (what: string, error: unknown): LedgerError => {
    if (LedgerError.is(error)) return error as LedgerError;
    const cause = safe(error);
    return new LedgerError(
      `The ledger's database ${what}: ${cause.code && !cause.message.includes(cause.code) ? `${cause.code} ` : ''}${cause.message}`,
      { cause },
    );
  };

  let pool: PostgresPool | undefined = 'pool' in connection ? connection.pool : undefined;
  let making: Promise<PostgresPool> | undefined;
  const poolOf = async (): Promise<PostgresPool> => {
    if (pool) return pool;
    making ??= loadPg().then(({ Pool }) => {
      const made = new Pool({
        connectionString,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: queryTimeout,
        application_name: 'consignkit-ledger',
      });
      // An idle connection the server drops is reported here; without a listener it would end the process.
      // The next query meets the failure and reports it.
      made.on('error', () => {});
      pool = made;
      return made;
    });
    try {
      return await making;
    } catch (error) {
      making = undefined;
      throw error;
    }
  };
  // The statements every call sends are prepared once per connection (named), not parsed and planned each time.
  const query = async (text: string, values: unknown[] = [], name?: string) =>
    (await poolOf()).query({ ...(name ? { name } : {}), text, values, query_timeout: queryTimeout });

  // The tables are checked once, before the first use: missing, older or newer, a clear error.
  let checked = false;
  const ready = async () => {
    if (checked) return;
    let version: number;
    try {
      const { rows } = await query(`SELECT version FROM ${VERSION_TABLE}`);
      version = Number(rows[0]?.version ?? 0);
    } catch (error) {
      if ((error as { code?: unknown }).code === '42P01') {
        throw new LedgerError(
          `The ledger's tables do not exist: run ledger.migrate() or consignkit ledger migrate once (${LEDGER_SCHEMA_VERSION} is the version this consignkit ${VERSION} writes)`,
        );
      }
      throw failed('could not be read', error);
    }
    if (version > LEDGER_SCHEMA_VERSION) throw newer(version);
    if (version < LEDGER_SCHEMA_VERSION) {
      throw new LedgerError(
        `The ledger's tables are at version ${version}, older than ${LEDGER_SCHEMA_VERSION}, which consignkit ${VERSION} writes: run ledger.migrate() or consignkit ledger migrate`,
      );
    }
    checked = true;
  };

  // The keys of an intent, as every statement below names them: $1…$6.
  const keyValues = (intent: LedgerIntent, references = intent.references) => [
    intent.environment,
    intent.account,
    intent.area,
    intent.operation,
    references,
    intent.asks,
  ];
  // A key's own entry, and the entry consignkit 0.3.0 wrote for it (no account), which it settles first.
  const OWN_KEYS = `environment = $1 AND account = $2 AND area = $3 AND operation = $4
                    AND reference = ANY($5::text[]) AND asks = $6`;

  const held = async (intent: LedgerIntent): Promise<HeldKey[]> => {
    const { rows } = await query(
      `SELECT reference, (extract(epoch FROM clock_timestamp() - claimed_at) * 1000)::float8 AS age
         FROM ${ENTRIES_TABLE}
        WHERE environment = $1 AND account IN ($2, '') AND area = $3 AND operation = $4
          AND reference = ANY($5::text[]) AND asks = $6
          AND state = 'pending' AND lease_until > clock_timestamp()`,
      keyValues(intent),
    );
    return rows.map((row) => ({
      reference: String(row.reference),
      claimAgeMs: Math.max(0, Number(row.age)),
    }));
  };

  // The one durable write before sending: the shared pause of the account checked, every key inserted or
  // taken over when its entry is not a live claim, and the entry it took over returned (its own, else
  // the 0.3.0 entry of its reference), all in one statement. The database's clock decides leases, so
  // that workers' clocks never disagree. Keys in one order: overlapping claims never deadlock. Each key
  // of a list keeps the call with its own reference alone: what settling that entry reads.
  const CLAIM = `
    WITH paused AS (
      SELECT not_before FROM ${PAUSES_TABLE}
       WHERE environment = $1 AND area = $3 AND api_key = $2 AND not_before > clock_timestamp()
    ), taken AS (
      INSERT INTO ${ENTRIES_TABLE} AS e
        (environment, account, area, operation, reference, asks, state, claim, claimed_at, lease_until,
         updated_at, call, previous_state, previous_call)
      SELECT $1, $2, $3, $4, k.key, $6, 'pending', $7::uuid, clock_timestamp(),
             clock_timestamp() + make_interval(secs => $8::float8 / 1000), clock_timestamp(),
             CASE WHEN cardinality($5::text[]) > 1
                  THEN jsonb_set($9::jsonb, '{references}', jsonb_build_array(k.key)) ELSE $9::jsonb END,
             legacy.state, legacy.call
        FROM unnest($5::text[]) AS k(key)
        LEFT JOIN ${ENTRIES_TABLE} AS legacy
          ON $2 <> '' AND legacy.environment = $1 AND legacy.account = '' AND legacy.area = $3
             AND legacy.operation = $4 AND legacy.reference = k.key AND legacy.asks = $6
       WHERE NOT EXISTS (SELECT 1 FROM paused)
         AND (legacy.state IS NULL OR legacy.state <> 'pending' OR legacy.lease_until <= clock_timestamp())
       ORDER BY k.key
      ON CONFLICT (environment, account, area, operation, reference, asks) DO UPDATE
         SET state = 'pending', claim = EXCLUDED.claim, claimed_at = EXCLUDED.claimed_at,
             lease_until = EXCLUDED.lease_until, updated_at = EXCLUDED.updated_at, call = EXCLUDED.call,
             note = NULL, previous_state = e.state, previous_call = e.call
       WHERE e.state <> 'pending' OR e.lease_until <= clock_timestamp()
      RETURNING reference, previous_state, previous_call, (xmax = 0) AS inserted
    )
    SELECT reference, previous_state, previous_call, inserted, NULL::timestamptz AS paused FROM taken
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, not_before FROM paused`;

  // A claim of a list that met a live claim on some keys gives back the keys it took: a new entry is
  // removed, one taken over is as it was (its lease passed). Only under contention; all or none.
  const release = async (intent: LedgerIntent, id: string, taken: Record<string, unknown>[]) => {
    const inserted = taken.filter((row) => row.inserted === true).map((row) => String(row.reference));
    const over = taken.filter((row) => row.inserted !== true).map((row) => String(row.reference));
    if (inserted.length > 0) {
      await query(`DELETE FROM ${ENTRIES_TABLE} WHERE ${OWN_KEYS} AND claim = $7::uuid`, [
        ...keyValues(intent, inserted),
        id,
      ]);
    }
    if (over.length > 0) {
      await query(
        `UPDATE ${ENTRIES_TABLE}
            SET state = previous_state, call = previous_call, lease_until = clock_timestamp(),
                updated_at = clock_timestamp()
          WHERE ${OWN_KEYS} AND claim = $7::uuid`,
        [...keyValues(intent, over), id],
      );
    }
  };

  // Not waited for on disk (synchronous_commit off for this one statement): an outcome lost in a crash
  // of the database leaves its entry pending, which the next call settles by reading. The claim before
  // sending is always durable.
  const storeOutcome = async (
    claim: LedgerClaim,
    state: LedgerState,
    note: string | undefined,
    references: string[] | undefined,
  ) => {
    try {
      await query(
        `UPDATE ${ENTRIES_TABLE} SET state = $8, note = $9, updated_at = clock_timestamp()
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unhurried
          WHERE ${OWN_KEYS} AND claim = $7::uuid`,
        [
          ...keyValues(claim.intent, references ?? claim.keys.map((key) => key.reference)),
          claim.id,
          state,
          note ?? null,
        ],
        'consignkit-ledger-record-3',
      );
    } catch (error) {
      throw failed('could not record the outcome', error);
    }
  };
  // The outcomes being stored now. A call does not wait for its own (guard.ts); reading the entries,
  // resolving one by hand and closing the ledger wait for every one of them.
  const storing = new Set<Promise<void>>();
  const stored = async () => {
    if (storing.size > 0) await Promise.allSettled([...storing]);
  };

  const ledger: Ledger = {
    leaseMs: options.leaseMs,
    pause: createPostgresPause(query, ready),
    async claim(intent) {
      await ready();
      const id = globalThis.crypto.randomUUID();
      const values = [...keyValues(intent), id, intent.leaseMs, JSON.stringify(intent.call)];
      // A key freed between the claim and the look at who holds it: claimed again.
      for (let attempt = 0; attempt < 3; attempt++) {
        let rows: Record<string, unknown>[];
        try {
          rows = (await query(CLAIM, values, 'consignkit-ledger-claim-3')).rows;
        } catch (error) {
          throw failed('could not record the claim', error);
        }
        const paused = rows.find((row) => row.paused instanceof Date)?.paused as Date | undefined;
        if (paused !== undefined) return { paused } satisfies ClaimResult;
        if (rows.length === intent.references.length) {
          const claim: LedgerClaim = {
            id,
            intent,
            keys: rows.map((row) => ({
              reference: String(row.reference),
              previous: (row.previous_state ?? undefined) as LedgerClaim['keys'][number]['previous'],
              previousCall: (row.previous_call ?? undefined) as LedgerClaim['keys'][number]['previousCall'],
            })),
          };
          return { claim } satisfies ClaimResult;
        }
        let holders: HeldKey[];
        try {
          if (rows.length > 0) await release(intent, id, rows);
          holders = await held(intent);
        } catch (error) {
          throw failed('could not be read', error);
        }
        if (holders.length > 0) return { held: holders };
      }
      throw new LedgerError(
        'The ledger could not claim its keys: they were taken and freed three times over',
      );
    },
    async renew(claim, leaseMs) {
      const { intent } = claim;
      const references = claim.keys.map((key) => key.reference);
      try {
        const { rowCount } = await query(
          `UPDATE ${ENTRIES_TABLE}
              SET lease_until = clock_timestamp() + make_interval(secs => $8::float8 / 1000)
            WHERE ${OWN_KEYS} AND claim = $7::uuid AND state = 'pending'`,
          [...keyValues(intent, references), claim.id, leaseMs],
          'consignkit-ledger-renew-3',
        );
        return rowCount === references.length;
      } catch (error) {
        throw failed('could not renew the claim', error);
      }
    },
    async record(claim, state, note, references) {
      const outcome = storeOutcome(claim, state, note, references);
      storing.add(outcome);
      try {
        await outcome;
      } finally {
        storing.delete(outcome);
      }
    },
    async list(filter: LedgerFilter = {}): Promise<LedgerEntry[]> {
      await ready();
      await stored();
      try {
        const { rows } = await query(
          `SELECT environment, account, area, operation, reference, asks, state, claimed_at, lease_until,
                  updated_at, call, note
             FROM ${ENTRIES_TABLE}
            WHERE ($1::text IS NULL OR environment = $1) AND ($2::text IS NULL OR area = $2)
              AND ($3::text[] IS NULL OR state = ANY($3::text[]))
              AND (NOT $4::boolean OR state = 'unknown' OR (state = 'pending' AND lease_until <= clock_timestamp()))
              AND ($6::text IS NULL OR account = $6)
            ORDER BY updated_at, environment, account, area, operation, reference, asks
            LIMIT $5`,
          [
            filter.environment ?? null,
            filter.area ?? null,
            filter.states ?? null,
            filter.settleable === true,
            filter.limit ?? null,
            filter.account ?? null,
          ],
        );
        return rows.map((row) => ({
          environment: row.environment as LedgerEntry['environment'],
          account: String(row.account),
          area: row.area as LedgerEntry['area'],
          operation: String(row.operation),
          reference: String(row.reference),
          asks: String(row.asks),
          state: row.state as LedgerEntry['state'],
          claimedAt: row.claimed_at as Date,
          leaseUntil: row.lease_until as Date,
          updatedAt: row.updated_at as Date,
          call: row.call as LedgerEntry['call'],
          note: (row.note ?? undefined) as string | undefined,
        }));
      } catch (error) {
        throw failed('could not be read', error);
      }
    },
    guard: guardedSend,
    settle(clients, filter) {
      return settleLedger(ledger, clients, filter);
    },
    async resolve(key, state, note) {
      await ready();
      await stored();
      try {
        const { rowCount } = await query(
          `UPDATE ${ENTRIES_TABLE} SET state = $5, note = $6, updated_at = clock_timestamp()
            WHERE environment = $1 AND area = $2 AND operation = $3 AND reference = $4
              AND ($7::text IS NULL OR account = $7) AND ($8::text IS NULL OR asks = $8)`,
          [
            key.environment,
            key.area,
            key.operation,
            key.reference,
            state,
            note ?? `resolved by hand: ${state}`,
            key.account ?? null,
            key.asks ?? null,
          ],
        );
        return (rowCount ?? 0) > 0;
      } catch (error) {
        throw failed('could not record the resolution', error);
      }
    },
    async migrate() {
      let client: PostgresPoolClient;
      try {
        client = await (await poolOf()).connect();
      } catch (error) {
        throw failed('could not be reached', error);
      }
      const run = (text: string, values: unknown[] = []) =>
        client.query({ text, values, query_timeout: 60_000 });
      try {
        await run('BEGIN');
        await run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await run(
          `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
             only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
             version integer NOT NULL,
             written_by text NOT NULL,
             updated_at timestamptz NOT NULL DEFAULT now()
           )`,
        );
        const { rows } = await run(`SELECT version FROM ${VERSION_TABLE}`);
        const version = Number(rows[0]?.version ?? 0);
        if (version > LEDGER_SCHEMA_VERSION) throw newer(version);
        for (const step of MIGRATIONS.slice(version)) for (const statement of step) await run(statement);
        await run(
          `INSERT INTO ${VERSION_TABLE} (version, written_by) VALUES ($1, $2)
           ON CONFLICT (only_row) DO UPDATE SET version = EXCLUDED.version, written_by = EXCLUDED.written_by, updated_at = now()`,
          [LEDGER_SCHEMA_VERSION, `consignkit ${VERSION}`],
        );
        await run('COMMIT');
        checked = true;
      } catch (error) {
        await run('ROLLBACK').catch(() => undefined);
        throw failed('could not be migrated', error);
      } finally {
        client.release();
      }
    },
    async flush() {
      // `this`: a ledger wrapping this one (spread) records under its own name.
      await outcomesRecorded(this);
      await stored();
    },
    async close() {
      await outcomesRecorded(ledger);
      await stored();
      // A pool the caller gave is the caller's to end.
      if ('pool' in connection) return;
      const made = pool;
      pool = undefined;
      making = undefined;
      await made?.end();
    },
  };

  return ledger;
}

function newer(version: number): LedgerError {
  return new LedgerError(
    `The ledger's tables are at version ${version}, written by a newer consignkit than this one (${VERSION}, which knows versions up to ${LEDGER_SCHEMA_VERSION}): upgrade consignkit in every process that shares the ledger. Nothing was changed; a ledger is never taken down to an older version`,
  );
}
