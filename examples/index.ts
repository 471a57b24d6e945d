import * as allocateAndPrint from './allocate-and-print.js';
import * as areaBShipments from './area-b-shipments.js';
import * as checkoutDeliveryOptions from './checkout-delivery-options.js';
import * as createPackAllocate from './create-pack-allocate.js';
import * as editAPackedConsignment from './edit-a-packed-consignment.js';
import * as errorsAndRetries from './errors-and-retries.js';
import * as flowClassic from './flow-classic.js';
import * as flowConsumerOptions from './flow-consumer-options.js';
import * as flowOrderFlex from './flow-order-flex.js';
import * as flowPickup from './flow-pickup.js';
import * as flowQuotes from './flow-quotes.js';
import * as groupAndManifest from './group-and-manifest.js';
import * as internationalCustoms from './international-customs.js';
import * as labelsToFiles from './labels-to-files.js';
import * as opentelemetry from './opentelemetry.js';
import * as printRun from './print-run.js';
import * as readyToShipThenManifest from './ready-to-ship-then-manifest.js';

/**
 * Every runnable example, in the order a newcomer would read them; the fleet examples, which need a
 * database, run from examples/fleet-demo.ts.
 */
export const examples = {
  'create-pack-allocate': createPackAllocate,
  'checkout-delivery-options': checkoutDeliveryOptions,
  // Items and packages edited between packing and allocation.
  'edit-a-packed-consignment': editAPackedConsignment,
  // The vendor's five area A flows, step by step (docs/flows.md).
  'flow-classic': flowClassic,
  'flow-quotes': flowQuotes,
  'flow-consumer-options': flowConsumerOptions,
  'flow-pickup': flowPickup,
  'flow-order-flex': flowOrderFlex,
  // An international shipment with the customs data the vendor's Brexit guide makes mandatory.
  'international-customs': internationalCustoms,
  // Area B's one flow, from creating shipments to tracking them (docs/flows.md).
  'area-b-shipments': areaBShipments,
  'labels-to-files': labelsToFiles,
  'allocate-and-print': allocateAndPrint,
  'print-run': printRun,
  'group-and-manifest': groupAndManifest,
  'ready-to-ship-then-manifest': readyToShipThenManifest,
  'errors-and-retries': errorsAndRetries,
  opentelemetry,
};
