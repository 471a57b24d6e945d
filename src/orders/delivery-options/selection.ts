import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import {
  type ConsignmentReference,
  type DeliveryOptionReference,
  DeliveryOptionReferenceSchema,
  type OrderReference,
  OrderReferenceSchema,
} from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import type { AllocationSummary } from '../allocation/schemas.js';
import { type RequestedDeliveryDate, RequiredDeliveryDateSchema } from '../orders.js';
import {
  type Address,
  AddressSchema,
  type ApiLink,
  ApiLinkSchema,
  type MetadataEntry,
  MetadataEntrySchema,
  type Money,
  MoneySchema,
  text,
} from '../wire-shapes.js';
import { type DeliveryOption, DeliveryOptionSchema } from './options.js';

/**
 * What follows Delivery Options and Pickup Options: the summary of the dates on offer, one option read
 * again by reference, a pickup option reserved, and the option chosen, selected either as an allocated
 * consignment (Select Option) or as orders (Select Delivery Option As An Order).
 */

// --- Select Option (as a consignment) --------------------------------------------------------------

/** What selecting an option as a consignment gives: the consignment made, and its allocation. */
export interface SelectedConsignment {
  /** The consignment the service created from the options request, `EC-…` (from the summary's links). */
  consignmentReference: ConsignmentReference;
  /** Its allocation summary: the carrier service that keeps the option's promise, legs, links. */
  allocation: AllocationSummary;
}

// --- Select Delivery Option As An Order ------------------------------------------------------------

/** One option to select as an order, with what the order should carry. */
export interface DeliveryOptionSelection {
  /** The option chosen, `EDO-…` (from Delivery Options or from a pickup location's options). */
  Reference: DeliveryOptionReference;
  /** Your own reference for the order made: it makes a duplicate recognisable (the service has no order search). */
  OrderReferenceProvidedByCustomer?: string | undefined;
  /** Keys and values of your own for the order. */
  MetaData?: MetadataEntry[] | undefined;
}
export const DeliveryOptionSelectionSchema = schemaOf<DeliveryOptionSelection>()(() =>
  z.looseObject({
    Reference: DeliveryOptionReferenceSchema,
    OrderReferenceProvidedByCustomer: z.optional(z.string()),
    MetaData: z.optional(z.array(MetadataEntrySchema)),
  }),
);

/** What became of one selection: its order, or why there is none. */
export interface SelectOrderResult {
  /** The option selected. */
  DeliveryOptionReference: string;
  /** The order made, `EO-…`; `null` when this selection failed. */
  OrderReference: OrderReference | null;
  /** An HTTP status for this selection: 201 made an order; 400 or 404 did not. `null` when not said. */
  Status: number | null;
  /** Why it failed, in the service's words; `null` when it did not. */
  Message: string | null;
  /** Links to the order (the vendor's example misspells it `/orders/EEO-…`: read `OrderReference`). */
  Links?: ApiLink[] | null | undefined;
}
export const SelectOrderResultWireSchema = lazySchema(() =>
  z.looseObject({
    DeliveryOptionReference: text,
    OrderReference: text,
    Status: z.nullish(z.union([z.number(), z.string()])),
    Message: text,
    Links: z.nullish(z.array(ApiLinkSchema)),
    ApiLinks: z.nullish(z.array(ApiLinkSchema)),
  }),
);
type SelectOrderResultWire = z.infer<typeof SelectOrderResultWireSchema>;

const isOrderReference = (value: unknown): value is OrderReference =>
  OrderReferenceSchema.safeParse(value).success;

/** One result per selection, in the order given: a selection the service said nothing of is reported. */
export function resultsInOrder(
  selections: readonly DeliveryOptionSelection[],
  answered: readonly SelectOrderResultWire[],
): SelectOrderResult[] {
  const left = [...answered];
  return selections.map((selection) => {
    const index = left.findIndex((result) => result?.DeliveryOptionReference === selection.Reference);
    const found = index === -1 ? undefined : left.splice(index, 1)[0];
    if (!found) {
      return {
        DeliveryOptionReference: selection.Reference,
        OrderReference: null,
        Status: null,
        Message: 'the service answered nothing for this option: check for an order before selecting it again',
      };
    }
    const status = typeof found.Status === 'string' ? Number(found.Status) : found.Status;
    const { ApiLinks, Links, ...rest } = typeof found === 'object' ? found : ({} as SelectOrderResultWire);
    return {
      ...rest,
      DeliveryOptionReference: selection.Reference,
      OrderReference: isOrderReference(found.OrderReference) ? found.OrderReference : null,
      Status: Number.isFinite(status) ? (status as number) : null,
      Message: found.Message ?? null,
      Links: Links ?? ApiLinks ?? null,
    };
  });
}

