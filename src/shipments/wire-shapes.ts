/**
 * What several area B resources share: the resource result every shipment group and shipment operation
 * answers, its links, the shipment states, the error body, and the value objects (price, carrier,
 * dates, tracking numbers).
 */
import * as z from 'zod/mini';
import { exactLength } from '../core/exact-length.js';
import { lazySchema, once } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { answeredReference } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';

/**
 * A link of a {@link ResourceResult}, to the shipment group it is about. Its fields are kept as sent,
 * `null` or missing included: a membership change has been made by the time the link is read, and an
 * incomplete link must not turn that into an error.
 */
export interface ResourceLink {
  /** The group's URL. */
  href?: string | null | undefined;
  /** `self`. */
  rel?: OpenEnum<'self'> | null | undefined;
  /** The group's `sg_` reference. */
  reference?: string | null | undefined;
  /** `shipment_group`. */
  type?: OpenEnum<'shipment_group'> | null | undefined;
}
export const ResourceLinkSchema = schemaOf<ResourceLink>()(() =>
  z.looseObject({
    href: z.nullish(z.string()),
    rel: z.nullish(openEnum<'self'>()),
    reference: z.nullish(z.string()),
    type: z.nullish(openEnum<'shipment_group'>()),
  }),
);

/**
 * What every shipment group operation answers: the group's reference, a confirmation and links. Only
 * `reference` is required: the vendor's contracts let every other field be missing or `null`, and the
 * change has been made by the time this is read.
 */
export interface ResourceResult<Reference extends string = string> {
  /**
   * The resource's reference, typed as the methods take it back: a group's `sg_`
   * (`ResourceResult<ShipmentGroupReference>`), a shipment's `sp_`, a paperless document's `pd_`. A
   * membership change's result is a plain `string`: addressed by custom reference and answered 304
   * (already as asked), it names the custom reference.
   */
  reference: Reference;
  /** A confirmation naming the group and saying it was updated, locked or unlocked; may be missing or `null`. */
  message?: string | null | undefined;
  /** Links to the group. Kept as the service sent them: `null` or missing in some answers (a 207). */
  _links?: ResourceLink[] | null | undefined;
  /** The group's custom reference, when the service sends it. */
  custom_reference?: string | null | undefined;
  /** The group's version after the change, when the service sends it. */
  version?: number | null | undefined;
  /** The references the service could not process (it may answer 207 for a partial success). */
  errors?: unknown[] | null | undefined;
}
export const ResourceResultSchema = schemaOf<ResourceResult>()(() =>
  z.looseObject({
    reference: z.string(),
    message: z.nullish(z.string()),
    // A membership change has been made by the time this is read: a missing list must not hide that.
    _links: z.nullish(z.array(ResourceLinkSchema)),
    custom_reference: z.nullish(z.string()),
    version: z.nullish(z.number()),
    errors: z.nullish(z.array(z.unknown())),
  }),
);

/**
 * Every state the vendor's files give a shipment (43), in their order: the lifecycle (`unallocated` …
 * `cancelled`), the carrier's progress (`dispatched` … `returned_to_sender`) and the exceptions.
 */
export const SHIPMENT_STATES = [
  'unallocated',
  'allocating',
  'allocation_failed',
  'allocated',
  'manifesting',
  'manifest_failed',
  'manifested',
  'booking',
  'booking_failed',
  'booked',
  'dispatched',
  'at_drop_off_point',
  'in_transit',
  'delayed',
  'out_for_delivery',
  'delivery_failed',
  'delivery_failed_card_left',
  'delivered',
  'partially_delivered',
  'at_collection_point',
  'returned_to_sender',
  'action_required',
  'missing',
  'lost',
  'damaged',
  'cancelling',
  'cancelled',
  'in_transit_waiting',
  'held_by_carrier',
  'exchange_failed',
  'at_customs',
  'delivered_damaged',
  'carrier_collected',
  'customer_collected',
  'carrier_collection_failed',
  'customer_collection_failed',
  'at_customer_collection_point',
  'ready_to_ship',
  'exchange_succeeded',
  'awaiting_drop_off',
  'carrier_changed',
  'cleared_customs',
  'destroyed',
] as const;
/** A state the files name; {@link ShipmentState} also takes any other, as the service adds states. */
export type KnownShipmentState = (typeof SHIPMENT_STATES)[number];
/**
 * A shipment's state: one of {@link SHIPMENT_STATES}, or a state the service added since (an open enum).
 * Guides also print `collection_booking_pending`, `collection_booked` and `collection_booking_failed`.
 */
