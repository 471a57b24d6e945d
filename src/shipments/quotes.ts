import * as z from 'zod/mini';
import { cheapestOf } from '../core/cheapest.js';
import { transportOf } from '../core/client-base.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import type { RequestOptions } from '../core/options.js';
import {
  answeredReference,
  type QuoteReference,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { Resource } from '../core/resource.js';
import { schemaOf } from '../core/schema-of.js';
import { defineOperation } from '../core/transport.js';
import {
  type CreateShipmentRequest,
  CreateShipmentRequestSchema,
  readShapes,
  type ShipmentAddress,
} from './shipments/request.js';
import {
  type CarrierDetails,
  CarrierDetailsSchema,
  type DateRange,
  DateRangeSchema,
  type ExcludedService,
  ExcludedServiceSchema,
  IssuedReferenceSchema,
  type Link,
  LinksSchema,
  type Price,
  PriceSchema,
} from './wire-shapes.js';

/** A surcharge of a quote. */
export interface Surcharge {
  /** Its reference. */
  reference: string;
  /** ISO 4217. */
  currency: string;
  /** Its amount. */
  value: number;
  /** `none`, `standard` or `retrospective`. */
  application_type: OpenEnum<'none' | 'standard' | 'retrospective'>;
  /** `additive` or `variable`. */
  type: OpenEnum<'additive' | 'variable'>;
  /** Whether it applies to the base price, and only to it. */
  base_application: {
    /** Applied to the base price. */
    base: boolean;
    /** Applied to the base price only. */
    base_only: boolean;
  };
  /** `fixed` or `calculated`. */
  calculation_model: OpenEnum<'fixed' | 'calculated'>;
  /** Its label. */
  label: string;
  /** Its description. */
  description: string;
  /** For a calculated surcharge. */
  incremental_unit_factor?: number | null | undefined;
  /** For a calculated surcharge. */
  incremental_unit_price?: number | null | undefined;
  /** Its lower bound. */
  minimum_value?: number | null | undefined;
  /** Its upper bound. */
  maximum_value?: number | null | undefined;
}
/**
 * One selectable quote: allocate with it ({@link ShipmentAllocator.allocateWithQuote}) before
 * `expires`, and only the shipment it was made for.
 */
export interface ShipmentQuote {
  /** Its `qu_` reference: pass it to {@link ShipmentAllocator.allocateWithQuote} as it is. */
  reference: QuoteReference;
  /**
   * The shipment it was made for. Missing when the quote is for a shipment not created yet
   * (Create Quote), as in the vendor's guide.
   */
  shipment_reference?: ShipmentReference | undefined;
  /** The carrier service quoted. */
  carrier: CarrierDetails;
  /** When it would be collected. */
  collection_date: DateRange;
  /** When it would be delivered. */
  delivery_date: DateRange;
  /** What it would cost. */
  price: Price;
  /** Surcharges. */
  surcharges?: Surcharge[] | null | undefined;
  /** When the quote was made. */
  created: string;
  /** Until when it can be used. */
  expires: string;
  /** Links. */
  _links?: Link[] | null | undefined;
}
/**
 * An address of a {@link ShipmentSummary}: as sent, but an origin given by its
 * `shipping_location_reference` comes back without `address_line1` or `country_iso_code` (the vendor's
 * Create Quote guide).
 */
export type ShipmentSummaryAddress = Omit<ShipmentAddress, 'address_line1' | 'country_iso_code'> & {
  /** The first line, unless the address is a shipping location's. */
  address_line1?: string | undefined;
  /** The country, ISO 3166-1 alpha-2, unless the address is a shipping location's. */
  country_iso_code?: string | undefined;
};
/** The shipment a quote result is about. */
export interface ShipmentSummary {
  /**
   * Its `sp_` reference. Missing when the quote is for a shipment not created yet (Create Quote), as in
   * the vendor's guide.
   */
  reference?: ShipmentReference | undefined;
  /** Its addresses, 2 to 7. */
  addresses: ShipmentSummaryAddress[];
  /** Your reference. */
  custom_reference?: string | null | undefined;
  /** Links. */
  _links?: Link[] | null | undefined;
}
/** What the quote operations answer (201): the quotes, and the services left out with the reason. */
export interface ShipmentQuoteResult {
  /** The result's reference (`qc_` or `qr_`, 35 characters): never one to allocate with. */
  reference: string;
  /** A summary in words. */
  message: string;
  /** The shipment quoted. */
  shipment: ShipmentSummary;
  /** The quotes; allocate with one's `reference`. */
  quotes?: ShipmentQuote[] | null | undefined;
  /** The services that did not quote, and why. */
  excluded_services?: ExcludedService[] | null | undefined;
}

/**
 * The quote with the lowest `price.gross` (what you pay, tax included), for
 * {@link ShipmentAllocator.allocateWithQuote}. The service lists quotes in no promised order, so the
 * first quote is not the cheapest: choose with this.
 *
 * `undefined` when the list is empty, `null` or `undefined` (a result's `quotes` may be any of them).
 * Of quotes at the same price, the earliest in the list. Throws a {@link ConsignkitError} when the quotes
 * are priced in more than one currency, which no amount can compare.
 *
 * @example
 * ```ts
 * const { quotes } = await shipments.quotes.getForShipment(shipment);
 * const cheapest = cheapestShipmentQuote(quotes);
 * ```
 */
export function cheapestShipmentQuote<T extends ShipmentQuote>(
  quotes: readonly T[] | null | undefined,
): T | undefined {
  return cheapestOf(
    quotes,
    (quote) => ({ amount: quote.price?.gross, currency: quote.price?.currency }),
    'cheapestShipmentQuote',
  );
}

const SurchargeSchema = schemaOf<Surcharge>()(() =>
  z.looseObject({
    reference: z.string(),
    currency: z.string().check(z.length(3)),
    value: z.number(),
    application_type: openEnum<Surcharge['application_type']>(),
    type: openEnum<Surcharge['type']>(),
    base_application: z.looseObject({ base: z.boolean(), base_only: z.boolean() }),
    calculation_model: openEnum<Surcharge['calculation_model']>(),
    label: z.string(),
    description: z.string(),
    incremental_unit_factor: z.nullish(z.number()),
    incremental_unit_price: z.nullish(z.number()),
    minimum_value: z.nullish(z.number()),
    maximum_value: z.nullish(z.number()),
  }),
);
const QuoteSchema = schemaOf<ShipmentQuote>()(() =>
  z.looseObject({
    reference: answeredReference<QuoteReference>('qu_', 'a quote reference'),
    shipment_reference: z.optional(answeredReference<ShipmentReference>('sp_', 'a shipment reference')),
    carrier: CarrierDetailsSchema,
    collection_date: DateRangeSchema,
    delivery_date: DateRangeSchema,
    price: PriceSchema,
    surcharges: z.nullish(z.array(SurchargeSchema)),
    created: z.string(),
    expires: z.string(),
    _links: LinksSchema,
  }),
);
export const QuoteResultSchema = schemaOf<ShipmentQuoteResult>()(() =>
  z.looseObject({
    reference: IssuedReferenceSchema,
    message: z.string(),
    shipment: z.looseObject({
      reference: z.optional(answeredReference<ShipmentReference>('sp_', 'a shipment reference')),
      addresses: z
        .array(
          z.extend(readShapes().address, {
            address_line1: z.optional(z.string()),
            country_iso_code: z.optional(z.string()),
          }),
        )
        .check(z.minLength(2), z.maxLength(7)),
      custom_reference: z.nullish(z.string()),
      _links: LinksSchema,
    }),
    quotes: z.nullish(z.array(QuoteSchema)),
    excluded_services: z.nullish(z.array(ExcludedServiceSchema)),
  }),
);

/** A carrier service group's reference (`valuableGoods`, or an `sg_…` value): not a shipment group. */
export const ServiceGroupReferenceSchema = lazySchema(() =>
  z
    .string({ error: 'expected a carrier service group reference' })
    .check(
      z.regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$/, { error: 'expected a carrier service group reference' }),
    ),
);

