import { type AreaProfile, type ClientOptions, type RequestOptions, resolveConfig } from './options.js';
import { type Call, type Operation, Transport } from './transport.js';

/** What both clients share: configuration, once resolved, and one way to send an operation. */
export abstract class ApiClient {
  // A private field: `util.inspect(client)` and `JSON.stringify(client)` never show the key it holds.
  readonly #transport: Transport;

  protected constructor(area: AreaProfile, options?: ClientOptions) {
    this.#transport = new Transport(resolveConfig(area, options));
  }

  protected send<Wire, Result>(operation: Operation<Wire, Result>, call?: Call, options?: RequestOptions) {
    return this.#transport.send(operation, call, options);
  }
}
