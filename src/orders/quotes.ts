import * as z from 'zod/mini';
import { cheapestOf } from '../core/cheapest.js';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { listOrEmpty, withLists } from '../core/lists.js';
import type { RequestOptions } from '../core/options.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation } from '../core/transport.js';
import { type Consignment, ConsignmentSchema } from './consignments/consignment.js';
import { type ConsignmentInput, consignmentChecks, consignmentFields } from './consignments/writes.js';
import {
  type QuotePrice,
  QuotePriceSchema,
  type QuoteSurcharge,
  QuoteSurchargeSchema,
  type QuoteTaxRate,
} from './prices.js';
import { amount, flag, type PlacedAddress, PlacedAddressSchema, text } from './wire-shapes.js';

/**
 * Quotes (Get Quotes, Get Quotes By Consignment Reference, Get Service Group Quotes): what each carrier
 * service would charge for a consignment, and why the others cannot carry it. Quotes only read: nothing
 * is created, and asking again issues fresh quote references.
 */

/** The carrier service of one leg of a quote. */
export interface QuoteCarrierService {
  /** The carrier's own service reference. */
  Reference?: string | null | undefined;
  /** Its name. */
  Name?: string | null | undefined;
  /** The carrier. */
  CarrierReference?: string | null | undefined;
  /** The carrier's name. */
  CarrierName?: string | null | undefined;
  /** Whether the customer drops the parcel off. */
  IsDropOff?: boolean | null | undefined;
  /** Whether the carrier picks it up from a shop. */
  IsPickUp?: boolean | null | undefined;
  /** Whether delivery is timed. */
  IsTimed?: boolean | null | undefined;
  /** Whether it is tracked. */
  IsTracked?: boolean | null | undefined;
  /** Whether it is signed for. */
  IsSigned?: boolean | null | undefined;
  /** `Outbound`, `Inbound`, or both: `Inbound, Outbound`. */
  ServiceDirection?: string | null | undefined;
  /** The carrier's own reference of the service, when it has one (`null` in the examples). */
  ExternalReference?: string | null | undefined;
}

/**
 * One leg of a quoted journey. Fields it does not name (`DeliveryHub`, `CostItems`,
 * `VolumetricParcelWeight`…) are kept as sent.
 */
export interface QuoteLeg {
  /** The leg's place in the journey, from 1. */
  JourneyStage?: number | null | undefined;
  /** The carrier service of the leg. */
  CarrierService?: QuoteCarrierService | null | undefined;
  /** The carrier account it is booked on. */
  CarrierAccountReference?: string | null | undefined;
  /** `NotApplicable`… */
  CollectionType?: string | null | undefined;
}
const QuoteLegSchema = schemaOf<QuoteLeg>()(() =>
  z.looseObject({
    JourneyStage: amount,
    CarrierService: z.nullish(
      schemaOf<QuoteCarrierService>()(() =>
        z.looseObject({
          Reference: text,
          Name: text,
          CarrierReference: text,
          CarrierName: text,
          IsDropOff: flag,
          IsPickUp: flag,
          IsTimed: flag,
          IsTracked: flag,
          IsSigned: flag,
          ServiceDirection: text,
          ExternalReference: text,
        }),
      ),
    ),
    CarrierAccountReference: text,
    CollectionType: text,
  }),
);

/** A quote's `OriginAddress` or `DestinationAddress`: no vendor quote answer carries its `AddressType`. */
export type QuoteAddress = PlacedAddress;

/**
 * One carrier service's price for a consignment. Pass its `QuoteReference` to
 * {@link ConsignmentAllocator.allocateWithQuote} before its `ExpiryDate`, or its `MpdCarrierServiceReference` to
 * {@link ConsignmentAllocator.allocateWithCarrierService}.
 */