/** Quotes for a shipment, before or after it is created. Quoting changes no shipment. */
export class ShipmentQuotes extends Resource {
  // Quoting changes no shipment: asking again only makes another quote, so every quote is repeatable.
  /** @vendor Create Quote @internal */
  static readonly create = defineOperation<ShipmentQuoteResult>({
    name: 'createQuote',
    method: 'POST',
    path: 'shipments/quote',
    body: CreateShipmentRequestSchema,
    response: QuoteResultSchema,
    retry: 'repeatable',
  });

  /**
   * Create Quote: prices a shipment before it exists, from your account's default allocation rules
   * (201). Nothing is created. A quote can only allocate the shipment it was made for: after creating
   * the shipment, ask {@link ShipmentQuotes.getForShipment}, or allocate with the chosen quote's
   * `carrier.service_reference`. Repeatable: asking again only makes another quote.
   *
   * @throws {@link RequestValidationError} before sending, as for {@link ShipmentsClient.create}.
   * @throws {@link BadRequestError} when the service refuses the shipment.
   * @throws {@link InternalServerError} with `status` 531 and `code` `no_quotes_available` when no service
   *   can carry it (a business outcome, not retried; its `body` says why).
   *
   * @example
   * ```ts
   * const { quotes } = await shipments.quotes.create(request);
   * const cheapest = cheapestShipmentQuote(quotes);
   * ```
   */
  create(input: CreateShipmentRequest, options?: RequestOptions): Promise<ShipmentQuoteResult> {
    return transportOf(this).send(ShipmentQuotes.create, { body: input }, options);
  }

