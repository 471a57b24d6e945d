import type { ClientOptions } from './core/options.js';
import { OrdersClient } from './orders/client.js';
import { ShipmentsClient } from './shipments/client.js';

/** Options of {@link createClients}: the shared {@link ClientOptions} plus a key and base URL per area. */
export interface CreateClientsOptions extends Omit<ClientOptions, 'baseUrl'> {
  ordersApiKey?: string;
  shipmentsApiKey?: string;
  ordersBaseUrl?: string;
  shipmentsBaseUrl?: string;
}

/** Builds an {@link OrdersClient} and a {@link ShipmentsClient} from one set of options. */
export function createClients(options: CreateClientsOptions = {}): {
  orders: OrdersClient;
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
