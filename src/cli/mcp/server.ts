// The MCP server of `consignkit mcp`. `@modelcontextprotocol/sdk`, an optional peer, is imported when a
// server is made, never with this module: the command's code stays in the CLI's own bundle (a module
// imported dynamically would be one more entry point, and split the chunks `import 'consignkit'` loads).
// The low-level `Server` takes the tools' JSON Schemas as they are derived from the declarations;
// `McpServer` would want zod shapes it checks itself, and its refusals would not be the SDK's errors.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { fillPath, snapshotCall } from '../../core/call-input.js';
import { readBackOf, transportOf } from '../../core/client-base.js';
import { ConfigurationError, OutcomeUnknownError } from '../../core/errors.js';
import type { Ledger } from '../../core/ledger-contract.js';
import { type Operation, referencesOf } from '../../core/operation.js';
import type { Environment } from '../../core/options.js';
import { redact } from '../../core/redact.js';
import { VERSION } from '../../core/user-agent.js';
import type { OrdersClient } from '../../orders/client.js';
import type { ShipmentsClient } from '../../shipments/client.js';
import { documentName, saveDocumentsOf } from './documents.js';
import { ConfirmationGate } from './gate.js';
import { boundedLines, MAX_MESSAGE_BYTES, oversizedAnswer } from './lines.js';
import { errorSummary, type ToolResult, toolResult } from './results.js';
import { selectTools } from './selection.js';
import { SETTLED_EFFECTS } from './settled-effects.js';
import {
  type Area,
  annotationsOf,
  CONFIRMATION_FIELD,
  deriveTools,
  descriptionOf,
  inputSchemaOf,
  type ResolvedCall,
  resolveCall,
  type ToolDefinition,
} from './tools.js';

/** What reading the service after a lost answer found for one resource: `done` as `reconcile` says. */
export interface SettledEntry {
  reference: string;
  state?: unknown;
  done: boolean | undefined;
  /** What the ledger's settling found (`done`, `not-done`, `in-flight`…), when a ledger settled it. */
  ledger?: string | undefined;
}

export interface ConsignkitMcpServerOptions {
  /** The client of area A; its environment must be the shipments client's. */
  orders: OrdersClient;
  /** The client of area B. */
  shipments: ShipmentsClient;
  /**
   * Every secret to keep out of each answer and log line: the API keys above all (the clients keep theirs
   * private). The passwords of the clients' base URLs are added by the server itself.
   */
  secrets: readonly (string | undefined)[];
  /** The allow-list (`--tools`); required when the clients are in production. */
  tools?: readonly string[] | undefined;
  /** Offer only the tools that read (`--read-only`). */
  readOnly?: boolean | undefined;
  /** Where documents (labels, manifests, invoices) are saved; created when missing. */
  outputDir: string;
  /** How long a preview's confirmation token is valid; default five minutes. */
  confirmationTtlMs?: number | undefined;
  /** The clock of the confirmation gate (tests). */
  now?: (() => number) | undefined;
  /**
   * The ledger of non-repeatable operations (`consignkit/ledger`, `consignkit mcp --ledger-url`): both
   * clients are made again with it, so that every confirmed call is claimed before it is sent and a call
   * another process (or this one) holds or has done is refused without sending; a lost answer is settled
   * through it, and what settling found is recorded for the whole fleet. The server does not close it.
   */
  ledger?: Ledger | undefined;
  /**
   * How a lost answer is settled: by default the ledger's settling when a `ledger` is given, else the
   * area client's `reconcile`; both read the service and never send again.
   */
  settle?: ((error: OutcomeUnknownError, area: Area) => Promise<readonly SettledEntry[]>) | undefined;
  /** Where the server logs one line per call (stderr in the command); every line redacted. */
  log?: ((line: string) => void) | undefined;
}

/** What stands in a preview: the request as it would be sent, what it names, what it does. */
export interface Preview {
  tool: string;
  operation: string;
  environment: Environment;
  request: { method: string; url: string; body?: unknown };
  references: string[];
  effect: string;
  destructive: boolean;
}