export type ShipmentState = OpenEnum<KnownShipmentState>;
/** Checks a {@link ShipmentState}: any string, as the states are an open set. */
export const ShipmentStateSchema = lazySchema(() => openEnum<KnownShipmentState>(SHIPMENT_STATES));

/** The states from which the carrier has the shipment: what follows a manifest or a collection. */
export const CARRIER_STATES: readonly KnownShipmentState[] = SHIPMENT_STATES.slice(
  SHIPMENT_STATES.indexOf('dispatched'),
).filter((state) => state !== 'cancelling' && state !== 'cancelled' && state !== 'ready_to_ship');

/**
 * The on-demand collection booking states as the guides and data contracts name them, for the files'
 * `booking`, `booked` and `booking_failed`: read as the same steps wherever states are compared.
 */
export const COLLECTION_BOOKING_STATES = [
  'collection_booking_pending',
  'collection_booked',
  'collection_booking_failed',
] as const;

/**
 * A reference the service issues in an answer (`sp_…`, `qu_…`, `ma_…`): 35 characters in the OpenAPI
 * files, but only its type is checked, as for every reference read (`answeredReference`): a vendor
 * guide answers a 34-character `sp_`, and an answer is refused only after the service has acted.
 */
export const IssuedReferenceSchema = lazySchema(() => z.string().check(z.minLength(1)));

/** A link in an answer, to the resource it names. Keep links as data: never build calls from them. */
export interface Link {
  /** The URL. */
  href: string;
  /** How it relates: `self`, `shipment`, `label`, `version`, `documentation`… */
  rel: string;
  /** The reference of the resource linked, when it has one. */
  reference?: string | null | undefined;
  /** What it links to: `shipment`, `label`, `shipment_group`, `tracking`, `manifest`, `quote`… */
  type: string;
}
export const LinkSchema = schemaOf<Link>()(() =>
  z.looseObject({ href: z.string(), rel: z.string(), reference: z.nullish(z.string()), type: z.string() }),
);
export const LinksSchema = lazySchema(() => z.nullish(z.array(LinkSchema)));

/**
 * A date range, both ends inclusive. Only the start, or only the end, is an open range. The service
 * answers an empty one as `{ has_value: false }`; `has_value` is never sent.
 */
export interface DateRange {
  /** The first moment (ISO 8601 with offset). */
  start?: string | null | undefined;
  /** The last moment (ISO 8601 with offset). */
  end?: string | null | undefined;
  /** Read only: whether the range holds a value. */
  has_value?: boolean | undefined;
}
const dateRangeShape = once(() => ({
  start: z.nullish(z.string()),
  end: z.nullish(z.string()),
  has_value: z.optional(z.boolean()),
}));
export const DateRangeSchema = schemaOf<DateRange>()(() => z.looseObject(dateRangeShape()));
/**
 * A date and time as sent: the files' `format: date-time` (RFC 3339), so a date alone, a time without an
 * offset, or any other text is refused before sending.
 */
export const DateTimeInputSchema = lazySchema(() =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/, {
      error: 'expected a date and time with an offset, such as 2026-11-25T09:00:00+00:00',
    }),
    z.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'expected a real date and time' }),
  ),
);
/** A date range as sent: `has_value` is the service's to say. */
export const DateRangeInputSchema = lazySchema(
  () =>
    z.strictObject({
      start: z.nullish(DateTimeInputSchema),
      end: z.nullish(DateTimeInputSchema),
    }) as z.ZodMiniType<Omit<DateRange, 'has_value'>, Omit<DateRange, 'has_value'>>,
);

