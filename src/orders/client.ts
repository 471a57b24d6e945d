import { ClientBase, transportOf } from '../core/client-base.js';
import type { OutcomeUnknownError, OutcomeUnknownErrorJSON } from '../core/errors.js';
import type { ClientOptions, RequestOptions } from '../core/options.js';
import { Consignments } from './consignments/consignments.js';
import { Packages } from './packages.js';
import { ConsignmentAllocation } from './allocation/allocation.js';
import { ConsignmentManifests } from './manifests.js';
import { ConsignmentQuotes } from './quotes.js';
import { DeliveryOptions } from './delivery-options/delivery-options.js';
import { ConsignmentLabels } from './labels.js';
import { ConsignmentDocuments } from './documents.js';
import { ShippingLocations } from './shipping-locations.js';
import { ConsignmentTracking } from './tracking.js';
import { CarrierServices } from './carrier-services.js';
import { CollectionCalendars } from './collection-calendar.js';
import { PackageSizes } from './package-sizes.js';
import { type Reconciliation, reconcile } from './reconcile.js';

/**
 * The client of area A of the service: orders, packing into consignments, allocation to carrier
 * services, and manifests.
 *
 * Every method checks its input before sending (a bad one is a {@link RequestValidationError} and
 * nothing goes on the wire), takes a last, optional {@link RequestOptions}, and returns what the service
 * sent, unknown fields and `null`s included. Besides the errors each method lists, any of them can end in
 * an {@link ApiError} subclass for a non-2xx answer ({@link AuthenticationError} for a key of the other
 * environment, {@link InternalServerError} after the retries…), a {@link ResponseValidationError} when
 * the answer does not match its schema (in `'strict'` validation), or a {@link RequestAbortedError}.
 *
 * Methods are **repeatable** (reads and full replaces: retried on timeouts, dropped connections, 408,
 * 429 and 5xx, then a {@link TimeoutError} or {@link ConnectionError}) or **non-repeatable** (everything
 * that creates or transmits: retried only when the request provably never reached the service). When a
 * non-repeatable call may have reached the service but no answer came, it ends in
 * {@link OutcomeUnknownError}, naming the references to check before trying again.
 *
 * @example
 * ```ts
 * import { OrdersClient } from 'consignkit';
 *
 * const orders = new OrdersClient({ apiKey: process.env.SANDBOX_KEY, environment: 'sandbox' });
 * const order = await orders.createOrder({
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 *   Addresses: [
 *     { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' },
 *     { AddressType: 'Destination', Town: 'Leeds', Postcode: 'LS1 4AP', Country: { IsoCode: { TwoLetterCode: 'GB' } } },
 *   ],
 * });
 * const [consignment] = await orders.packOrder(order, {
 *   OrderReference: order,
 *   Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
 * });
 * const [summary] = await orders.allocateConsignments([consignment]);
 * ```
 */
export class OrdersClient extends ClientBase {
  /** Consignments: create, read, search, change, cancel, set (not) ready to ship, dispatch. */
  readonly consignments: Consignments;
  /** A consignment's packages: add and delete. */
  readonly packages: Packages;
  /** Allocating consignments to carrier services, and deallocating them. */
  readonly allocation: ConsignmentAllocation;
  /** Manifesting consignments to their carriers, and the customer manifests. */
  readonly manifests: ConsignmentManifests;
  /** Quotes for a consignment, before or after it is created. */
  readonly quotes: ConsignmentQuotes;
  /** Delivery and pickup options, and selecting them as orders or consignments. */
  readonly deliveryOptions: DeliveryOptions;
  /** A consignment's and a package's labels. */
  readonly labels: ConsignmentLabels;
  /** A consignment's customs documents. */
  readonly documents: ConsignmentDocuments;
  /** Shipping locations. */
  readonly shippingLocations: ShippingLocations;
  /** A consignment's tracking events. */
  readonly tracking: ConsignmentTracking;
  /** Carrier services and carriers. */
  readonly carrierServices: CarrierServices;
  /** Collection calendars. */
  readonly collectionCalendar: CollectionCalendars;
  /** Package sizes. */
  readonly packageSizes: PackageSizes;