export interface Quote {
  /** The quote's reference, a GUID: what Allocate With Quote takes. */
  QuoteReference: string;
  /** When it was made: ISO 8601 with an offset (older answers give none). */
  CreationDate?: string | null | undefined;
  /** When it stops being usable: ISO 8601 (in the examples, the midnight after `CreationDate`). */
  ExpiryDate?: string | null | undefined;
  /** Who asked. */
  Requestor?: string | null | undefined;
  /** The consignment quoted for; empty for a quote of Get Quotes, which quotes no stored consignment. */
  ConsignmentReference?: string | null | undefined;
  /** That consignment's own reference of yours. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** The carrier service quoted: what Allocate With Carrier Service takes. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** Where the service comes from: a number in one example (`2`), a name in another (`External`). */
  MpdCarrierServiceSource?: number | string | null | undefined;
  /** The carrier service's name. */
  MpdCarrierService?: string | null | undefined;
  /** The carrier. */
  CarrierReference?: string | null | undefined;
  /** `Outbound`, `Inbound`, or `Inbound, Outbound`. */
  ServiceDirection?: string | null | undefined;
  /** Where it ships from. */
  OriginAddress?: QuoteAddress | null | undefined;
  /** Where it goes. */
  DestinationAddress?: QuoteAddress | null | undefined;
  /** The day the carrier collects: ISO 8601 (with or without an offset). */
  CollectionDate?: string | null | undefined;
  /** The earliest delivery: ISO 8601. */
  EarliestDeliveryDate?: string | null | undefined;
  /** The latest delivery: ISO 8601. */
  LatestDeliveryDate?: string | null | undefined;
  /** The price before surcharges. */
  BasePrice?: QuotePrice | null | undefined;
  /** The price to pay, surcharges included. */
  Price?: QuotePrice | null | undefined;
  /** The surcharges included in `Price`, each with its amount (empty when none). */
  Surcharges?: QuoteSurcharge[] | null | undefined;
  /** The legs of the journey. */
  Legs?: QuoteLeg[] | null | undefined;
  /** Whose carrier account it uses. */
  CarrierAccountOwner?: string | null | undefined;
  /** Whether the service is Sorted's own. */
  IsElectioService?: boolean | null | undefined;
}
export const QuoteSchema = schemaOf<Quote>()(() =>
  z.looseObject({
    QuoteReference: z.string(),
    CreationDate: text,
    ExpiryDate: text,
    Requestor: text,
    ConsignmentReference: text,
    ConsignmentReferenceProvidedByCustomer: text,
    MpdCarrierServiceReference: text,
    MpdCarrierServiceSource: z.nullish(z.union([z.number(), z.string()])),
    MpdCarrierService: text,
    CarrierReference: text,
    ServiceDirection: text,
    OriginAddress: z.nullish(PlacedAddressSchema),
    DestinationAddress: z.nullish(PlacedAddressSchema),
    CollectionDate: text,
    EarliestDeliveryDate: text,
    LatestDeliveryDate: text,
    BasePrice: z.nullish(QuotePriceSchema),
    Price: z.nullish(QuotePriceSchema),
    Surcharges: z.nullish(z.array(QuoteSurchargeSchema)),
    Legs: z.nullish(z.array(QuoteLegSchema)),
    CarrierAccountOwner: text,
    IsElectioService: flag,
  }),
);

/** A carrier service that could not quote, and why. */
export interface UnqualifiedService {
  /** The carrier service. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** Its name. */
  MpdCarrierService?: string | null | undefined;
  /** The carrier. */
  CarrierReference?: string | null | undefined;
  /** Whether the service is available for the consignment. */
  Available?: boolean | null | undefined;
  /** Whether it has rates configured. */
  Rates?: boolean | null | undefined;
  /** Why it was left out, in the service's words. */
  ExclusionReason?: string | null | undefined;
}
const UnqualifiedServiceSchema = schemaOf<UnqualifiedService>()(() =>
  z.looseObject({
    MpdCarrierServiceReference: text,
    MpdCarrierService: text,
    CarrierReference: text,
    Available: flag,
    Rates: flag,
    ExclusionReason: text,
  }),
);

/**
 * What Get Quotes and Get Quotes By Consignment Reference answer. No quote is no error: `Quotes` is then
 * empty and `UnqualifiedServices` says why each service was left out.
 */