/** The base URL without its user name and password, for a preview. */
function publicUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/$/, '');
}

/** The password of a base URL, as written and decoded: a secret like the keys. */
function passwordsOf(baseUrl: string): string[] {
  const { password } = new URL(baseUrl);
  if (password === '') return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {}
  return [password, decoded];
}

/** What the operation's declaration says it does, in words. */
function effectOf(tool: ToolDefinition, operation: Operation): string {
  const rule = operation.outcome;
  const once = 'It is sent once: doing it twice would do it twice.';
  if (rule === undefined) return `Changes the service's records. ${once}`;
  if ('unsettled' in rule)
    return `${once} If its answer is lost, no read can tell whether it happened: ${rule.unsettled}`;
  if ('package' in rule)
    return `${rule.package === 'added' ? 'Adds a package to' : 'Deletes a package from'} a consignment. ${once}`;
  if ('settle' in rule) return `${SETTLED_EFFECTS[operation.name]}. ${once}`;
  const moves =
    rule.from.length === 0
      ? `Creates what it names (it then reads ${rule.to.join(' or ')})`
      : rule.to.length === 0
        ? `Removes what it names (from ${rule.from.join(', ')})`
        : `Moves what it names from ${rule.from.join(', ')} to ${rule.to.join(' or ')}`;
  return `${moves}${tool.destructive ? ', and cannot be undone by this server' : ''}. ${once}`;
}

/** The optional peer the server needs. */
export const MCP_SDK = '@modelcontextprotocol/sdk';

/**
 * A module of the MCP SDK, or a {@link ConfigurationError} naming the package to install.
 */
async function importSdk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    if (!notFound || !String((error as Error).message).includes(MCP_SDK)) throw error;
    throw new ConfigurationError(
      `consignkit mcp needs ${MCP_SDK}, an optional peer dependency of consignkit: npm install ${MCP_SDK}@^1.32`,
      { cause: error },
    );
  }
}

const DONE_OF_FOUND: Record<string, boolean | undefined> = { done: true, 'not-done': false };

/**
 * A lost answer settled the ledger's way: its unsettled entries of this area and environment are
 * claimed, read back and recorded (as `consignkit ledger settle` does), so that the next call of any
 * process sharing the ledger knows the outcome without reading again. The answer is what was found for
 * this call's keys; when none of them was among the entries settled, the client's `reconcile` reads them.
 */
async function settleThroughLedger(
  ledger: Ledger,
  clients: { orders: OrdersClient; shipments: ShipmentsClient },
  environment: Environment,
  area: Area,
  error: OutcomeUnknownError,
): Promise<SettledEntry[]> {
  const settled = await ledger.settle(clients, { environment, area });
  const mine = settled.filter(
    (entry) =>
      entry.operation === error.operation &&
      (error.references.length === 0 || error.references.includes(entry.reference)),
  );
  if (mine.length === 0) return readBackOf(area === 'orders' ? clients.orders : clients.shipments)(error);
  return mine.map((entry) => ({
    reference: entry.reference,
    state: entry.detail,
    done: DONE_OF_FOUND[entry.found],
    ledger: entry.found,
  }));
}

/** A verdict over every resource read back. */
function verdictOf(entries: readonly SettledEntry[]): 'done' | 'not done' | 'partly' | 'check' {
  if (entries.length === 0 || entries.some((entry) => entry.done === undefined)) return 'check';
  if (entries.every((entry) => entry.done === true)) return 'done';
  return entries.every((entry) => entry.done === false) ? 'not done' : 'partly';
}

const NEXT = {
  done: 'It happened: do not send it again.',
  'not done': 'It did not happen: preview and confirm it again to send it.',
  partly: 'It happened for the entries marked done: true only; preview again with the others alone.',
  check:
    'It cannot be told from what the service reads now: a person must check each entry whose done is not true before anything is sent again.',
};

