import type { Call, Operation } from './operation.js';
import { type ClientPlumbing, OperationCall, type Settle } from './operation-call.js';
import type { RequestOptions, ResolvedConfig } from './options.js';
import { redactingLogger } from './redact.js';
import { userAgent } from './user-agent.js';

// The seams operations and clients build on. The parts live beside this file: one call's attempts
// (operation-call.ts), the retry policy (retry.ts), answer to error (answer.ts, failure.ts), body reading
// (body.ts, where the byte bound lives).
export {
  type Call,
  defineOperation,
  type Operation,
  type OutcomeRule,
  type RetryClass,
} from './operation.js';

/** Sends declared operations for one area with one resolved configuration. */
export class Transport {
  readonly #plumbing: ClientPlumbing;

  /** `settle`: the client's `reconcile`, for a ledger to settle an earlier call by reading. */
  constructor(config: ResolvedConfig, settle?: Settle) {
    const clientHeaders = new Headers({ accept: 'application/json' });
    const agent = userAgent(config.appInfo);
    if (agent !== undefined) clientHeaders.set('user-agent', agent);
    for (const [name, value] of Object.entries(config.headers)) clientHeaders.set(name, value);
    this.#plumbing = {
      config,
      logger: redactingLogger(config.logger, [config.apiKey]),
      clientHeaders,
      plainHeaders: [undefined, undefined],
      http: undefined,
      settle,
    };
  }

  get environment() {
    return this.#plumbing.config.environment;
  }

  /** The client's read-back of an earlier call (see `readBackOf`). */
  get settle(): Settle | undefined {
    return this.#plumbing.settle;
  }

  get baseUrl() {
    return this.#plumbing.config.baseUrl;
  }

  send<Wire, Result>(
    operation: Operation<Wire, Result>,
    call: Call = {},
    requestOptions?: RequestOptions,
  ): Promise<Result> {
    return new OperationCall(this.#plumbing, operation, call).run(requestOptions);
  }

  /**
   * Sends as {@link Transport.send} does, and answers the call as it was checked and sent too: a method
   * that reads its answer against its input (which consignments were allocated) reads it against what
   * was sent, never the caller's object again (a list's `toJSON`, a getter, could answer otherwise).
   */
  async exchange<Wire, Result>(
    operation: Operation<Wire, Result>,
    call: Call,
    requestOptions?: RequestOptions,
  ): Promise<{ result: Result; sent: Call }> {
    const operationCall = new OperationCall(this.#plumbing, operation, call);
    const result = await operationCall.run(requestOptions);
    return { result, sent: operationCall.sent };
  }
}
