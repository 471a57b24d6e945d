import * as z from 'zod/mini';
import { openEnum } from '../core/open-enum.js';
import type { ConsignmentReference } from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import {
  type Address,
  AddressSchema,
  type ApiLink,
  ApiLinkSchema,
  type ConsignmentLeg,
  ConsignmentLegSchema,
  type ConsignmentState,
  type CustomsDocumentation,
  CustomsDocumentationSchema,
  type Direction,
  type MetadataEntry,
  MetadataEntrySchema,
  type Money,
  MoneySchema,
  type OrderSource,
  type Package,
  PackageSchema,
  type Weight,
  WeightSchema,
} from './schemas.js';

// Schemas and types of a consignment's life after packing: reading it, searching, deallocating and
// cancelling. Answers are open (unknown fields kept, `null`s allowed); the search filter is exact.

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());
const count = z.nullish(z.number());
const state = z.nullish(openEnum<ConsignmentState>());

/** The carrier service a consignment is allocated to, as Get Consignment shows it. */
export interface ConsignmentAllocation {
  /** The carrier service's reference, `RM-TRACKED48`. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** The carrier service's display name. */
  MpdCarrierServiceName?: string | null | undefined;
  /** The carrier service group's reference, when the service belongs to one. */
  CarrierServiceGroupReference?: string | null | undefined;
  /** The carrier service group's name. */
  MpdCarrierServiceGroupName?: string | null | undefined;
  /** When it was allocated (ISO 8601). */
  AllocationDate?: string | null | undefined;
  /** The quote it was allocated at (`Net`, `Gross`, `TaxRate`, `Currency`…). */
  Price?: Record<string, unknown> | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentAllocationSchema = schemaOf<ConsignmentAllocation>()(
  z.looseObject({
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
    CarrierServiceGroupReference: text,
    MpdCarrierServiceGroupName: text,
    AllocationDate: text,
    Price: z.nullish(z.record(z.string(), z.unknown())),
  }),
);

/** Why the last allocation of a consignment failed, as Get Consignment shows it. */
export interface FailedAllocation {
  /** The service's reason, in words: `Could not be booked with courier.` */
  Message?: string | null | undefined;
  /** When the allocation was tried (ISO 8601). */
  AttemptedAllocationDate?: string | null | undefined;
  /** The carrier service tried, when one was. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** Its display name. */
  MpdCarrierServiceName?: string | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const FailedAllocationSchema = schemaOf<FailedAllocation>()(
  z.looseObject({
    Message: text,
    AttemptedAllocationDate: text,
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
  }),
);

/**
 * A consignment as Get Consignment returns it: its state, its allocation, its labels and everything packed
 * into it. Every field the vendor's contracts list is named; fields the SDK does not name are kept.
 */
export interface Consignment {
  /** `EC-…`. */
  Reference: ConsignmentReference;
  /** Where it is in its life: `Unallocated`, `Allocated`, `Manifested`, `Cancelled`… */
  ConsignmentState?: ConsignmentState | null | undefined;
  /** Your own reference for it. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** A reference of the customer's account. */
  CustomerReference?: string | null | undefined;
  /** `Api` or `Web`. */
  Source?: OrderSource | null | undefined;
  /** `Outbound`, or `Inbound` for a return. */
  Direction?: Direction | null | undefined;
  /** When it was created (ISO 8601). */
  DateCreated?: string | null | undefined;
  /** The day it ships. */
  ShippingDate?: string | null | undefined;
  /** The delivery day asked for. */
  RequestedDeliveryDate?: string | null | undefined;
  /** The start of the delivery window. */
  EarliestDeliveryDate?: string | null | undefined;
  /** The end of the delivery window. */
  LatestDeliveryDate?: string | null | undefined;
  /** The day the carrier collects it. */
  CollectionDate?: string | null | undefined;
  /** When the carrier collected it. */
  DateCollected?: string | null | undefined;
  /** When it was shipped. */
  DateShipped?: string | null | undefined;
  /** When it was delivered. */
  DateDelivered?: string | null | undefined;
  /** When a delivery was first attempted. */
  FirstAttemptedDeliveryDate?: string | null | undefined;
  /** When a delivery was last attempted. */
  AttemptedDeliveryDate?: string | null | undefined;
  /** When it was returned. */
  DateReturned?: string | null | undefined;
  /** Whether it will miss its delivery promise. */
  IsLate?: boolean | null | undefined;
  /** Whether it is late by the customer's own promise. */
  LateForCustomer?: boolean | null | undefined;
  /** How many labels it has. */
  LabelCount?: number | null | undefined;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | null | undefined;
  /** When its labels were first printed. */
  DateLabelsWereFirstPrinted?: string | null | undefined;
  /** Its total weight. */
  Weight?: Weight | null | undefined;
  /** Its total declared value. */
  Value?: Money | null | undefined;
  /** The carrier service it is allocated to; `null` while it is not allocated. */
  Allocation?: ConsignmentAllocation | null | undefined;
  /** Why its last allocation failed; `null` otherwise. */
  FailedAllocation?: FailedAllocation | null | undefined;
  /** The legs of its journey, each with its carrier and tracking references. */
  ConsignmentLegs?: ConsignmentLeg[] | null | undefined;
  /** Its addresses: the origin filled in from its shipping location, the destination… */
  Addresses?: Address[] | null | undefined;
  /** Its packages, each with its `EP-` reference. */
  Packages?: Package[] | null | undefined;
  /** Your own key/value data. */
  MetaData?: MetadataEntry[] | null | undefined;
  /** Allocation tags. */
  Tags?: string[] | null | undefined;
  /** Customs data of an international consignment. */
  CustomsDocumentation?: CustomsDocumentation | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentSchema = schemaOf<Consignment>()(
  z.looseObject({
    Reference: z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>,
    ConsignmentState: state,
    ConsignmentReferenceProvidedByCustomer: text,
    CustomerReference: text,
    Source: z.nullish(openEnum<OrderSource>()),
    Direction: z.nullish(openEnum<Direction>()),
    DateCreated: text,
    ShippingDate: text,
    RequestedDeliveryDate: text,
    EarliestDeliveryDate: text,
    LatestDeliveryDate: text,
    CollectionDate: text,
    DateCollected: text,
    DateShipped: text,
    DateDelivered: text,
    FirstAttemptedDeliveryDate: text,
    AttemptedDeliveryDate: text,
    DateReturned: text,
    IsLate: flag,
    LateForCustomer: flag,
    LabelCount: count,
    LabelsPrinted: flag,
    DateLabelsWereFirstPrinted: text,
    Weight: z.nullish(WeightSchema),
    Value: z.nullish(MoneySchema),
    Allocation: z.nullish(ConsignmentAllocationSchema),
    FailedAllocation: z.nullish(FailedAllocationSchema),
    ConsignmentLegs: z.nullish(z.array(ConsignmentLegSchema)),
    Addresses: z.nullish(z.array(AddressSchema)),
    Packages: z.nullish(z.array(PackageSchema)),
    MetaData: z.nullish(z.array(MetadataEntrySchema)),
    Tags: z.nullish(z.array(z.string())),
    CustomsDocumentation: z.nullish(CustomsDocumentationSchema),
  }),
);

/**
 * One consignment as Search Consignments lists it: flat, with the destination's lines, the carrier
 * service and the label status. The vendor's example names the state `State`; `ConsignmentState` is read
 * too.
 */
export interface ConsignmentSummary {
  /** `EC-…`. */
  Reference?: ConsignmentReference | null | undefined;
  /** Its state. */
  State?: ConsignmentState | null | undefined;
  /** Its state, under the name Get Consignment uses. */
  ConsignmentState?: ConsignmentState | null | undefined;
  /** Your own reference for it. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** `Api` or `Web`. */
  Source?: OrderSource | null | undefined;
  /** The carrier service it is allocated to. */
  MpdCarrierServiceReference?: string | null | undefined;
  /** That service's display name. */
  MpdCarrierServiceName?: string | null | undefined;
  /** First line of the destination. */
  DestinationAddressLine1?: string | null | undefined;
  /** The destination's town. */
  DestinationAddressTown?: string | null | undefined;
  /** The destination's postcode. */
  DestinationAddressPostcode?: string | null | undefined;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationAddressCountry?: string | null | undefined;
  /** When it was created (ISO 8601). */
  DateCreated?: string | null | undefined;
  /** The day it ships. */
  ShippingDate?: string | null | undefined;
  /** The delivery day asked for. */
  RequestedDeliveryDate?: string | null | undefined;
  /** The delivery day the carrier estimates. */
  EstimatedDeliveryDate?: string | null | undefined;
  /** When it was allocated. */
  AllocationDate?: string | null | undefined;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | null | undefined;
  /** Whether it will miss its delivery promise. */
  IsLate?: boolean | null | undefined;
  /** Why its last allocation failed. */
  FailedAllocationMessage?: string | null | undefined;
  /** Why its last manifest failed. */
  FailedManifestMessage?: string | null | undefined;
  /** Its total declared value. */
  Value?: Money | null | undefined;
  /** Its total weight. */
  Weight?: Weight | null | undefined;
  /** A link to the full consignment. */
  ApiLink?: ApiLink | null | undefined;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentSummarySchema = schemaOf<ConsignmentSummary>()(
  z.looseObject({
    Reference: z.nullish(z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>),
    State: state,
    ConsignmentState: state,
    ConsignmentReferenceProvidedByCustomer: text,
    Source: z.nullish(openEnum<OrderSource>()),
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
    DestinationAddressLine1: text,
    DestinationAddressTown: text,
    DestinationAddressPostcode: text,
    DestinationAddressCountry: text,
    DateCreated: text,
    ShippingDate: text,
    RequestedDeliveryDate: text,
    EstimatedDeliveryDate: text,
    AllocationDate: text,
    LabelsPrinted: flag,
    IsLate: flag,
    FailedAllocationMessage: text,
    FailedManifestMessage: text,
    Value: z.nullish(MoneySchema),
    Weight: z.nullish(WeightSchema),
    ApiLink: z.nullish(ApiLinkSchema),
  }),
);

/** One page of Search Consignments: `Count` is how many match in all, not how many this page holds. */
export interface ConsignmentSearchPage {
  /** How many consignments match the filter, over every page. */
  Count: number;
  /** This page's consignments. */
  ConsignmentSummaries: ConsignmentSummary[];
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
export const ConsignmentSearchPageSchema = schemaOf<ConsignmentSearchPage>()(
  z.looseObject({ Count: z.number(), ConsignmentSummaries: z.array(ConsignmentSummarySchema) }),
);

/** A date, or a day, for a {@link ConsignmentFilter}: sent as ISO 8601. */
export type FilterDate = string | Date;

/**
 * What Search Consignments and Get Consignment References filter by: every property the vendor's contracts
 * list, each matched by the service, all of them together. A key the SDK does not know is refused before
 * sending, because the service ignores a filter it does not know and would answer with more consignments
 * than were asked for. Keys are written as the vendor's guide writes them (`State`); they are sent as its
 * data contracts name them (`state`).
 */
export interface ConsignmentFilter {
  /** Only consignments in this state. */
  State?: ConsignmentState | undefined;
  /** `Outbound` or `Inbound`. */
  Direction?: Direction | undefined;
  /** Only those shipping from this location. */
  ShippingLocationReference?: string | undefined;
  /** The consignment's `EC-` reference. */
  Reference?: string | undefined;
  /** Your own reference for it. */
  ReferenceProvidedByCustomer?: string | undefined;
  /** A carrier's tracking reference of one of its packages. */
  TrackingReference?: string | undefined;
  /** The carrier service it is allocated to. */
  CarrierService?: string | undefined;
  /** `Api` or `Web`. */
  Source?: OrderSource | undefined;
  /** The destination's postcode. */
  PostCode?: string | undefined;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationCountryCode?: string | undefined;
  /** The destination's region. */
  DestinationRegion?: string | undefined;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | undefined;
  /** Free text matched against its references and addresses. */
  SearchTerm?: string | undefined;
  /** Created on or after. */
  CreatedDateFrom?: FilterDate | undefined;
  /** Created on or before. */
  CreatedDateTo?: FilterDate | undefined;
  /** Shipping on or after. */
  ShippingDateFrom?: FilterDate | undefined;
  /** Shipping on or before. */
  ShippingDateTo?: FilterDate | undefined;
  /** Delivery asked for on or after. */
  RequestedDeliveryDateFrom?: FilterDate | undefined;
  /** Delivery asked for on or before. */
  RequestedDeliveryDateTo?: FilterDate | undefined;
  /** Shipped on or after. */
  ShippedDateFrom?: FilterDate | undefined;
  /** Shipped on or before. */
  ShippedDateTo?: FilterDate | undefined;
  /** Delivery scheduled on or after. */
  ScheduledDeliveryDateFrom?: FilterDate | undefined;
  /** Delivery scheduled on or before. */
  ScheduledDeliveryDateTo?: FilterDate | undefined;
  /** At least this heavy, in grams. */
  WeightInGramsFrom?: number | undefined;
  /** At most this heavy, in grams. */
  WeightInGramsTo?: number | undefined;
  /** Worth at least this much. */
  ValueFrom?: number | undefined;
  /** Worth at most this much. */
  ValueTo?: number | undefined;
}

const filterText = z.optional(z.string().check(z.minLength(1, 'must not be empty')));
const filterDate = z.optional(
  z.union([
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO 8601 date')),
    z.date().check(z.refine((date) => !Number.isNaN(date.getTime()), 'must be a valid date')),
  ]),
);
const filterNumber = z.optional(z.number().check(z.refine(Number.isFinite, 'must be a finite number')));

export const ConsignmentFilterSchema = schemaOf<ConsignmentFilter>()(
  z.strictObject({
    State: z.optional(openEnum<ConsignmentState>()),
    Direction: z.optional(openEnum<Direction>()),
    ShippingLocationReference: filterText,
    Reference: filterText,
    ReferenceProvidedByCustomer: filterText,
    TrackingReference: filterText,
    CarrierService: filterText,
    Source: z.optional(openEnum<OrderSource>()),
    PostCode: filterText,
    DestinationCountryCode: filterText,
    DestinationRegion: filterText,
    LabelsPrinted: z.optional(z.boolean()),
    SearchTerm: filterText,
    CreatedDateFrom: filterDate,
    CreatedDateTo: filterDate,
    ShippingDateFrom: filterDate,
    ShippingDateTo: filterDate,
    RequestedDeliveryDateFrom: filterDate,
    RequestedDeliveryDateTo: filterDate,
    ShippedDateFrom: filterDate,
    ShippedDateTo: filterDate,
    ScheduledDeliveryDateFrom: filterDate,
    ScheduledDeliveryDateTo: filterDate,
    WeightInGramsFrom: filterNumber,
    WeightInGramsTo: filterNumber,
    ValueFrom: filterNumber,
    ValueTo: filterNumber,
  }),
);

/** The filter as the query string's properties, named as the data contracts name them (`state=…`). */
export function filterQuery(filter: ConsignmentFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [
        key[0]!.toLowerCase() + key.slice(1),
        value instanceof Date ? value.toISOString() : String(value),
      ]),
  );
}

/**
 * What {@link OrdersClient.reconcile} found for one consignment: its state now, and whether the change the
 * failed call asked for is in place.
 */
export interface Reconciliation {
  /** The consignment. */
  reference: ConsignmentReference;
  /** Its state as Get Consignment reads it now. */
  state: ConsignmentState;
  /**
   * `true`: it is in the state the operation leads to (or on its way there: `Allocating`, `Manifesting`,
   * `Cancelling`), so the operation happened; do not send it again. `false`: it is still in a state the
   * operation starts from, so it did not happen; sending it again is safe. `undefined`: it is in neither
   * (moved on by something else, or failed at the carrier): nothing is concluded.
   */
  done: boolean | undefined;
}
