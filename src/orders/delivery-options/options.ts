import * as z from 'zod/mini';
import { cheapestOf } from '../../core/cheapest.js';
import { lazySchema, once } from '../../core/lazy-schema.js';
import { answeredReference, type DeliveryOptionReference } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { type CustomsDocumentation, CustomsDocumentationSchema } from '../customs.js';
import { type RequestedDeliveryDate, RequiredDeliveryDateSchema } from '../orders.js';
import { type QuotePrice, QuotePriceSchema } from '../prices.js';
import {
  type Address,
  AddressSchema,
  amount,
  type Currency,
  DateValueSchema,
  type MetadataEntry,
  MetadataEntrySchema,
  type Package,
  PackageSchema,
  type PlacedAddress,
  PlacedAddressSchema,
  text,
} from '../wire-shapes.js';

// Delivery and pickup options: how a consignment not created yet could travel, and the order made from
// the option chosen. Answers are open (unknown fields kept, `null`s allowed); requests are exact.

/**
 * What Delivery Options and Pickup Options take: a consignment not created yet, as a Create Order body
 * holds it. Packages need no items here: weights and sizes are what options depend on.
 */
export interface DeliveryOptionsRequest {
  /** The parcels: weights, sizes and values decide which services fit. At least one. */
  Packages: Package[];
  /** At least an `Origin` and a `Destination`; one of them names a `ShippingLocationReference`. */
  Addresses: Address[];
  /** Your own reference, carried to the order an option becomes. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** Your own order reference, carried to the order an option becomes. */
  OrderReferenceProvidedByCustomer?: string | null | undefined;
  /** Where the order comes from (`Api`, `Web`…). */
  Source?: string | null | undefined;
  /** `Outbound` or `Inbound`. */
  Direction?: string | null | undefined;
  /**
   * The day it will ship: an ISO 8601 date, or an object no vendor page describes (a free-form map); the
   * service's today when left out.
   */
  ShippingDate?: string | { [key: string]: unknown } | null | undefined;
  /**
   * The day it must arrive by (the real service's {@link RequestedDeliveryDate} object, or an ISO 8601
   * date): only options that deliver by then are offered.
   */
  RequiredDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
  /** The day the customer wants it (pickup options). */
  DeliveryDate?: string | null | undefined;
  /** Only options whose delivery date is guaranteed. */
  GuaranteedOnly?: boolean | null | undefined;
  /** Customs details, for international options. */
  CustomsDocumentation?: CustomsDocumentation | null | undefined;
  /** Your own key-value data. */
  MetaData?: MetadataEntry[] | null | undefined;
  /** Allocation tags: only services that carry every one are offered. */
  Tags?: string[] | null | undefined;
}

const hasAddress = (addresses: readonly { AddressType?: unknown }[], type: string) =>
  addresses.some((address) => address?.AddressType === type);

const deliveryOptionsFields = once(() => ({
  Packages: z.array(PackageSchema).check(z.minLength(1, 'at least one package is needed')),
  Addresses: z.array(AddressSchema),
  ConsignmentReferenceProvidedByCustomer: text,
  OrderReferenceProvidedByCustomer: text,
  Source: text,
  Direction: text,
  ShippingDate: z.nullish(DateValueSchema),
  RequiredDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
  DeliveryDate: text,
  GuaranteedOnly: z.nullish(z.boolean()),
  CustomsDocumentation: z.nullish(CustomsDocumentationSchema),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
  Tags: z.nullish(z.array(z.string())),
}));

const addressesOf = (request: unknown) => (request as { Addresses: { AddressType?: unknown }[] }).Addresses;
const needsOriginAndDestination = once(
  () =>
    [
      z.refine((request) => hasAddress(addressesOf(request), 'Origin'), {
        error: 'Addresses must include an Origin address',
        path: ['Addresses'],
      }),
      z.refine((request) => hasAddress(addressesOf(request), 'Destination'), {
        error: 'Addresses must include a Destination address',
        path: ['Addresses'],
      }),
    ] as const,
);