/**
 * An MCP server whose tools are the operations of both areas (see docs/mcp.md): reads answer at once;
 * every non-repeatable operation previews first and sends only with the preview's token; a lost answer
 * is settled by reading the service, never by sending again; documents are saved as files.
 *
 * @throws {@link ConfigurationError} when the clients' environments differ, in production without an
 *   allow-list, for an allow-list entry that names no tool, or when `@modelcontextprotocol/sdk` is not
 *   installed.
 */
export async function createConsignkitMcpServer(options: ConsignkitMcpServerOptions): Promise<Server> {
  const { ledger } = options;
  // The ledger is the clients' option: every non-repeatable call of theirs goes through it.
  const orders = ledger ? options.orders.withOptions({ ledger }) : options.orders;
  const shipments = ledger ? options.shipments.withOptions({ ledger }) : options.shipments;
  const environment = orders.environment;
  if (shipments.environment !== environment) {
    throw new ConfigurationError(
      `the two clients are in different environments (orders: ${environment}, shipments: ${shipments.environment})`,
    );
  }
  const offered = selectTools(deriveTools(), {
    environment,
    tools: options.tools,
    readOnly: options.readOnly,
  });
  const byName = new Map(offered.map((tool) => [tool.name, tool]));
  const clients = { orders, shipments };
  const secrets = [
    ...options.secrets.filter((secret): secret is string => typeof secret === 'string' && secret !== ''),
    ...passwordsOf(orders.baseUrl),
    ...passwordsOf(shipments.baseUrl),
  ];
  const gate = new ConfirmationGate({ ttlMs: options.confirmationTtlMs, now: options.now });
  const log = (line: string) => options.log?.(redact(line, secrets));

  const [{ Server }, { CallToolRequestSchema, ListToolsRequestSchema }] = await importSdk(() =>
    Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]),
  );
  const server = new Server({ name: 'consignkit', version: VERSION }, { capabilities: { tools: {} } });
  // Built on the first listing, not at start: a schema is built when first read (core/lazy-schema.ts).
  let listed: Tool[] | undefined;
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listed ??= offered.map((tool) => ({
      name: tool.name,
      title: tool.vendor ?? tool.operation,
      description: descriptionOf(tool),
      inputSchema: inputSchemaOf(tool),
      annotations: annotationsOf(tool),
    }));
    return { tools: listed };
  });

  function preview(tool: ToolDefinition, { operation, call }: ResolvedCall): Preview {
    // The transport's own snapshot, checks and encoding, run now so that the preview is what would be sent.
    const { call: sent, json } = snapshotCall(operation, call);
    const url = `${publicUrl(clients[tool.area].baseUrl)}/${fillPath(operation.path, sent.params ?? {})}`;
    return {
      tool: tool.name,
      operation: tool.vendor ?? tool.operation,
      environment,
      request: { method: operation.method, url, ...(json === undefined ? {} : { body: JSON.parse(json) }) },
      references: referencesOf(operation, sent),
      effect: effectOf(tool, operation),
      destructive: tool.destructive,
    };
  }

  async function settle(tool: ToolDefinition, error: OutcomeUnknownError): Promise<ToolResult> {
    const unknown = { tool: tool.name, outcome: 'unknown', sentAgain: false, error: errorSummary(error) };
    let entries: readonly SettledEntry[];
    try {
      entries = options.settle
        ? await options.settle(error, tool.area)
        : ledger
          ? await settleThroughLedger(ledger, clients, environment, tool.area, error)
          : await readBackOf(tool.area === 'orders' ? orders : shipments)(error);
    } catch (readError) {
      log(
        `${tool.name}: no answer came; reading it back failed (${errorSummary(readError).name}); nothing was sent again`,
      );
      return toolResult(
        {
          ...unknown,
          verdict: 'check',
          reconcileError: errorSummary(readError),
          next: `Reading the service back failed: a person must check ${error.references.join(', ') || 'what the call named'} before anything is sent again.`,
        },
        secrets,
        true,
      );
    }
    const verdict = verdictOf(entries);
    log(`${tool.name}: no answer came; read back as ${verdict}; nothing was sent again`);
    return toolResult(
      { ...unknown, verdict, reconciled: entries, next: NEXT[verdict] },
      secrets,
      verdict !== 'done',
    );
  }

  async function call(
    tool: ToolDefinition,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ToolResult> {
    const resolved = resolveCall(tool, args);
    const { [CONFIRMATION_FIELD]: token, ...input } = args;
    if (!tool.repeatable) {
      if (token === undefined) {
        const shown = preview(tool, resolved);
        const confirmation = gate.issue(tool.name, input);
        log(`${tool.name}: previewed, nothing sent`);
        return toolResult(
          {
            status: 'confirmation_required',
            sent: false,
            preview: shown,
            [CONFIRMATION_FIELD]: confirmation.token,
            expiresAt: confirmation.expiresAt,
            next: `Nothing was sent. To send exactly this, call ${tool.name} again with the same arguments and ${CONFIRMATION_FIELD}.`,
          },
          secrets,
        );
      }
      gate.redeem(token, tool.name, input);
    }
    const { operation, call: request } = resolved;
    let result: unknown;
    // A ledger that finds an operation returning nothing already done returns as if it were sent: only
    // whether an attempt started tells the agent the truth.
    let attempted = false;
    const hooks = {
      onRequest: () => {
        attempted = true;
      },
    };
    try {
      result = await transportOf(clients[tool.area]).send(operation, request, { signal, hooks });
    } catch (error) {
      if (error instanceof OutcomeUnknownError) return settle(tool, error);
      throw error;
    }
    if (!tool.repeatable && !attempted) {
      log(`${tool.name}: done already, nothing sent`);
      return toolResult(
        {
          tool: tool.name,
          sent: false,
          alreadyDone: true,
          result: null,
          next: 'The ledger held an earlier call of it, and reading the service showed it done: nothing was sent, and it need not be sent again.',
        },
        secrets,
      );
    }
    const name = documentName(operation.name, referencesOf(operation, request));
    const saved = await saveDocumentsOf(result, options.outputDir, name);
    log(`${tool.name}: ${tool.repeatable ? 'done' : 'sent'}`);
    return toolResult(
      { tool: tool.name, ...(tool.repeatable ? {} : { sent: true }), result: saved ?? null },
      secrets,
    );
  }

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const tool = byName.get(name);
    if (!tool) {
      const error = new ConfigurationError(
        `no tool is named ${name} on this server (environment ${environment}; its allow-list and --read-only decide which are offered)`,
      );
      return toolResult({ tool: name, error: errorSummary(error) }, secrets, true);
    }
    try {
      return await call(tool, args, extra.signal);
    } catch (error) {
      const summary = errorSummary(error);
      log(`${tool.name}: ${String(summary.name)}`);
      return toolResult({ tool: tool.name, error: summary }, secrets, true);
    }
  });
  return server;
}

/**
 * Serves `server` over stdio until the client closes the input, or `stop` resolves (Ctrl-C). Nothing else
 * may write to `stdout`: it carries the protocol. A message over 10 MiB is answered with a JSON-RPC error
 * and said to `log`, and the server reads on (`lines.ts`).
 */
export async function serveOverStdio(
  server: Server,
  stdin: NodeJS.ReadableStream,
  stdout: NodeJS.WritableStream,
  stop: Promise<void>,
  log: (line: string) => void = () => {},
): Promise<void> {
  const { StdioServerTransport } = await importSdk(() => import('@modelcontextprotocol/sdk/server/stdio.js'));
  const lines = boundedLines((line) => {
    log(`a message of ${line.bytes} bytes, over the ${MAX_MESSAGE_BYTES} a message may be, was not read`);
    stdout.write(oversizedAnswer(line));
  });
  stdin.pipe(lines);
  const transport = new StdioServerTransport(lines as never, stdout as never);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(transport);
  await Promise.race([closed, stop]);
  await server.close();
}
