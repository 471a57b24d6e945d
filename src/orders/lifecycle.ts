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
  MpdCarrierServiceReference?: string | null;
  /** The carrier service's display name. */
  MpdCarrierServiceName?: string | null;
  /** The carrier service group's reference, when the service belongs to one. */
  CarrierServiceGroupReference?: string | null;
  /** The carrier service group's name. */
  MpdCarrierServiceGroupName?: string | null;
  /** When it was allocated (ISO 8601). */
  AllocationDate?: string | null;
  /** The quote it was allocated at (`Net`, `Gross`, `TaxRate`, `Currency`…). */
  Price?: Record<string, unknown> | null;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
/** Checks a {@link ConsignmentAllocation}. */
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
  Message?: string | null;
  /** When the allocation was tried (ISO 8601). */
  AttemptedAllocationDate?: string | null;
  /** The carrier service tried, when one was. */
  MpdCarrierServiceReference?: string | null;
  /** Its display name. */
  MpdCarrierServiceName?: string | null;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
/** Checks a {@link FailedAllocation}. */
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
  ConsignmentState?: ConsignmentState | null;
  /** Your own reference for it. */
  ConsignmentReferenceProvidedByCustomer?: string | null;
  /** A reference of the customer's account. */
  CustomerReference?: string | null;
  /** `Api` or `Web`. */
  Source?: OrderSource | null;
  /** `Outbound`, or `Inbound` for a return. */
  Direction?: Direction | null;
  /** When it was created (ISO 8601). */
  DateCreated?: string | null;
  /** The day it ships. */
  ShippingDate?: string | null;
  /** The delivery day asked for. */
  RequestedDeliveryDate?: string | null;
  /** The start of the delivery window. */
  EarliestDeliveryDate?: string | null;
  /** The end of the delivery window. */
  LatestDeliveryDate?: string | null;
  /** The day the carrier collects it. */
  CollectionDate?: string | null;
  /** When the carrier collected it. */
  DateCollected?: string | null;
  /** When it was shipped. */
  DateShipped?: string | null;
  /** When it was delivered. */
  DateDelivered?: string | null;
  /** When a delivery was first attempted. */
  FirstAttemptedDeliveryDate?: string | null;
  /** When a delivery was last attempted. */
  AttemptedDeliveryDate?: string | null;
  /** When it was returned. */
  DateReturned?: string | null;
  /** Whether it will miss its delivery promise. */
  IsLate?: boolean | null;
  /** Whether it is late by the customer's own promise. */
  LateForCustomer?: boolean | null;
  /** How many labels it has. */
  LabelCount?: number | null;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | null;
  /** When its labels were first printed. */
  DateLabelsWereFirstPrinted?: string | null;
  /** Its total weight. */
  Weight?: Weight | null;
  /** Its total declared value. */
  Value?: Money | null;
  /** The carrier service it is allocated to; `null` while it is not allocated. */
  Allocation?: ConsignmentAllocation | null;
  /** Why its last allocation failed; `null` otherwise. */
  FailedAllocation?: FailedAllocation | null;
  /** The legs of its journey, each with its carrier and tracking references. */
  ConsignmentLegs?: ConsignmentLeg[] | null;
  /** Its addresses: the origin filled in from its shipping location, the destination… */
  Addresses?: Address[] | null;
  /** Its packages, each with its `EP-` reference. */
  Packages?: Package[] | null;
  /** Your own key/value data. */
  MetaData?: MetadataEntry[] | null;
  /** Allocation tags. */
  Tags?: string[] | null;
  /** Customs data of an international consignment. */
  CustomsDocumentation?: CustomsDocumentation | null;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
