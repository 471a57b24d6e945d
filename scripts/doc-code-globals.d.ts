// The names the documentation's code blocks take as given, for scripts/check-doc-code.mjs.
import type {
  ConsignmentReference,
  CreateOrderInput,
  ManifestReference,
  OrderReference,
  OrdersClient,
  ShipmentReference,
  ShipmentsClient,
} from 'consignkit';
import type { MockService } from 'consignkit/testing';

declare global {
  const orders: OrdersClient;
  const shipments: ShipmentsClient;
  const mock: MockService;
  const apiKey: string;
  const ordersApiKey: string;
  const shipmentsApiKey: string;
  const ref: OrderReference;
  const order: OrderReference;
  const orderInput: CreateOrderInput;
  const consignment: ConsignmentReference;
  const references: ConsignmentReference[];
  const refs: ConsignmentReference[];
  const shipmentRef: ShipmentReference;
  const manifestReference: ManifestReference;
  const formBody: string;
  const addressFromCheckout: unknown;
}