  /** @vendor Get Quote @internal */
  static readonly getForShipment = defineOperation<ShipmentQuoteResult>({
    name: 'getQuotesForShipment',
    // POST, as the OpenAPI files and the data contracts write it (one guide writes GET).
    method: 'POST',
    path: 'shipments/{shipmentReference}/quote',
    params: { shipmentReference: ShipmentReferenceSchema },
    response: QuoteResultSchema,
    retry: 'repeatable',
  });

  /**
   * Get Quote: quotes for a shipment that exists (201). Allocate with one with
   * {@link ShipmentAllocator.allocateWithQuote} before its `expires`. Sent as `POST`, as the
   * OpenAPI files write it. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown shipment.
   * @throws {@link InternalServerError} with `status` 531 (`no_quotes_available`) when nothing can carry it.
   *
   * @example
   * ```ts
   * const { quotes } = await shipments.quotes.getForShipment('sp_01hzy…');
   * const cheapest = cheapestShipmentQuote(quotes);
   * if (cheapest) await shipments.allocation.allocateWithQuote('sp_01hzy…', cheapest.reference);
   * ```
   */
  getForShipment(
    shipmentReference: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ShipmentQuoteResult> {
    return transportOf(this).send(ShipmentQuotes.getForShipment, { params: { shipmentReference } }, options);
  }

  /** @vendor Create Quote within a Service Group @internal */
  static readonly createForServiceGroup = defineOperation<ShipmentQuoteResult>({
    name: 'createQuoteForServiceGroup',
    method: 'POST',
    path: 'shipments/quote/service_group/{serviceGroup}',
    params: { serviceGroup: ServiceGroupReferenceSchema },
    body: CreateShipmentRequestSchema,
    response: QuoteResultSchema,
    retry: 'repeatable',
  });

  /**
   * Create Quote within a Service Group, **only in the vendor's older OpenAPI file**: as
   * {@link ShipmentQuotes.create}, among one carrier service group's services. Repeatable.
   *
   * @param serviceGroup - The carrier service group's reference (`valuableGoods`): not a shipment group.
   * @throws {@link InternalServerError} with `status` 531 (`no_quotes_available`) when nothing can carry it.
   */
  createForServiceGroup(
    serviceGroup: string,
    input: CreateShipmentRequest,
    options?: RequestOptions,
  ): Promise<ShipmentQuoteResult> {
    return transportOf(this).send(
      ShipmentQuotes.createForServiceGroup,
      { params: { serviceGroup }, body: input },
      options,
    );
  }
}
