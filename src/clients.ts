import type { ClientOptions } from './core/options.js';
import { OrdersClient } from './orders/client.js';
import { ShipmentsClient } from './shipments/client.js';

/**
 * Options of {@link createClients}: the shared {@link ClientOptions} (without `baseUrl`) plus a key and a
 * base URL per area. Each area's key defaults to `apiKey`, then to the environment variables as for
 * each client.
 */
export interface CreateClientsOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The key of area A (orders). Default: `apiKey`, then `CONSIGNKIT_ORDERS_API_KEY`, then `CONSIGNKIT_API_KEY`. */
  ordersApiKey?: string | undefined;
  /**
   * The key of area B (labels, groups). Default: `apiKey`, then `CONSIGNKIT_SHIPMENTS_API_KEY`, then
   * `CONSIGNKIT_API_KEY`.
   */
  shipmentsApiKey?: string | undefined;
  /** Replaces area A's whole base URL (a proxy, the mock). Default: the environment's URL. */
  ordersBaseUrl?: string | undefined;
  /** Replaces area B's whole base URL (a proxy, the mock). Default: the environment's URL. */
  shipmentsBaseUrl?: string | undefined;
}

/**
 * Builds an {@link OrdersClient} and a {@link ShipmentsClient} from one set of options: the same
 * environment, timeout, retries, fetch, headers, logger and validation, and each area's own key and base
 * URL.
 *
 * @throws {@link ConfigurationError} as the clients' constructors do: no key for one of the areas, or an
 *   invalid option.
 *
 * @example
 * ```ts
 * import { createClients } from 'consignkit';
 *
 * // Keys from CONSIGNKIT_ORDERS_API_KEY and CONSIGNKIT_SHIPMENTS_API_KEY (or CONSIGNKIT_API_KEY).
 * const { orders, shipments } = createClients({ environment: 'production', timeout: 15_000 });
 *
 * // Against the mock of consignkit/testing: one key, one fetch, both areas.
 * const mock = createMockService();
 * const both = createClients({ apiKey: mock.apiKey, fetch: mock.fetch });
 * ```
 */
export function createClients(options: CreateClientsOptions = {}): {
  /** Area A: orders, packing, allocation, manifests. */
  orders: OrdersClient;
  /** Area B: shipments, labels, quotes, allocation, manifests, tracking and shipment groups. */
  shipments: ShipmentsClient;
} {
  const { ordersApiKey, shipmentsApiKey, ordersBaseUrl, shipmentsBaseUrl, ...shared } = options;
  return {
    orders: new OrdersClient({ ...shared, apiKey: ordersApiKey ?? shared.apiKey, baseUrl: ordersBaseUrl }),
    shipments: new ShipmentsClient({
      ...shared,
      apiKey: shipmentsApiKey ?? shared.apiKey,
      baseUrl: shipmentsBaseUrl,
    }),
  };
}