/** A tax rate: `value` is a fraction (`0.2` is 20 %). */
export interface TaxRate {
  /** The rate's reference, for example `gb_standard`. */
  reference: string;
  /** ISO 3166 alpha-2. */
  country_iso_code: string;
  /** `standard`, `reduced`, `zero`… */
  type: string;
  /** The rate as a fraction. */
  value: number;
}
/** One tax of a {@link Price}. */
export interface Tax {
  /** The rate applied. */
  rate: TaxRate;
  /** The tax's amount, in the price's currency. */
  amount: number;
}
/** A price, net and gross, in one currency. */
export interface Price {
  /** Before tax. */
  net: number;
  /** With tax. */
  gross: number;
  /** ISO 4217, three letters. */
  currency: string;
  /** The taxes, when the service itemises them. */
  taxes?: Tax[] | null | undefined;
}
const TaxRateSchema = schemaOf<TaxRate>()(() =>
  z.looseObject({
    reference: z.string(),
    country_iso_code: z.string().check(...exactLength(2)),
    type: z.string(),
    value: z.number(),
  }),
);
export const PriceSchema = schemaOf<Price>()(() =>
  z.looseObject({
    net: z.number(),
    gross: z.number(),
    currency: z.string().check(...exactLength(3)),
    taxes: z.nullish(z.array(z.looseObject({ rate: TaxRateSchema, amount: z.number() }))),
  }),
);

/** The carrier and carrier service of an allocation, a quote or a manifest. */
export interface CarrierDetails {
  /** The carrier's reference (at most 50 characters). */
  reference?: string | null | undefined;
  /** The carrier's name. */
  name?: string | null | undefined;
  /** The carrier service's reference, unique in your account (at most 50 characters). */
  service_reference?: string | null | undefined;
  /** The carrier service's name. */
  service_name?: string | null | undefined;
}
/** Checks {@link CarrierDetails}. */
export const CarrierDetailsSchema = schemaOf<CarrierDetails>()(() =>
  z.looseObject({
    reference: z.nullish(z.string().check(z.maxLength(50))),
    name: z.nullish(z.string()),
    service_reference: z.nullish(z.string().check(z.maxLength(50))),
    service_name: z.nullish(z.string()),
  }),
);

/** The carrier's tracking numbers of a shipment (`sp_`) or of one of its contents items (`sc_`). */
export interface TrackingReference {
  /** The `sp_` or `sc_` reference. */
  reference: string;
  /** The carrier's tracking numbers. */
  tracking_references?: string[] | null | undefined;
  /** Tracking URLs. */
  _links?: Link[] | null | undefined;
}
/** The tracking numbers issued at allocation: the shipment's, and each contents item's. */
export interface TrackingDetails {
  /** The shipment's. */
  shipment: TrackingReference;
  /** Each contents item's. */
  contents?: TrackingReference[] | null | undefined;
}
const TrackingReferenceSchema = schemaOf<TrackingReference>()(() =>
  z.looseObject({
    reference: z.string(),
    tracking_references: z.nullish(z.array(z.string())),
    _links: LinksSchema,
  }),
);
/** Checks {@link TrackingDetails}. */
export const TrackingDetailsSchema = schemaOf<TrackingDetails>()(() =>
  z.looseObject({ shipment: TrackingReferenceSchema, contents: z.nullish(z.array(TrackingReferenceSchema)) }),
);

/** One problem of an area B error, or of a partly refused group change. */
export interface ApiErrorMessage {
  /** Where: a JSON path such as `$.addresses[0].address_type`, when it is about a field. */
  property?: string | null | undefined;
  /** The problem's code, for example `required_property_missing`. */
  code: string;
  /** Its description; branch on `code`, not on this. */
  message: string;
}
export const ApiErrorMessageSchema = schemaOf<ApiErrorMessage>()(() =>
  z.looseObject({ property: z.nullish(z.string()), code: z.string(), message: z.string() }),
);