export interface QuoteResult {
  /** The request's reference, a GUID. */
  QuoteRequestReference?: string | null | undefined;
  /** One quote per carrier service that can carry the consignment (empty when none can). */
  Quotes: Quote[];
  /** A message from the service, or `null`. */
  Message?: string | null | undefined;
  /** The services that could not quote, each with its `ExclusionReason` (empty when none). */
  UnqualifiedServices: UnqualifiedService[];
}
// Not exported by the package: the wire answer, read into a QuoteResult.
export const QuoteResultSchema = lazySchema(() =>
  z.looseObject({
    QuoteRequestReference: text,
    Quotes: z.nullish(z.array(QuoteSchema)),
    Message: text,
    UnqualifiedServices: z.nullish(z.array(UnqualifiedServiceSchema)),
  }),
);

/**
 * The quote with the lowest `Price.Gross` (what you pay, tax included), for {@link ConsignmentAllocator.allocateWithQuote}.
 * The service lists quotes in no promised order, so the first quote is not the cheapest: choose with this.
 *
 * `undefined` when the list is empty or no quote has a gross price (a quote without one is never chosen).
 * Of quotes at the same price, the earliest in the list. Throws a {@link ConsignkitError} when the quotes
 * are priced in more than one currency, which no amount can compare.
 *
 * @example
 * ```ts
 * const { Quotes } = await orders.quotes.getForConsignment(consignment);
 * const cheapest = cheapestQuote(Quotes);
 * if (cheapest) await orders.allocation.allocateWithQuote(consignment, cheapest.QuoteReference);
 * ```
 */
export function cheapestQuote<T extends Quote>(quotes: readonly T[] | null | undefined): T | undefined {
  return cheapestOf(
    quotes,
    (quote) => ({ amount: quote.Price?.Gross, currency: quote.Price?.Currency?.IsoCode }),
    'cheapestQuote',
  );
}

/** Lists read as empty when the service sends `null`: "no quote" is a list to iterate, not a special case. */
function quoteResult(body: z.infer<typeof QuoteResultSchema>): QuoteResult {
  return withLists(body, 'Quotes', 'UnqualifiedServices') as QuoteResult;
}

/** One service group with the cheapest quote among its services (Get Service Group Quotes). */
export interface ServiceGroupQuote {
  /** The group's code (the portal's "Service Group Code"): what Allocate With Service Group takes. */
  Reference: string;
  /** The group's name. */
  Name?: string | null | undefined;
  /** The cheapest quote of the group's services. */
  CheapestQuote?: Quote | null | undefined;
  /** The request's reference, a GUID. */
  QuoteRequestReference?: string | null | undefined;
  /** A message from the service, or `null`. */
  Message?: string | null | undefined;
  /** Every quote of the group's services, the cheapest included. */
  Quotes?: Quote[] | null | undefined;
  /** The group's services that could not quote, each with its reason. */
  UnqualifiedServices?: UnqualifiedService[] | null | undefined;
}
export const ServiceGroupQuoteSchema = schemaOf<ServiceGroupQuote>()(() =>
  z.looseObject({
    Reference: z.string(),
    Name: text,
    CheapestQuote: z.nullish(QuoteSchema),
    QuoteRequestReference: text,
    Message: text,
    Quotes: z.nullish(z.array(QuoteSchema)),
    UnqualifiedServices: z.nullish(z.array(UnqualifiedServiceSchema)),
  }),
);

/**
 * What Get Quotes and Get Service Group Quotes take: the body of Create Consignment. The vendor types it
 * as a whole `Consignment`, so the fields a consignment read with `consignments.get` has beside those
 * (`Reference`, `DateCreated`, `Allocation`, `ConsignmentState`…) are accepted too, and sent as given.
 */
export type QuoteConsignmentInput = ConsignmentInput & Partial<Omit<Consignment, keyof ConsignmentInput>>;

// Not exported by the package: checked within the quote requests.
/** {@link QuoteConsignmentInput}: Create Consignment's fields and checks, over Get Consignment's fields. */
export const QuoteConsignmentInputSchema = lazySchema(
  () =>
    z
      .looseObject({
        ...z.partial(ConsignmentSchema as unknown as z.ZodMiniObject).shape,
        ...consignmentFields(),
      })
      .check(...consignmentChecks()) as unknown as z.ZodMiniType<
      QuoteConsignmentInput,
      QuoteConsignmentInput
    >,
);