export const DeliveryOptionsRequestSchema = lazySchema(
  () =>
    z.looseObject(deliveryOptionsFields()).check(...needsOriginAndDestination()) as unknown as z.ZodMiniType<
      DeliveryOptionsRequest,
      DeliveryOptionsRequest
    >,
);

/** How far from the destination to look for pickup shops. */
export interface PickupDistance {
  /** The distance. */
  Value: number;
  /** Its unit: `Km` (or `Miles`). */
  Unit: string;
}

/** What Pickup Options takes: the consignment, how far to look and how many shops at most. */
export interface PickupOptionsRequest extends DeliveryOptionsRequest {
  /** How far from the destination to look, as `{ Value, Unit }` (the vendor's example: `{ Value: 1, Unit: 'Km' }`). */
  Distance: PickupDistance;
  /** How many shops at most: 1 to 50. */
  MaxResults: number;
}

export const PickupOptionsRequestSchema = lazySchema(
  () =>
    z
      .looseObject({
        ...deliveryOptionsFields(),
        Distance: z.looseObject({
          Value: z.number().check(z.positive('Distance.Value must be positive')),
          Unit: z.string().check(z.minLength(1)),
        }),
        MaxResults: z
          .number()
          .check(z.int(), z.minimum(1, 'MaxResults is 1 to 50'), z.maximum(50, 'MaxResults is 1 to 50')),
      })
      .check(...needsOriginAndDestination()) as unknown as z.ZodMiniType<
      PickupOptionsRequest,
      PickupOptionsRequest
    >,
);

/** A time of day range: `Start` and `End` as `HH:mm:ss`, with the offset they are in. */
export interface TimeWindow {
  /** When it opens, `HH:mm:ss`. */
  Start?: string | null | undefined;
  /** When it closes, `HH:mm:ss`. */
  End?: string | null | undefined;
  /** The offset from UTC the times are in, `+00:00`. */
  UtcOffset?: string | null | undefined;
}
const TimeWindowSchema = schemaOf<TimeWindow>()(() =>
  z.looseObject({ Start: text, End: text, UtcOffset: text }),
);

/** The price of an option, with its tax: the {@link QuotePrice} of every area A answer (`TaxRate ?? VatRate`). */
export type OptionPrice = QuotePrice;

/** When an option will arrive. */
export interface EstimatedDeliveryDate {
  /** The day (ISO 8601, midnight with offset). */
  Date?: string | null | undefined;
  /** Whether the carrier guarantees the day. */
  Guaranteed?: boolean | null | undefined;
  /** The day's name, `Wednesday`. */
  DayOfWeek?: string | null | undefined;
}

/** A currency, as prices carry it: `{ Name, IsoCode }`. */
export type OptionCurrency = Currency;

/**
 * A way to deliver a consignment not created yet, with its `EDO-` reference: pass it (or the reference)
 * to {@link DeliveryOptions.selectAsOrder} to make an order that is allocated to this service.
 */
export interface DeliveryOption {
  /** The option's reference, `EDO-…`: pass it back to the methods as it is. */
  Reference: DeliveryOptionReference;
  /** When it will arrive. */
  EstimatedDeliveryDate?: EstimatedDeliveryDate | null | undefined;
  /** The window it arrives in. */
  DeliveryWindow?: TimeWindow | null | undefined;
  /** The carrier's name. */
  Carrier?: string | null | undefined;
  /** The carrier service's name. */
  CarrierService?: string | null | undefined;
  /** The carrier service's reference. */
  CarrierServiceReference?: string | null | undefined;
  /** The kinds of service (`Standard`, `Express`…). */
  CarrierServiceTypes?: string[] | null | undefined;
  /** What it costs. */
  Price?: OptionPrice | null | undefined;
  /** The last moment to allocate and still meet the date. */
  AllocationCutOff?: string | null | undefined;
  /** The last moment to hand it over and still meet the date. */
  OperationalCutOff?: string | null | undefined;
}
/**
 * The option with the lowest `Price.Gross` (tax included). The service lists options in no promised order,
 * so the first is not the cheapest: choose with this when the cheapest is what you offer.
 *
 * `undefined` when the list is empty or no option has a gross price (one without is never chosen). Of
 * options at the same price, the earliest in the list. Throws a {@link ConsignkitError} when the options
 * are priced in more than one currency.
 */
