import * as z from 'zod/mini';
import { exactLength } from '../../core/exact-length.js';
import { lazySchema } from '../../core/lazy-schema.js';
import { answeredReference, type ShipmentReference, ShipmentReferenceSchema } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import type { Call } from '../../core/transport.js';
import type { ResourceResult } from '../wire-shapes.js';
import {
  type CarrierDetails,
  CarrierDetailsSchema,
  type DateRange,
  DateRangeSchema,
  IssuedResourceResultSchema,
  type Link,
  LinksSchema,
  type Price,
  PriceSchema,
  resourceResultOf,
  type ShipmentState,
  ShipmentStateSchema,
  type TrackingDetails,
  TrackingDetailsSchema,
} from '../wire-shapes.js';
import { type CreateShipmentRequest, createShipmentShape, readShapes } from './request.js';

/** What the operation answers, its `reference` the shipment reference: pass it back to the methods as it is. */
export type ShipmentResult = ResourceResult<ShipmentReference>;
export const ShipmentResultSchema = resourceResultOf<ShipmentReference>(
  IssuedResourceResultSchema,
  'sp_',
  'a shipment reference',
);

/** The active allocation of a shipment: the carrier service, its price, tracking numbers and label links. */
export interface Allocation {
  /** The carrier and service. */
  carrier: CarrierDetails;
  /** When it was allocated. */
  allocation_date: string;
  /** What it costs. */
  price: Price;
  /** The carrier's tracking numbers. */
  tracking_details?: TrackingDetails | undefined;
  /** Links to the labels. */
  _links?: Link[] | null | undefined;
}
/** How often the labels were fetched. */
export interface LabelDetails {
  /** When they were first fetched. */
  date_first_retrieved?: string | null | undefined;
  /** How many times. */
  retrieval_count: number;
  /** Links to the labels. */
  _links?: Link[] | null | undefined;
}
/** A paperless document of a shipment as Get Shipment lists it (no content: see `documents.paperless.get`). */
export interface PaperlessDocumentSummary {
  /** The document's `pd_` reference. */
  document_reference?: string | null | undefined;
  /** `document_created`, `pending`, `processing`, `ready`, `virus_found`, `quarantined`, `removed`. */
  document_state: string;
  /** `commercial_invoice`, `packing_list`, `other`… */
  document_type: string;
  /** `pdf`, `png`, `jpg` or `gif`. */
  file_format: string;
  /** `electronic_trade`, `customer_information` or `pricing`. */
  usage?: string | undefined;
  /** When it expires (FedEx only). */
  expiration?: string | undefined;
}

/**
 * A shipment as Get Shipment answers it: what was sent when it was created, and the service's own
 * fields (`reference`, `state`, `allocation`, `label_details`…). Poll `state` after a queued operation.
 */
export interface Shipment
  extends Omit<CreateShipmentRequest, 'required_delivery_date' | 'required_shipping_date'> {
  /** Its `sp_` reference: pass it back to the methods as it is. */
  reference: ShipmentReference;
  /** Its state now. */
  state: ShipmentState;
  /** When it was created. */
  created: string;
  /** When it last changed. */
  updated?: string | null | undefined;
  /** When it ships, from the active allocation. */
  shipping_date?: DateRange | undefined;
  /** As sent. */
  required_shipping_date?: DateRange | undefined;
  /** When it is expected, from the active allocation. */
  expected_delivery_date?: DateRange | undefined;
  /** As sent. */
  required_delivery_date?: DateRange | undefined;
  /** When it was delivered. */
  actual_delivery_date?: string | null | undefined;
  /** Missing (or `null`) until it is allocated. */
  allocation?: Allocation | null | undefined;
  /** How often its labels were fetched. */
  label_details?: LabelDetails | undefined;
  /** `api` unless set. */
  source: string;
  /** A reserved pick-up location: the spec names none of its fields, so a free-form map. */
  reservation?: { [key: string]: unknown } | undefined;
  /** Its paperless documents. */
  paperless_documents?: PaperlessDocumentSummary[] | null | undefined;
  /** Links. */
  _links?: Link[] | null | undefined;
}