  /**
   * Reads the options, then the environment variables (`CONSIGNKIT_ORDERS_API_KEY`, then
   * `CONSIGNKIT_API_KEY`; `CONSIGNKIT_ENVIRONMENT`), and sends nothing until a method is called.
   *
   * @param options - See {@link ClientOptions}; all are optional.
   * @throws {@link ConfigurationError} when no API key is given or found in the environment, or an
   *   option is invalid (an unknown `environment`, a `baseUrl` that is not an absolute URL, a negative
   *   `timeout`…). The message names the option or the variables, never the key.
   *
   * @example
   * ```ts
   * const sandbox = new OrdersClient(); // key from CONSIGNKIT_ORDERS_API_KEY, sandbox
   * const production = new OrdersClient({ apiKey, environment: 'production', timeout: 10_000 });
   * const mocked = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch }); // consignkit/testing
   * ```
   */
  constructor(options?: ClientOptions) {
    super('orders', options);
    this.consignments = new Consignments(this);
    this.packages = new Packages(this);
    this.allocation = new ConsignmentAllocation(this);
    this.manifests = new ConsignmentManifests(this);
    this.quotes = new ConsignmentQuotes(this);
    this.deliveryOptions = new DeliveryOptions(this);
    this.labels = new ConsignmentLabels(this);
    this.documents = new ConsignmentDocuments(this);
    this.shippingLocations = new ShippingLocations(this);
    this.tracking = new ConsignmentTracking(this);
    this.carrierServices = new CarrierServices(this);
    this.collectionCalendar = new CollectionCalendars(this);
    this.packageSizes = new PackageSizes(this);
  }

  // OWN VERBS (create, get, update, patch, addAddress, updateAddress, pack): helper A1.

  /**
   * Settles an {@link OutcomeUnknownError} without guessing: reads each consignment it names and says
   * whether the change that call asked for happened. It never sends the change again.
   *
   * - `done: true`: the consignment is where the operation leads (or on its way): do not send it again.
   * - `done: false`: it is still where the operation starts from: sending it again is safe.
   * - `done: undefined`: it is in neither (something else moved it): look at `state` before acting.
   *
   * It takes the errors of manifesting (both forms), allocating (every form: default rules, cheapest
   * quote, carrier service, quote, service group, service filters), setting (not) ready to ship,
   * deallocating and cancelling. A query manifest names no consignment: for it, the consignments that
   * still match the query are listed, each `done: false` (an empty list: nothing is left to manifest).
   *
   * A lost {@link OrdersClient.createConsignment} or {@link OrdersClient.selectDeliveryOptionAsConsignment}
   * made a consignment the service numbered: it is found by your `ConsignmentReferenceProvidedByCustomer`
   * (the body's, or the options request's, read with {@link OrdersClient.getDeliveryOption}). Each
   * consignment found is `done: true`; an empty list means none was made, and sending again is safe
   * (provided your reference is unique). Without that reference, a {@link ConfigurationError} says nothing
   * can find it.
   *
   * ```ts
   * try {
   *   await orders.manifestConsignments(references);
   * } catch (error) {
   *   if (!(error instanceof OutcomeUnknownError)) throw error;
   *   const settled = await orders.reconcile(error);
   *   const notDone = settled.filter((entry) => entry.done === false).map((entry) => entry.reference);
   *   if (notDone.length > 0) await orders.manifestConsignments(notDone);
   * }
   * ```
   *
   * @throws {@link ConfigurationError} for an error of another operation (`createOrder`, `packOrder`,
   *   `selectDeliveryOption`, `selectDeliveryOptionsAsOrders`, `reservePickupOption`, a shipment group's),
   *   whose outcome no consignment's state tells, or of a creation without your reference: the message
   *   says what to check instead.
   * @throws {@link NotFoundError} when a named consignment does not exist.
   */
  reconcile(
    outcome: OutcomeUnknownError | OutcomeUnknownErrorJSON,
    options?: RequestOptions,
  ): Promise<Reconciliation[]> {
    return reconcile(transportOf(this), outcome, options);
  }
}