/** Quotes: what each carrier service would charge for a consignment, before or after it is created. */
export class ConsignmentQuotes extends Resource {
  /** @vendor Get Quotes @internal */
  static readonly get = defineOperation({
    name: 'getQuotes',
    method: 'POST',
    // The vendor's guide writes the trailing slash.
    path: 'quotes/',
    body: QuoteConsignmentInputSchema,
    response: QuoteResultSchema,
    result: quoteResult,
    // A POST that only reads: each answer issues new quotes, but nothing else changes.
    retry: 'repeatable',
  });

  /**
   * Get Quotes: what each carrier service would charge for a consignment that does not exist yet (the
   * body of {@link Consignments.create}); nothing is created. `Quotes` is empty, not an error, when no
   * service can carry it, and `UnqualifiedServices` says why each was left out. A quote of this call
   * names no consignment, so it cannot be passed to {@link ConsignmentAllocator.allocateWithQuote}:
   * create the consignment and use {@link ConsignmentQuotes.getForConsignment}. Repeatable: it only
   * reads.
   *
   * @throws {@link RequestValidationError} before sending, as for Create Consignment.
   */
  get(consignment: QuoteConsignmentInput, options?: RequestOptions): Promise<QuoteResult> {
    return transportOf(this).send(ConsignmentQuotes.get, { body: consignment }, options);
  }

  /** @vendor Get Quotes By Consignment Reference @internal */
  static readonly getForConsignment = defineOperation({
    name: 'getQuotesForConsignment',
    method: 'GET',
    path: 'quotes/consignment/{consignmentReference}',
    params: { consignmentReference: ConsignmentReferenceSchema },
    response: QuoteResultSchema,
    result: quoteResult,
    retry: 'repeatable',
  });

  /**
   * Get Quotes By Consignment Reference (step 2 of the Quotes flow): a quote from each carrier service
   * that can carry a stored consignment, each with the `QuoteReference` to pass to
   * {@link ConsignmentAllocator.allocateWithQuote} before its `ExpiryDate`, and the services that
   * cannot, each with its `ExclusionReason`. Repeatable: each call issues fresh quotes.
   *
   * @throws {@link NotFoundError} for an unknown consignment.
   *
   * @example
   * ```ts
   * const { Quotes } = await orders.quotes.getForConsignment(consignment);
   * const cheapest = cheapestQuote(Quotes);
   * if (cheapest) await orders.allocation.allocateWithQuote(consignment, cheapest.QuoteReference);
   * ```
   */
  getForConsignment(
    consignmentReference: ConsignmentReference,
    options?: RequestOptions,
  ): Promise<QuoteResult> {
    return transportOf(this).send(
      ConsignmentQuotes.getForConsignment,
      { params: { consignmentReference } },
      options,
    );
  }

  /** @vendor Get Service Group Quotes @internal */
  static readonly getForServiceGroups = defineOperation({
    name: 'getServiceGroupQuotes',
    method: 'POST',
    path: 'quotes/serviceGroups',
    body: QuoteConsignmentInputSchema,
    response: lazySchema(() => z.nullish(z.array(ServiceGroupQuoteSchema))),
    result: listOrEmpty,
    retry: 'repeatable',
  });

  /**
   * Get Service Group Quotes: for a consignment not stored yet, each service group with an eligible
   * service, with its `CheapestQuote` (and all its `Quotes` and `UnqualifiedServices`). Pass a group's
   * `Reference` to {@link ConsignmentAllocator.allocateWithServiceGroup}. Repeatable: it only reads.
   *
   * @throws {@link RequestValidationError} before sending, as for Create Consignment.
   */
  getForServiceGroups(
    consignment: QuoteConsignmentInput,
    options?: RequestOptions,
  ): Promise<ServiceGroupQuote[]> {
    return transportOf(this).send(ConsignmentQuotes.getForServiceGroups, { body: consignment }, options);
  }
}

export type { QuotePrice, QuoteTaxRate };