const AllocationSchema = schemaOf<Allocation>()(() =>
  z.looseObject({
    carrier: CarrierDetailsSchema,
    allocation_date: z.string(),
    price: PriceSchema,
    tracking_details: z.optional(TrackingDetailsSchema),
    _links: LinksSchema,
  }),
);
/** Checks a {@link Shipment} as Get Shipment answers it. */
export const ShipmentSchema = schemaOf<Shipment>()(() =>
  z.looseObject({
    ...readShapes().shipmentShape,
    reference: answeredReference<ShipmentReference>('sp_', 'a shipment reference'),
    state: ShipmentStateSchema,
    created: z.string(),
    updated: z.nullish(z.string()),
    shipping_date: z.optional(DateRangeSchema),
    required_shipping_date: z.optional(DateRangeSchema),
    expected_delivery_date: z.optional(DateRangeSchema),
    required_delivery_date: z.optional(DateRangeSchema),
    actual_delivery_date: z.nullish(z.string()),
    // `null` until allocated, in the guides' examples; the file leaves it out instead.
    allocation: z.nullish(AllocationSchema),
    label_details: z.optional(
      z.looseObject({
        date_first_retrieved: z.nullish(z.string()),
        retrieval_count: z.int(),
        _links: LinksSchema,
      }),
    ),
    source: z.string(),
    reservation: z.optional(z.looseObject({})),
    paperless_documents: z.nullish(
      z.array(
        z.looseObject({
          document_reference: z.nullish(z.string()),
          document_state: z.string(),
          document_type: z.string(),
          file_format: z.string(),
          usage: z.optional(z.string()),
          expiration: z.optional(z.string()),
        }),
      ),
    ),
    _links: LinksSchema,
  }),
);

/** A shipment's address in a path. */
export const byShipment = { shipmentReference: ShipmentReferenceSchema };
/** What a 304 says: nothing changed, the shipment was already as asked. */
export const unchanged = (call: Call): ShipmentResult => {
  const body = call.body as { reference?: string } | undefined;
  // Checked as an `sp_` reference before it was sent.
  const reference = String(call.params?.shipmentReference ?? body?.reference) as ShipmentReference;
  return { reference, message: `Shipment ${reference} was already as asked: nothing changed` };
};

/** The states a shipment can be cancelled from: any settled one before it is manifested. */
export const CANCELLABLE = [
  'unallocated',
  'allocation_failed',
  'allocated',
  'ready_to_ship',
  'manifest_failed',
  'booking_failed',
  'booked',
  'collection_booking_failed',
  'collection_booked',
] as const;

/** What {@link ShipmentsClient.update} sends: the whole shipment again, with its reference. */
export interface UpdateShipmentRequest extends CreateShipmentRequest {
  /** The shipment's `sp_` reference. */
  reference: ShipmentReference;
}
export const UpdateShipmentRequestSchema = lazySchema(
  () =>
    z.strictObject({
      ...createShipmentShape(),
      reference: ShipmentReferenceSchema,
    }) as unknown as z.ZodMiniType<UpdateShipmentRequest, UpdateShipmentRequest>,
);

/** What {@link ShipmentsClient.changeState} sends. */
export interface ShipmentStateChangeRequest {
  /** The shipment's `sp_` reference, 35 characters. */
  reference: ShipmentReference;
  /** The state asked for. */
  state: ShipmentState;
  /** Why, 5 to 100 characters: kept in the shipment's audit trail. */
  reason: string;
}
export const ShipmentStateChangeRequestSchema = lazySchema(
  () =>
    z.strictObject({
      reference: ShipmentReferenceSchema.check(...exactLength(35)),
      state: ShipmentStateSchema.check(z.minLength(1)),
      reason: z.string().check(z.minLength(5), z.maxLength(100)),
    }) as unknown as z.ZodMiniType<ShipmentStateChangeRequest, ShipmentStateChangeRequest>,
);

/** One line of Shipment State Counts. */
export interface ShipmentStateCount {
  /** The state. */
  state?: ShipmentState | null | undefined;
  /** Its category, as the service groups states (values not documented). */
  category?: string | null | undefined;
  /** Whether the state is an exception. */
  exception?: boolean | undefined;
  /** Whether it is critical. */
  critical?: boolean | undefined;
  /** How many shipments are in it. */
  count?: number | undefined;
}
/** The answer of Shipment State Counts (older file). */
export interface ShipmentCountByState {
  /** One line per state. */
  shipment_states?: ShipmentStateCount[] | null | undefined;
}
export const ShipmentCountByStateSchema = schemaOf<ShipmentCountByState>()(() =>
  z.looseObject({
    shipment_states: z.nullish(
      z.array(
        z.looseObject({
          state: z.nullish(ShipmentStateSchema),
          category: z.nullish(z.string()),
          exception: z.optional(z.boolean()),
          critical: z.optional(z.boolean()),
          count: z.optional(z.int()),
        }),
      ),
    ),
  }),
);