/**
 * An area B error body, as the shipments, labels and tracking files write it (`reference`, an `er_`
 * reference of 35 characters, for the service's support). The collection notes, paperless documents and
 * customs documents files leave `reference` out, and tracking's has no `_links`. Every {@link ApiError}
 * holds it as `body`, with `code`, `message`, `details` and `correlationId` read from it.
 */
export interface ShipmentsApiErrorBody {
  /** The error's `er_` reference, in the files that define it. */
  reference?: string | undefined;
  /** Quote it to the service's support. */
  correlation_id: string;
  /** The error's code, for example `validation_error`, `allocation_failed`, `no_quotes_available`. */
  code: string;
  /** Its description. */
  message: string;
  /** The problems behind it. */
  details?: ApiErrorMessage[] | null | undefined;
  /** Links to the documentation of the error. */
  _links?: Link[] | null | undefined;
}
/** Checks a {@link ShipmentsApiErrorBody}: the error body of area B. */
export const ShipmentsApiErrorBodySchema = schemaOf<ShipmentsApiErrorBody>()(() =>
  z.looseObject({
    reference: z.optional(z.string()),
    correlation_id: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.nullish(z.array(ApiErrorMessageSchema)),
    _links: LinksSchema,
  }),
);

/** Why a service did not quote or could not be used, in {@link ExcludedService}. */
export type ExclusionCode = OpenEnum<
  | 'ex_other'
  | 'ex_availability'
  | 'ex_rates'
  | 'ex_contents'
  | 'ex_weight'
  | 'ex_dims'
  | 'ex_rules'
  | 'ex_timeout'
  | 'ex_circuit_open'
  | 'ex_error'
  | 'ex_sys_disabled'
>;
/** A carrier service left out of a quote or an allocation, and why. */
export interface ExcludedService {
  /** The service. */
  carrier: CarrierDetails;
  /** Why it was left out. */
  exclusion: {
    /** In words. */
    reason: string;
    /** As a code. */
    code: ExclusionCode;
  };
}
export const ExcludedServiceSchema = schemaOf<ExcludedService>()(() =>
  z.looseObject({
    carrier: CarrierDetailsSchema,
    exclusion: z.looseObject({ reason: z.string(), code: openEnum<ExclusionCode>() }),
  }),
);

/**
 * The {@link ResourceResult} of the shipment operations (a created, cancelled or deleted shipment, a
 * paperless document), read as their files write it: `reference` is the 35 characters of an issued
 * reference, and each link has its `href`, `rel` and `type`. The type is the groups' one: the same object.
 */
// Its links are `Link`s, whose required fields make each one a `ResourceLink`: typed as the wider one.
export const IssuedResourceResultSchema = lazySchema(
  () =>
    z.looseObject({
      reference: IssuedReferenceSchema,
      message: z.nullish(z.string()),
      _links: LinksSchema,
      custom_reference: z.nullish(z.string()),
      version: z.nullish(z.int()),
      errors: z.nullish(z.array(z.unknown())),
    }) as unknown as z.ZodMiniType<ResourceResult, ResourceResult>,
);

/**
 * The {@link ResourceResult} schema whose `reference` starts with `prefix`, typed as `Reference`: from
 * `base` (the groups' `ResourceResultSchema`, or the shipment operations' `IssuedResourceResultSchema`).
 */
export function resourceResultOf<Reference extends string>(
  base: z.ZodMiniType<ResourceResult>,
  prefix: string,
  kind: string,
) {
  return lazySchema(
    () =>
      z.extend(base as unknown as z.ZodMiniObject, {
        reference: answeredReference<Reference>(prefix, kind),
      }) as unknown as z.ZodMiniType<ResourceResult<Reference>, ResourceResult<Reference>>,
  );
}