/** Checks a {@link Consignment}. */
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
  Reference?: ConsignmentReference | null;
  /** Its state. */
  State?: ConsignmentState | null;
  /** Its state, under the name Get Consignment uses. */
  ConsignmentState?: ConsignmentState | null;
  /** Your own reference for it. */
  ConsignmentReferenceProvidedByCustomer?: string | null;
  /** `Api` or `Web`. */
  Source?: OrderSource | null;
  /** The carrier service it is allocated to. */
  MpdCarrierServiceReference?: string | null;
  /** That service's display name. */
  MpdCarrierServiceName?: string | null;
  /** First line of the destination. */
  DestinationAddressLine1?: string | null;
  /** The destination's town. */
  DestinationAddressTown?: string | null;
  /** The destination's postcode. */
  DestinationAddressPostcode?: string | null;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationAddressCountry?: string | null;
  /** When it was created (ISO 8601). */
  DateCreated?: string | null;
  /** The day it ships. */
  ShippingDate?: string | null;
  /** The delivery day asked for. */
  RequestedDeliveryDate?: string | null;
  /** The delivery day the carrier estimates. */
  EstimatedDeliveryDate?: string | null;
  /** When it was allocated. */
  AllocationDate?: string | null;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean | null;
  /** Whether it will miss its delivery promise. */
  IsLate?: boolean | null;
  /** Why its last allocation failed. */
  FailedAllocationMessage?: string | null;
  /** Why its last manifest failed. */
  FailedManifestMessage?: string | null;
  /** Its total declared value. */
  Value?: Money | null;
  /** Its total weight. */
  Weight?: Weight | null;
  /** A link to the full consignment. */
  ApiLink?: ApiLink | null;
  /** Fields the SDK does not name, kept as the service sent them. */
  [key: string]: unknown;
}
/** Checks a {@link ConsignmentSummary}. */
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
/** Checks a {@link ConsignmentSearchPage}. */
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
  State?: ConsignmentState;
  /** `Outbound` or `Inbound`. */
  Direction?: Direction;
  /** Only those shipping from this location. */
  ShippingLocationReference?: string;
  /** The consignment's `EC-` reference. */
  Reference?: string;
  /** Your own reference for it. */
  ReferenceProvidedByCustomer?: string;
  /** A carrier's tracking reference of one of its packages. */
  TrackingReference?: string;
  /** The carrier service it is allocated to. */
  CarrierService?: string;
  /** `Api` or `Web`. */
  Source?: OrderSource;
  /** The destination's postcode. */
  PostCode?: string;
  /** The destination's country (ISO 3166 alpha-2). */
  DestinationCountryCode?: string;
  /** The destination's region. */
  DestinationRegion?: string;
  /** Whether its labels have been printed. */
  LabelsPrinted?: boolean;
  /** Free text matched against its references and addresses. */
  SearchTerm?: string;
  /** Created on or after. */
  CreatedDateFrom?: FilterDate;
  /** Created on or before. */
  CreatedDateTo?: FilterDate;
  /** Shipping on or after. */
  ShippingDateFrom?: FilterDate;
  /** Shipping on or before. */
  ShippingDateTo?: FilterDate;
  /** Delivery asked for on or after. */
  RequestedDeliveryDateFrom?: FilterDate;
  /** Delivery asked for on or before. */
  RequestedDeliveryDateTo?: FilterDate;
  /** Shipped on or after. */
  ShippedDateFrom?: FilterDate;
  /** Shipped on or before. */
  ShippedDateTo?: FilterDate;
  /** Delivery scheduled on or after. */
  ScheduledDeliveryDateFrom?: FilterDate;
  /** Delivery scheduled on or before. */
  ScheduledDeliveryDateTo?: FilterDate;
  /** At least this heavy, in grams. */
  WeightInGramsFrom?: number;
  /** At most this heavy, in grams. */
  WeightInGramsTo?: number;
  /** Worth at least this much. */
  ValueFrom?: number;
  /** Worth at most this much. */
  ValueTo?: number;
}

const filterText = z.optional(z.string().check(z.minLength(1, 'must not be empty')));
const filterDate = z.optional(
  z.union([
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO 8601 date')),
    z.date().check(z.refine((date) => !Number.isNaN(date.getTime()), 'must be a valid date')),
  ]),
);
const filterNumber = z.optional(z.number().check(z.refine(Number.isFinite, 'must be a finite number')));

/** Checks a {@link ConsignmentFilter}: strict, a key it does not know is refused. */
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