export function cheapestDeliveryOption<T extends DeliveryOption>(
  options: readonly T[] | null | undefined,
): T | undefined {
  return cheapestOf(
    options,
    (option) => ({ amount: option.Price?.Gross, currency: option.Price?.Currency?.IsoCode }),
    'cheapestDeliveryOption',
  );
}
export const DeliveryOptionSchema = schemaOf<DeliveryOption>()(() =>
  z.looseObject({
    Reference: answeredReference<DeliveryOptionReference>('EDO-', 'a delivery option reference'),
    EstimatedDeliveryDate: z.nullish(
      z.looseObject({ Date: text, Guaranteed: z.nullish(z.boolean()), DayOfWeek: text }),
    ),
    DeliveryWindow: z.nullish(TimeWindowSchema),
    Carrier: text,
    CarrierService: text,
    CarrierServiceReference: text,
    CarrierServiceTypes: z.nullish(z.array(z.string())),
    Price: z.nullish(QuotePriceSchema),
    AllocationCutOff: text,
    OperationalCutOff: text,
  }),
);

/** Delivery Options answers `{ DeliveryOptions: [...] }` (`null` when there is none); a bare list is read too. */
export const DeliveryOptionsResponseSchema = lazySchema(() =>
  z.union([
    z.looseObject({ DeliveryOptions: z.nullish(z.array(DeliveryOptionSchema)) }),
    z.array(DeliveryOptionSchema),
  ]),
);

/** A pickup shop's opening hours by day: each day's windows (empty on a day it is closed). */
export interface OpeningTimes {
  /** Monday's windows. */
  Monday?: TimeWindow[] | null | undefined;
  /** Tuesday's windows. */
  Tuesday?: TimeWindow[] | null | undefined;
  /** Wednesday's windows. */
  Wednesday?: TimeWindow[] | null | undefined;
  /** Thursday's windows. */
  Thursday?: TimeWindow[] | null | undefined;
  /** Friday's windows. */
  Friday?: TimeWindow[] | null | undefined;
  /** Saturday's windows. */
  Saturday?: TimeWindow[] | null | undefined;
  /** Sunday's windows. */
  Sunday?: TimeWindow[] | null | undefined;
}
const OpeningTimesSchema = schemaOf<OpeningTimes>()(() => {
  const day = z.nullish(z.array(TimeWindowSchema));
  return z.looseObject({
    Monday: day,
    Tuesday: day,
    Wednesday: day,
    Thursday: day,
    Friday: day,
    Saturday: day,
    Sunday: day,
  });
});

/** A shop where the customer collects the parcel, with the options that deliver there. */
export interface PickupLocation {
  /** The shop's name. */
  Name?: string | null | undefined;
  /** The shop's reference with its provider. */
  ShopReference?: string | null | undefined;
  /** Where it is: an address without `AddressType` (lines, town, postcode, country). */
  Address?: PlacedAddress | null | undefined;
  /** How far it is from the destination, in the request's unit. */
  Distance?: number | null | undefined;
  /** When it is open, by day: `{ Monday: [{ Start, End, UtcOffset }], …, Sunday: [] }`. */
  OpeningTimes?: OpeningTimes | null | undefined;
  /** The options that deliver there: select one with {@link DeliveryOptions.selectAsOrder}. */
  DeliveryOptions?: DeliveryOption[] | null | undefined;
}
export const PickupLocationSchema = schemaOf<PickupLocation>()(() =>
  z.looseObject({
    Name: text,
    ShopReference: text,
    Address: z.nullish(PlacedAddressSchema),
    Distance: amount,
    OpeningTimes: z.nullish(OpeningTimesSchema),
    DeliveryOptions: z.nullish(z.array(DeliveryOptionSchema)),
  }),
);

/**
 * Pickup Options answers `{ Locations: [...] }` (with the request's `Distance` and `MaxResults`);
 * `null` when no shop is near.
 */
export const PickupOptionsResponseSchema = lazySchema(() =>
  z.looseObject({ Locations: z.nullish(z.array(PickupLocationSchema)) }),
);
