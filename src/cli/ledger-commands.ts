import type { Ledger, LedgerEntry, LedgerKey, LedgerState, SettledEntry } from '../core/ledger-contract.js';
import { type Environment, environmentNamed } from '../core/options.js';
import { operationsByArea } from '../operation-catalog.js';
import type { Command, CommandContext } from './command.js';
import { cell, EXIT_FAILURE, EXIT_OK, table, UsageError } from './output.js';

/** The variable the ledger's connection string is read from, when `--ledger-url` is not given. */
export const LEDGER_URL_VARIABLE = 'CONSIGNKIT_LEDGER_URL';

/**
 * What the ledger's connection string gives away, for the output's redaction: the string, and its password
 * as written and decoded. Read from the command line and the environment before anything runs, so that
 * even a usage error never prints it.
 */
export function ledgerSecrets(argv: string[], env: Record<string, string | undefined>): string[] {
  const given: (string | undefined)[] = [env[LEDGER_URL_VARIABLE]];
  argv.forEach((arg, index) => {
    if (arg === '--ledger-url') given.push(argv[index + 1]);
    else if (arg.startsWith('--ledger-url=')) given.push(arg.slice('--ledger-url='.length));
    // One given where it does not belong (`consignkit ledger postgres://…`) is echoed by the usage error.
    else if (/^postgres(?:ql)?:\/\//i.test(arg)) given.push(arg);
  });
  const secrets: string[] = [];
  for (const url of given) {
    if (url === undefined || url === '') continue;
    secrets.push(url);
    try {
      const { password } = new URL(url);
      if (password) secrets.push(password, decodeURIComponent(password));
    } catch {}
  }
  return secrets;
}

/** The Postgres ledger of `--ledger-url` or CONSIGNKIT_LEDGER_URL. */
async function openLedger({ values, io }: CommandContext): Promise<Ledger> {
  const connectionString = values['ledger-url'] || io.env[LEDGER_URL_VARIABLE];
  if (!connectionString) {
    throw new UsageError(
      `the ledger's connection string: set ${LEDGER_URL_VARIABLE} (or pass --ledger-url, which other users of this machine can see in its process list)`,
      'ledger',
    );
  }
  // The Postgres ledger loads pg itself, with an error naming it when it is missing.
  const { createPostgresLedger } = await import('../ledger/postgres.js');
  return createPostgresLedger({ connectionString }, { poolSize: 2 });
}

async function withLedger(
  context: CommandContext,
  use: (ledger: Ledger) => Promise<number>,
): Promise<number> {
  const ledger = await openLedger(context);
  try {
    return await use(ledger);
  } finally {
    await ledger.close();
  }
}

function environmentOf(value: string | undefined): Environment | undefined {
  if (value === undefined) return undefined;
  const environment = environmentNamed(value);
  if (environment === undefined) {
    throw new UsageError(`--environment must be sandbox or production, got '${value}'`, 'ledger');
  }
  return environment;
}

const STATES: readonly LedgerState[] = ['pending', 'done', 'refused', 'unknown'];

const migrate: Command = {
  name: 'ledger migrate',
  options: ['ledger-url'],
  remote: false,
  arguments: [0, 0],
  run: (context) =>
    withLedger(context, async (ledger) => {
      await ledger.migrate();
      if (context.out.json) context.out.value({ migrated: true });
      else context.out.line("The ledger's tables are up to date.");
      return EXIT_OK;
    }),
};

const entryRow = (entry: LedgerEntry) =>
  [
    entry.environment,
    entry.account,
    entry.area,
    entry.operation,
    entry.reference,
    entry.asks,
    entry.state,
    entry.updatedAt.toISOString(),
    entry.note,
  ].map(cell);

const list: Command = {
  name: 'ledger list',
  options: ['ledger-url', 'state', 'environment'],
  remote: false,
  arguments: [0, 0],
  run: (context) =>
    withLedger(context, async (ledger) => {
      const { values, out } = context;
      const state = values.state as LedgerState | undefined;
      if (state !== undefined && !STATES.includes(state)) {
        throw new UsageError(`--state must be one of ${STATES.join(', ')}, got '${state}'`, 'ledger');
      }
      const entries = await ledger.list({
        environment: environmentOf(values.environment),
        ...(state === undefined ? {} : { states: [state] }),
      });
      if (out.json) {
        out.value(entries);
        return EXIT_OK;
      }
      const header = [
        'ENVIRONMENT',
        'ACCOUNT',
        'AREA',
        'OPERATION',
        'REFERENCE',
        'ASKS',
        'STATE',
        'UPDATED',
        'NOTE',
      ];
      for (const row of table([header, ...entries.map(entryRow)])) out.line(row);
      out.line(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`);
      return EXIT_OK;
    }),
};

/** A client of each area whose key is set; an area without one is left out (its entries are skipped). */
function clientsOf(context: CommandContext) {
  const made = <T>(make: () => T): T | undefined => {
    try {
      return make();
    } catch {
      return undefined;
    }
  };
  return { orders: made(context.orders), shipments: made(context.shipments) };
}

const settle: Command = {
  name: 'ledger settle',
  options: ['ledger-url'],
  remote: true,
  arguments: [0, 0],
  run: (context) =>
    withLedger(context, async (ledger) => {
      const { out, values, io } = context;
      const environment = environmentOf(values.environment || io.env.CONSIGNKIT_ENVIRONMENT) ?? 'sandbox';
      const clients = clientsOf(context);
      if (clients.orders === undefined && clients.shipments === undefined) {
        // Neither key is set: the client's own error names the variables.
        context.orders();
      }
      const settled: SettledEntry[] = await ledger.settle(clients, { environment });
      const unsettled = settled.filter((entry) => entry.found !== 'done' && entry.found !== 'not-done');
      if (out.json) out.value(settled);
      else {
        const header = ['AREA', 'OPERATION', 'REFERENCE', 'FOUND', 'DETAIL'];
        const rows = settled.map((entry) =>
          [entry.area, entry.operation, entry.reference, entry.found, entry.detail].map(cell),
        );
        for (const row of table([header, ...rows])) out.line(row);
        out.line(
          `${settled.length} entr${settled.length === 1 ? 'y' : 'ies'} of ${environment} read, ${unsettled.length} left to check by hand`,
        );
      }
      return unsettled.length > 0 ? EXIT_FAILURE : EXIT_OK;
    }),
};

/** The area that declares an operation id (ids are unique across both areas: test/operations.test.ts). */
function areaOf(operation: string): LedgerKey['area'] | undefined {
  const byArea = operationsByArea();
  return (['orders', 'shipments'] as const).find((area) =>
    byArea[area].some((declared) => declared.name === operation),
  );
}

const resolve: Command = {
  name: 'ledger resolve',
  options: ['ledger-url', 'environment'],
  remote: false,
  arguments: [3, 3],
  run: (context) =>
    withLedger(context, async (ledger) => {
      const { args, values, io, out } = context;
      const [operation, reference, state] = args as [string, string, string];
      const area = areaOf(operation);
      if (area === undefined) throw new UsageError(`'${operation}' is no operation of consignkit`, 'ledger');
      if (state !== 'done' && state !== 'refused') {
        throw new UsageError(`the state to record is done or refused, got '${state}'`, 'ledger');
      }
      const environment = environmentOf(values.environment || io.env.CONSIGNKIT_ENVIRONMENT) ?? 'sandbox';
      const key = { environment, area, operation, reference };
      const found = await ledger.resolve(
        key,
        state,
        `resolved by hand (consignkit ledger resolve): ${state}`,
      );
      if (out.json) out.value({ ...key, state, found });
      else
        out.line(
          found
            ? `${operation} ${reference} (${environment}): ${state}`
            : `No entry for ${operation} ${reference} in ${environment}`,
        );
      return found ? EXIT_OK : EXIT_FAILURE;
    }),
};

/** `consignkit ledger migrate|list|settle|resolve`. */
export const ledgerCommands: Command[] = [migrate, list, settle, resolve];
