import * as z from 'zod/mini';
import { apiErrorFrom } from '../../core/answer.js';
import { transportOf } from '../../core/client-base.js';
import { ResponseValidationError } from '../../core/errors.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { listOrEmpty } from '../../core/lists.js';
import { type Call, defineOperation } from '../../core/operation.js';
import type { RequestOptions } from '../../core/options.js';
import {
  type DeliveryOptionReference,
  DeliveryOptionReferenceSchema,
  type OrderReference,
} from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { schemaOf } from '../../core/schema-of.js';
import { checkInput } from '../../core/validation.js';
import { ALLOCATION_OUTCOME, AllocationSummarySchema } from '../allocation/schemas.js';
import { consignmentOfSummary, settleAllocation } from '../allocation/settle.js';
import { createdOrderReference, OrderCreatedResponseSchema } from '../orders.js';
import { text } from '../wire-shapes.js';
import {
  type DeliveryOption,
  type DeliveryOptionsRequest,
  DeliveryOptionsRequestSchema,
  DeliveryOptionsResponseSchema,
  type PickupLocation,
  type PickupOptionsRequest,
  PickupOptionsRequestSchema,
  PickupOptionsResponseSchema,
} from './options.js';
import {
  type DeliveryOptionDetails,
  DeliveryOptionDetailsSchema,
  type DeliveryOptionSelection,
  DeliveryOptionSelectionSchema,
  type DeliveryOptionSummary,
  DeliveryOptionSummarySchema,
  type PickupReservation,
  resultsInOrder,
  type SelectedConsignment,
  type SelectOrderResult,
  SelectOrderResultWireSchema,
  selectionsSchema,
} from './selection.js';

/**
 * What to send for one option: a reference alone, or an object's documented selection fields. A
 * {@link DeliveryOption} carries answer fields too (its price, its service), which are not sent; a
 * near miss of a selection field (`OrderReferenceProvidedByCustomr`) is refused rather than dropped.
 */
function selectionOf(
  option: DeliveryOptionReference | Pick<DeliveryOption, 'Reference'> | DeliveryOptionSelection,
): DeliveryOptionSelection {
  if (typeof option !== 'object' || option === null) return { Reference: option };
  checkInput(DeliveryOptionSelectionSchema, option, 'selectDeliveryOption option', [], 'allow');
  const { Reference, OrderReferenceProvidedByCustomer, MetaData } = option as DeliveryOptionSelection;
  return {
    Reference,
    ...(OrderReferenceProvidedByCustomer === undefined ? {} : { OrderReferenceProvidedByCustomer }),
    ...(MetaData === undefined ? {} : { MetaData }),
  };
}

/** The order a selection made, or the selection's own refusal (the service answers it with 200). */
function selectedAsOrder(
  body: z.infer<typeof OrderCreatedResponseSchema>,
): { order: OrderReference } | { refused: Record<string, unknown> } | undefined {
  const order = createdOrderReference(body);
  if (order) return { order };
  const results = typeof body === 'object' && !Array.isArray(body) ? body.SelectOrderResults : undefined;
  const [result] = Array.isArray(results) ? results : [];
  return result && Number(result.Status) >= 400 ? { refused: result } : undefined;
}

/**
 * Delivery options (a separately licensed component): the ways and pickup points a consignment not created
 * yet could be delivered by, read again or summarised by day, and the option chosen selected as an
 * allocated consignment or as orders.
 */
export class DeliveryOptions extends Resource {
  /** @vendor Delivery Options @internal */
  static readonly list = defineOperation({
    name: 'getDeliveryOptions',
    method: 'POST',
    path: 'deliveryoptions',
    body: DeliveryOptionsRequestSchema,
    response: DeliveryOptionsResponseSchema,
    result: (body): DeliveryOption[] => (Array.isArray(body) ? body : listOrEmpty(body.DeliveryOptions)),
    // A POST that only reads: each answer makes new options, but asking again changes nothing else.
    retry: 'repeatable',
  });

