import { loadKy } from './ky.js';
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
      http: undefined,
      settle,
    };
    // A failed load fails the first call, where it can be reported.
    loadKy().catch(() => undefined);
  }

  get environment() {
    return this.#plumbing.config.environment;
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
}
