import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { listOrEmpty, withLists } from '../../core/lists.js';
import { openEnum } from '../../core/open-enum.js';
import {
  type ConsignmentReference,
  ConsignmentReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
} from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { type CustomsDocumentation, CustomsDocumentationSchema } from '../customs.js';
import { type RequestedDeliveryDate, RequiredDeliveryDateSchema } from '../orders.js';
import { type QuotePrice, QuotePriceSchema } from '../prices.js';
import {
  type Address,
  AddressSchema,
  type ApiLink,
  ApiLinkSchema,
  amount,
  CONSIGNMENT_STATES,
  type ConsignmentLeg,
  ConsignmentLegSchema,
  type ConsignmentState,
  type Direction,
  flag,
  type MetadataEntry,
  MetadataEntrySchema,
  type Money,
  MoneySchema,
  type OrderSource,
  type Package,
  PackageSchema,
  text,
  type Weight,
  WeightSchema,
} from '../wire-shapes.js';

// A consignment as Get Consignment reads it. Answers are open (unknown fields kept, `null`s allowed).

export const state = lazySchema(() => z.nullish(openEnum<ConsignmentState>(CONSIGNMENT_STATES)));
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
  /** The price it was allocated at: `Net`, `Gross`, `VatAmount`, `TaxRate` and `Currency`. */
  Price?: QuotePrice | null | undefined;
}
export const ConsignmentAllocationSchema = schemaOf<ConsignmentAllocation>()(() =>
  z.looseObject({
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
    CarrierServiceGroupReference: text,
    MpdCarrierServiceGroupName: text,
    AllocationDate: text,
    Price: z.nullish(QuotePriceSchema),
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
  /** The carrier service group tried, when allocation was by group. */
  CarrierServiceGroupReference?: string | null | undefined;
  /** That group's name. */
  MpdCarrierServiceGroupName?: string | null | undefined;
}
export const FailedAllocationSchema = schemaOf<FailedAllocation>()(() =>
  z.looseObject({
    Message: text,
    AttemptedAllocationDate: text,
    MpdCarrierServiceReference: text,
    MpdCarrierServiceName: text,
    CarrierServiceGroupReference: text,
    MpdCarrierServiceGroupName: text,
  }),
);

/** The pickup shop a consignment goes to, and the reservation made there (the vendor's `LocationInformation`). */
export interface LocationInformation {
  /** The shop's reference with its provider, as a pickup option names it (`ShopReference`). */
  ShopReference?: string | null | undefined;
  /** The reservation made at the shop. */
  ReservationReference?: string | null | undefined;
}
export const LocationInformationSchema = schemaOf<LocationInformation>()(() =>
  z.looseObject({ ShopReference: text, ReservationReference: text }),
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
  /**
   * The delivery day asked for: the object the vendor's Update Consignment, Get Quotes and REACT pages
   * show (`{ Date, IsToBeExactlyOnTheDateSpecified, DeliveryWindow }`), or a plain ISO 8601 date.
   */
  RequestedDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
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
  /** The pickup shop it goes to, for a consignment made from a pickup option; `null` otherwise. */
  LocationInformation?: LocationInformation | null | undefined;
}
export const ConsignmentSchema = schemaOf<Consignment>()(() =>
  z.looseObject({
    Reference: z.string() as unknown as z.ZodMiniType<ConsignmentReference, ConsignmentReference>,
    ConsignmentState: state,
    ConsignmentReferenceProvidedByCustomer: text,
    CustomerReference: text,
    Source: z.nullish(openEnum<OrderSource>()),
    Direction: z.nullish(openEnum<Direction>()),
    DateCreated: text,
    ShippingDate: text,
    RequestedDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
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
    LabelCount: amount,
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
    LocationInformation: z.nullish(LocationInformationSchema),
  }),
);

export const consignmentPath = { consignmentReference: ConsignmentReferenceSchema };

/** A consignment's state, read without the rest of it (Get Consignment Status). */
export interface ConsignmentStatus {
  /** The consignment, `EC-…`. */
  ConsignmentReferenceForAllLegsAssignedByMpd?: string | null | undefined;
  /** Its state: the values of `ConsignmentState` (`Unallocated`, `Allocated`…), a plain string. */
  Status?: string | null | undefined;
  /** When it should arrive: ISO 8601 with an offset, or `null`. */
  ExpectedDeliveryDate?: string | null | undefined;
  /** A link to the consignment (`Rel` `Link`). */
  ApiLink?: ApiLink | null | undefined;
}
export const ConsignmentStatusSchema = schemaOf<ConsignmentStatus>()(() =>
  z.looseObject({
    ConsignmentReferenceForAllLegsAssignedByMpd: text,
    Status: text,
    ExpectedDeliveryDate: text,
    ApiLink: z.nullish(ApiLinkSchema),
  }),
);

// The consignments packed from orders.

/** A consignment reference the service hands out: typed for callers, not re-checked. */
const issued = text as unknown as z.ZodMiniType<ConsignmentReference | null | undefined, unknown>;

/** A consignment packed from an order, with the return consignment packed beside it. */
export interface OrderConsignment {
  /** The consignment, `EC-…`. */
  ConsignmentReference?: ConsignmentReference | null | undefined;
  /** The return consignment made with it (Pack Order with `GenerateReturn`), `EC-…`; `null` when none. */
  ReturnConsignmentReference?: ConsignmentReference | null | undefined;
}

/** One order's consignments, or why they could not be read. */
export interface OrderConsignmentsResult {
  /** The order. */
  OrderReference?: OrderReference | null | undefined;
  /** An HTTP status for this order: 200 found; 404 no such order. */
  Status?: number | null | undefined;
  /** The service's words on it. */
  Message?: string | null | undefined;
  /** The consignments packed from it (empty when none, or when the order was not found). */
  Consignments: OrderConsignment[];
}
// Not exported by the package: one entry of the wire answer of Get Consignments For Orders.
export const OrderConsignmentsResultSchema = lazySchema(() =>
  z.looseObject({
    OrderReference: text,
    Status: z.nullish(z.number()),
    Message: text,
    Consignments: z.nullish(
      z.array(
        z.looseObject({
          ConsignmentReference: issued,
          ReturnConsignmentReference: issued,
        }) as unknown as z.ZodMiniType<OrderConsignment, unknown>,
      ),
    ),
  }),
);

/** The body of Get Consignments For Orders: at least one order. */
export const OrderReferencesBodySchema = lazySchema(() =>
  z.looseObject({
    OrderReferences: z
      .array(OrderReferenceSchema)
      .check(z.minLength(1, 'at least one order reference is needed')),
  }),
);

/** What Get Consignments For Orders answers: one result per order. */
export const OrderConsignmentsResponseSchema = lazySchema(() =>
  z.looseObject({ OrderConsignmentsResults: z.nullish(z.array(OrderConsignmentsResultSchema)) }),
);

/** An order without consignments is read as an empty list, whether the service sends `[]` or `null`. */
export function withConsignmentLists(
  body: z.infer<typeof OrderConsignmentsResponseSchema>,
): OrderConsignmentsResult[] {
  return listOrEmpty(body?.OrderConsignmentsResults).map((result) =>
    withLists(result, 'Consignments'),
  ) as OrderConsignmentsResult[];
}