  /**
   * Delivery Options: the ways a consignment not created yet could be delivered, for a checkout to
   * offer, each with its `EDO-` reference, estimated date, window, carrier service and price, cheapest
   * first as the service orders them. Pass the one chosen to {@link DeliveryOptions.selectAsOrder} or
   * {@link DeliveryOptions.selectAsConsignment}. The request is a Create Order body (packages need no
   * items). Needs the delivery-options component. Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, for no package, or no `Origin` or
   *   `Destination` address.
   *
   * @example
   * ```ts
   * const offered = await orders.deliveryOptions.list(request);
   * const chosen = cheapestDeliveryOption(offered);
   * if (chosen) await orders.deliveryOptions.selectAsConsignment(chosen.Reference);
   * ```
   */
  list(request: DeliveryOptionsRequest, options?: RequestOptions): Promise<DeliveryOption[]> {
    return transportOf(this).send(DeliveryOptions.list, { body: request }, options);
  }

  /** @vendor Pickup Options @internal */
  static readonly listPickup = defineOperation({
    name: 'getPickupOptions',
    method: 'POST',
    // The vendor's guide writes the trailing slash.
    path: 'deliveryoptions/pickupoptions/',
    body: PickupOptionsRequestSchema,
    response: PickupOptionsResponseSchema,
    result: (body) => listOrEmpty(body.Locations),
    retry: 'repeatable',
  });

  /**
   * Pickup Options: shops near the destination where the customer can collect the parcel, each with
   * the delivery options that reach it (select one as any other). The request is a delivery options
   * request plus `Distance` (`{ Value, Unit }`) and `MaxResults` (1 to 50). Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, for a missing `Distance`, `MaxResults` outside
   *   1 to 50, no package, or no `Origin` or `Destination` address.
   */
  listPickup(request: PickupOptionsRequest, options?: RequestOptions): Promise<PickupLocation[]> {
    return transportOf(this).send(DeliveryOptions.listPickup, { body: request }, options);
  }

  /** @vendor Get Existing Delivery Option @internal */
  static readonly get = defineOperation({
    name: 'getDeliveryOption',
    method: 'GET',
    path: 'deliveryoptions/details/{deliveryOptionReference}',
    params: { deliveryOptionReference: DeliveryOptionReferenceSchema },
    response: DeliveryOptionDetailsSchema,
    retry: 'repeatable',
  });

  /**
   * Get Existing Delivery Option: an option read again by its `EDO-` reference, with the consignment it
   * was offered for (`ConsignmentDetail`, whose weight is `{ Kg }`): for a checkout that kept only the
   * reference. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown option.
   */
  get(
    deliveryOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<DeliveryOptionDetails> {
    return transportOf(this).send(DeliveryOptions.get, { params: { deliveryOptionReference } }, options);
  }

  /** @vendor Delivery Option Summary @internal */
  static readonly getSummary = defineOperation({
    name: 'getDeliveryOptionSummary',
    method: 'POST',
    path: 'deliveryoptions/summary',
    body: DeliveryOptionsRequestSchema,
    response: DeliveryOptionSummarySchema,
    result: (body): DeliveryOptionSummary => ({
      ...body,
      DeliveryOptions: Array.isArray(body?.DeliveryOptions) ? body.DeliveryOptions : [],
    }),
    // A POST that only reads.
    retry: 'repeatable',
  });

  /**
   * Delivery Option Summary: the days on which delivery options exist for a consignment not created yet
   * (a Delivery Options request), without the options themselves, for a calendar. Repeatable.
   *
   * @throws {@link RequestValidationError} before sending, as for {@link DeliveryOptions.list}.
   */
  getSummary(request: DeliveryOptionsRequest, options?: RequestOptions): Promise<DeliveryOptionSummary> {
    return transportOf(this).send(DeliveryOptions.getSummary, { body: request }, options);
  }

  /** @vendor Reserve Pickup Option @internal */
  static readonly reservePickup = defineOperation({
    name: 'reservePickupOption',
    method: 'POST',
    path: 'deliveryoptions/reserve/{pickupOptionReference}',
    params: { pickupOptionReference: DeliveryOptionReferenceSchema },
    response: schemaOf<PickupReservation>()(() =>
      z.looseObject({ ReservationReference: text, ExpiryDate: text }),
    ),
    whenEmpty: {},
    // Its repeat safety is not documented: a change, so never sent twice.
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'nothing documented reads a reservation back: select the option (deliveryOptions.selectAsConsignment), which the service refuses if the reservation is missing',
    },
  });