export const selectionsSchema = lazySchema(() =>
  z.array(DeliveryOptionSelectionSchema).check(z.minLength(1, 'at least one delivery option is needed')),
);

// --- Delivery Option Summary -----------------------------------------------------------------------

/** The days on which options exist for a consignment not created yet, without the options themselves. */
export interface DeliveryOptionSummary {
  /** A proposed consignment's reference, `EPC-…`. */
  Reference?: string | null | undefined;
  /** The days with options: ISO 8601 dates (the example gives them without an offset). */
  DeliveryOptions: string[];
  /** Time slots; their shape is never shown (`null` in the example). */
  TimeSlots?: unknown;
  /** Pickup days; never shown (`null` in the example). */
  PickUp?: unknown;
  /** Drop-off days; never shown (`null` in the example). */
  DropOff?: unknown;
}
// Not exported by the package: the wire answer of Get Delivery Option Summary.
export const DeliveryOptionSummarySchema = lazySchema(() =>
  z.looseObject({
    Reference: text,
    DeliveryOptions: z.nullish(z.array(z.string())),
    TimeSlots: z.optional(z.unknown()),
    PickUp: z.optional(z.unknown()),
    DropOff: z.optional(z.unknown()),
  }),
);

// --- Get Existing Delivery Option ------------------------------------------------------------------

/**
 * The consignment an option was offered for, as Get Existing Delivery Option shows it. Fields it does not
 * name (`CustomsDocumentation`…) are kept as sent.
 */
export interface DeliveryOptionConsignment {
  /** A proposed consignment's reference, `EPC-…`. */
  Reference?: string | null | undefined;
  /** The customer account's reference (a GUID). */
  CustomerReference?: string | null | undefined;
  /** Its weight: `{ Kg }` in this answer, not `{ Value, Unit }`. */
  Weight?:
    | {
        /** In kilograms. */
        Kg?: number | null | undefined;
      }
    | null
    | undefined;
  /** Its declared value, in the currency's main unit. */
  Value?: Money | null | undefined;
  /** When the options request was made: ISO 8601 with an offset. */
  DateCreated?: string | null | undefined;
  /** The day it ships. */
  ShippingDate?: string | null | undefined;
  /** The delivery date asked for: a date, or `{ Date, IsToBeExactlyOnTheDateSpecified, DeliveryWindow }`. */
  RequestedDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
  /** The earliest delivery. */
  EarliestDeliveryDate?: string | null | undefined;
  /** The latest delivery. */
  LatestDeliveryDate?: string | null | undefined;
  /** The options request's own reference: what `reconcile` finds the selected consignment by. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** Its addresses. */
  Addresses?: Address[] | null | undefined;
}

/** An option read again by its reference, with the consignment it was offered for. */
export interface DeliveryOptionDetails {
  /** `null` in the vendor's example. */
  Reference?: string | null | undefined;
  /** The consignment the option was offered for. */
  ConsignmentDetail?: DeliveryOptionConsignment | null | undefined;
  /** The option, as Delivery Options gave it (its price may write `VatRate` for `TaxRate`). */
  DeliveryOption?: DeliveryOption | null | undefined;
}
export const DeliveryOptionDetailsSchema = schemaOf<DeliveryOptionDetails>()(() =>
  z.looseObject({
    Reference: text,
    ConsignmentDetail: z.nullish(
      schemaOf<DeliveryOptionConsignment>()(() =>
        z.looseObject({
          Reference: text,
          CustomerReference: text,
          Weight: z.nullish(z.looseObject({ Kg: z.nullish(z.number()) })),
          Value: z.nullish(MoneySchema),
          DateCreated: text,
          ShippingDate: text,
          RequestedDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
          EarliestDeliveryDate: text,
          LatestDeliveryDate: text,
          ConsignmentReferenceProvidedByCustomer: text,
          Addresses: z.nullish(z.array(AddressSchema)),
        }),
      ),
    ),
    DeliveryOption: z.nullish(DeliveryOptionSchema),
  }),
);

// --- Reserve Pickup Option -------------------------------------------------------------------------

/** What reserving a pickup option answers: not documented by the vendor, so kept as sent. */
export interface PickupReservation {
  /** The reservation's reference, when the service names one. */
  ReservationReference?: string | null | undefined;
  /** When the reservation lapses, when the service says (ISO 8601). */
  ExpiryDate?: string | null | undefined;
}
