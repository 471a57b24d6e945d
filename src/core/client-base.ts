import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from './errors.js';
import type { SettledReference } from './ledger-contract.js';
import {
  type ClientOptions,
  type Environment,
  ORDERS_AREA,
  type RequestOptions,
  resolveConfig,
  SHIPMENTS_AREA,
} from './options.js';
import { Transport } from './transport.js';

// Each client's transport, for its own methods and its resources': a private field cannot be read by a
// subclass or a resource, and a protected one would be printed by `util.inspect` and named in the public
// declarations.
const transports = new WeakMap<object, Transport>();

const AREAS = { orders: ORDERS_AREA, shipments: SHIPMENTS_AREA };

/**
 * The transport a client, or a resource mounted on it, sends through; for their own methods, never
 * exported by the package.
 */
export function transportOf(owner: object): Transport {
  return transports.get(owner)!;
}

/**
 * Reads back an earlier call of the client's operations, whatever public method settles it: what a ledger
 * and the MCP server settle with. A client not made by consignkit is read through its `reconcile`.
 */
export function readBackOf(client: {
  reconcile(outcome: OutcomeUnknownErrorJSON): Promise<SettledReference[]>;
}): (outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON) => Promise<SettledReference[]> {
  // The error itself when there is one: its call is whole, where its JSON keeps only what settling needs.
  // Both clients' read-backs take either.
  const settle = transports.get(client)?.settle;
  if (settle === undefined) return (outcome) => client.reconcile(outcome as OutcomeUnknownErrorJSON);
  return (outcome) => settle(outcome as OutcomeUnknownErrorJSON, {});
}

type ReadBack = (
  outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
  options?: RequestOptions,
) => Promise<SettledReference[]>;

// A client's read-back when its `reconcile` does not settle every one of its operations (area A settles an
// order's packages through `reconcileOrder`): kept here, not as a method, so that the walk over the
// clients' methods does not take it for one of the service.
const readBacks = new WeakMap<object, ReadBack>();

/** Sets how a ledger and the MCP server read back an earlier call of any of this client's operations. */
export function setReadBack(client: ClientBase, readBack: ReadBack): void {
  readBacks.set(client, readBack);
}

/** Lets a resource send through its client's transport. */
export function shareTransport(client: ClientBase, resource: object): void {
  transports.set(resource, transportOf(client));
}

/**
 * What both clients share: reading the area's configuration, the environment and base URL in use, and
 * {@link ClientBase.withOptions}. Not constructed on its own: use {@link OrdersClient} or
 * {@link ShipmentsClient}; name it to take either (`function health(client: ClientBase)`).
 */
export abstract class ClientBase {
  // A private field: `util.inspect(client)` and `JSON.stringify(client)` never show the key it holds.
  readonly #transport: Transport;
  /** The options given, for {@link ClientBase.withOptions}; private, as they may hold the key. */
  readonly #options: ClientOptions;

  /** Reads `options`, then the area's environment variables; sends nothing. */
  protected constructor(area: 'orders' | 'shipments', options?: ClientOptions) {
    this.#options = { ...options };
    // A ledger settles an earlier call by reading the service as `reconcile` does.
    this.#transport = new Transport(resolveConfig(AREAS[area], options), (stored, callOptions) =>
      (readBacks.get(this) ?? this.reconcile.bind(this))(stored, callOptions),
    );
    transports.set(this, this.#transport);
  }

  /** The environment in use, `'sandbox'` or `'production'`: for a start-up log or a health check. */
  get environment(): Environment {
    return this.#transport.environment;
  }

  /** The base URL every request goes to (the environment's, or the one configured). */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /**
   * Settles a non-repeatable call whose outcome is unknown, by reading the service (never by sending):
   * for each resource the call named, its state now and whether the change asked for is in place
   * (`done`). Takes the {@link OutcomeUnknownError} a call threw, or its stored form
   * ({@link OutcomeUnknownError.toJSON}), so that any process can settle what another lost.
   */
  abstract reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<SettledReference[]>;

  /**
   * A new client of the same kind, with these options over this one's:
   * `orders.withOptions({ timeout: 5_000 })`. This client is unchanged.
   *
   * @throws {@link ConfigurationError} as the constructor does.
   */
  withOptions(options: ClientOptions): this {
    // Through the constructor, not the class's name: a class that names itself is renamed by the build.
    const Client = this.constructor as new (options: ClientOptions) => this;
    return new Client({ ...this.#options, ...options });
  }
}