  /**
   * Reserve Pickup Option: reserves an option of a pickup location whose
   * `Reservation.IsReservationRequired` is set, before selecting it. The vendor documents neither its
   * answer nor its statuses: what the service answers is returned as sent. Non-repeatable (nothing says a
   * second reserve is harmless).
   *
   * @throws {@link NotFoundError} for an unknown option; {@link BadRequestError} when it cannot be reserved.
   * @throws {@link OutcomeUnknownError} when it may have been reserved but no answer came.
   */
  reservePickup(
    pickupOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<PickupReservation> {
    return transportOf(this).send(
      DeliveryOptions.reservePickup,
      { params: { pickupOptionReference } },
      options,
    );
  }

  /** @vendor Select Delivery Option As Order @internal */
  static readonly selectAsOrder = defineOperation({
    name: 'selectDeliveryOption',
    method: 'POST',
    path: 'deliveryoptions/selectorder',
    // The documented body: a list of selections, here of one.
    body: lazySchema(() =>
      z.looseObject({
        DeliveryOptions: z.array(DeliveryOptionSelectionSchema).check(z.length(1, 'exactly one selection')),
      }),
    ),
    response: OrderCreatedResponseSchema,
    result: selectedAsOrder,
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'the order it may have made has no reference the caller knows; a second select is refused if the first reached the service',
    },
    references: (call: Call) => {
      const body = call.body as { DeliveryOptions?: { Reference?: unknown }[] } | undefined;
      const reference = body?.DeliveryOptions?.[0]?.Reference;
      return typeof reference === 'string' ? [reference] : [];
    },
  });

  /**
   * Select Delivery Option As An Order: creates an order from a delivery or pickup option (a
   * {@link DeliveryOption} from {@link DeliveryOptions.list} or {@link DeliveryOptions.listPickup}, or
   * its `EDO-…` reference) and returns its `EO-` reference. Give a {@link DeliveryOptionSelection}
   * (`{ Reference, OrderReferenceProvidedByCustomer, MetaData }`) to name the order and give it metadata;
   * from an option, only its `Reference` is sent. Needs the separately licensed delivery-options
   * component. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a misspelt selection field.
   * @throws {@link NotFoundError} for an unknown option; {@link BadRequestError} for one already selected.
   * @throws {@link OutcomeUnknownError} when the order may have been created but no answer came.
   */
  async selectAsOrder(
    option: DeliveryOptionReference | Pick<DeliveryOption, 'Reference'> | DeliveryOptionSelection,
    options?: RequestOptions,
  ): Promise<OrderReference> {
    const selection = selectionOf(option);
    const answer = await transportOf(this).send(
      DeliveryOptions.selectAsOrder,
      { body: { DeliveryOptions: [selection] } },
      options,
    );
    if ('order' in answer) return answer.order;
    const status = Number(answer.refused.Status);
    throw apiErrorFrom(status, new Headers(), answer.refused, DeliveryOptions.selectAsOrder.name, 'orders');
  }

  /** @vendor Select Delivery Option As An Order @internal */
  static readonly selectAsOrders = defineOperation({
    name: 'selectDeliveryOptionsAsOrders',
    method: 'POST',
    path: 'deliveryoptions/selectorder',
    body: lazySchema(() => z.looseObject({ DeliveryOptions: selectionsSchema })),
    response: lazySchema(() =>
      z.looseObject({ SelectOrderResults: z.nullish(z.array(SelectOrderResultWireSchema)) }),
    ),
    retry: 'non-repeatable',
    outcome: {
      unsettled:
        'the orders it may have made have no reference the caller knows, there is no order search, and a second select makes duplicate orders: look for your OrderReferenceProvidedByCustomer in the portal before selecting again',
    },
    references: (call: Call) => {
      const body = call.body as {
        DeliveryOptions?: { Reference?: unknown; OrderReferenceProvidedByCustomer?: unknown }[];
      };
      return (body?.DeliveryOptions ?? []).flatMap((selection) =>
        [selection?.Reference, selection?.OrderReferenceProvidedByCustomer].filter(
          (value): value is string => typeof value === 'string',
        ),
      );
    },
  });

  /**
   * Select Delivery Option As An Order, for several options at once: an order per selection (each with
   * its own `OrderReferenceProvidedByCustomer` and `MetaData`), and one {@link SelectOrderResult} per
   * selection, in the order given. A selection that failed (an unknown option, one already selected) is
   * reported in its place with its `Status` and `Message` and `OrderReference: null`, never dropped.
   * Non-repeatable: the vendor says a second select makes duplicate orders, and no order search exists
   * to settle a lost answer, so set `OrderReferenceProvidedByCustomer` to recognise them.
   *
   * @throws {@link RequestValidationError} before sending, for no selection or a reference not `EDO-…`.
   * @throws {@link OutcomeUnknownError} when orders may have been made but no answer came.
   */
  async selectAsOrders(
    selections: DeliveryOptionSelection[],
    options?: RequestOptions,
  ): Promise<SelectOrderResult[]> {
    const answer = await transportOf(this).send(
      DeliveryOptions.selectAsOrders,
      { body: { DeliveryOptions: selections } },
      options,
    );
    // Unchecked (`validation: 'off'`) answers may be anything: read what is a list.
    const answered = Array.isArray(answer?.SelectOrderResults) ? answer.SelectOrderResults : [];
    return resultsInOrder(selections, answered);
  }

  /** @vendor Select Option @internal */
  static readonly selectAsConsignment = defineOperation({
    name: 'selectDeliveryOptionAsConsignment',
    method: 'POST',
    path: 'deliveryoptions/select/{deliveryOptionReference}',
    params: { deliveryOptionReference: DeliveryOptionReferenceSchema },
    // One summary (the pages); a list of one is read too.
    response: lazySchema(() => z.union([AllocationSummarySchema, z.array(AllocationSummarySchema)])),
    result: (body) => (Array.isArray(body) ? body[0] : body),
    retry: 'non-repeatable',
    // From nothing to allocated: `reconcile` reads the option's details for the options request's
    // ConsignmentReferenceProvidedByCustomer, and searches it.
    outcome: { from: [], to: ALLOCATION_OUTCOME.to },
  });

  /**
   * Select Option (step 2 of the Consumer Options and Pickup flows): the service creates a consignment
   * from the details of the options request, allocates it so as to keep the option's promise, and answers
   * its allocation summary; the new `EC-` reference is read from the summary's links. Labels are then
   * ready. Not {@link DeliveryOptions.selectAsOrder}, which makes an order instead. An option is
   * selected once. Non-repeatable.
   *
   * Put a `ConsignmentReferenceProvidedByCustomer` (unique to you) in the options request: it is copied
   * to the consignment, and {@link OrdersClient.reconcile} finds the consignment by it when this answer
   * is lost. Without it, nothing can.
   *
   * @throws {@link NotFoundError} for an unknown option; {@link BadRequestError} for one already selected,
   *   or when the option's promise can no longer be kept.
   * @throws {@link ResponseValidationError} when the answer names no consignment (it was made: find it by
   *   your reference).
   * @throws {@link OutcomeUnknownError} when it may have been created but no answer came.
   */
  async selectAsConsignment(
    deliveryOptionReference: DeliveryOptionReference,
    options?: RequestOptions,
  ): Promise<SelectedConsignment> {
    const transport = transportOf(this);
    const allocation = await transport.send(
      DeliveryOptions.selectAsConsignment,
      { params: { deliveryOptionReference } },
      options,
    );
    const consignmentReference = consignmentOfSummary(allocation);
    if (consignmentReference === undefined) {
      // The consignment exists, but the answer does not say which it is: say so with the whole answer.
      throw new ResponseValidationError(
        `selectDeliveryOptionAsConsignment: the service created and allocated a consignment for ${deliveryOptionReference}, but its answer links none; find it with deliveryOptions.get(${deliveryOptionReference}) or by your ConsignmentReferenceProvidedByCustomer`,
        {
          issues: [{ path: ['ApiLinks'], message: 'no link names the consignment' }],
          body: allocation,
          operation: 'selectDeliveryOptionAsConsignment',
        },
      );
    }
    const [settled] = await settleAllocation(
      transport,
      'selectDeliveryOptionAsConsignment',
      [consignmentReference],
      [allocation],
      options,
    );
    return { consignmentReference, allocation: settled ?? allocation };
  }
}
