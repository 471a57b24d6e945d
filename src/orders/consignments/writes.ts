import * as z from 'zod/mini';
import { RequestValidationError, ResponseValidationError, type ValidationIssue } from '../../core/errors.js';
import { once } from '../../core/lazy-schema.js';
import { openEnum } from '../../core/open-enum.js';
import type { Call } from '../../core/operation.js';
import { type ConsignmentReference, ConsignmentReferenceSchema } from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';
import { checkInput } from '../../core/validation.js';
import { type CustomsDocumentation, CustomsDocumentationSchema } from '../customs.js';
import { type RequestedDeliveryDate, RequiredDeliveryDateSchema } from '../orders.js';
import {
  type Address,
  AddressSchema,
  type ApiLink,
  DateValueSchema,
  type Direction,
  type MetadataEntry,
  MetadataEntrySchema,
  type OrderSource,
  type Package,
  PackageSchema,
  text,
} from '../wire-shapes.js';
import type { Consignment } from './consignment.js';

/**
 * Consignments made directly, without an order (Create Consignment), corrected before allocation (Update
 * Consignment, and `patchConsignment` over it), and their state read cheaply (Get Consignment Status).
 */

/**
 * A consignment as Create Consignment, Update Consignment, Get Quotes and Get Service Group Quotes take
 * it: its packages (weights in kg, sizes in cm, values in the currency's main unit), its addresses and
 * what narrows its allocation.
 *
 * The vendor's pages name the delivery date `RequiredDeliveryDate` on Create Consignment and
 * `RequestedDeliveryDate` on Update Consignment, Get Consignment and the quote examples (the same
 * object). Either is accepted here, and each operation sends the name its own page uses.
 */
export interface ConsignmentInput {
  /**
   * The parcels: at least one. Each needs a `Weight` (`{ Value, Unit: 'Kg' }`) and `Dimensions`
   * (`{ Unit: 'Cm', Width, Length, Height }`), or a `PackageSizeReference` instead of both. The vendor's
   * C# contract also requires `Description` and `Value` (`{ Amount, Currency: { IsoCode } }`), and customs
   * documents need them. Items are optional.
   */
  Packages: Package[];
  /**
   * At least an `Origin` and a `Destination`; one of them names a valid `ShippingLocationReference` (an
   * origin given only by it is filled in from the location). International routes may add an `Exporter`.
   */
  Addresses: Address[];
  /** Your own reference of the consignment: not unique, but searchable, and what `reconcile` finds it by. */
  ConsignmentReferenceProvidedByCustomer?: string | null | undefined;
  /** `Api` (the default) or `Web`. Ignored by Update Consignment. */
  Source?: OrderSource | null | undefined;
  /** `Outbound` or `Inbound`. */
  Direction?: Direction | null | undefined;
  /**
   * The day it ships: ISO 8601, or an object no vendor page describes (a free-form map). Allocation keeps
   * to services that ship that day.
   */
  ShippingDate?: string | { [key: string]: unknown } | null | undefined;
  /** The delivery date wanted, `{ Date, IsToBeExactlyOnTheDateSpecified, DeliveryWindow }` (Create Consignment's name). */
  RequiredDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
  /** The same delivery date, under the name Update and Get Consignment use. Give one of the two. */
  RequestedDeliveryDate?: string | RequestedDeliveryDate | null | undefined;
  /** Customs data for international routes (`DeclarationDate`, `ShippingTerms`, `InvoiceDate`…). */
  CustomsDocumentation?: CustomsDocumentation | null | undefined;
  /** Keys and values of your own; `ShippersEORI`, `ReceiversEORI` and `CarriageCurrency` have a meaning. */
  MetaData?: MetadataEntry[] | null | undefined;
  /** Allocation tags: a tagged consignment only goes to services carrying every one of its tags. */
  Tags?: string[] | null | undefined;
}

export const consignmentFields = once(() => ({
  Packages: z.array(PackageSchema).check(z.minLength(1, 'a consignment needs at least one package')),
  Addresses: z.array(AddressSchema),
  ConsignmentReferenceProvidedByCustomer: text,
  Source: z.nullish(openEnum<OrderSource>()),
  Direction: z.nullish(openEnum<Direction>()),
  ShippingDate: z.nullish(DateValueSchema),
  RequiredDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
  RequestedDeliveryDate: z.nullish(RequiredDeliveryDateSchema),
  CustomsDocumentation: z.nullish(CustomsDocumentationSchema),
  MetaData: z.nullish(z.array(MetadataEntrySchema)),
  Tags: z.nullish(z.array(z.string())),
}));

const isOfType = (address: Address, type: string) =>
  String(address?.AddressType ?? '')
    .trim()
    .toLowerCase() === type.toLowerCase();

const addressesOf = (body: unknown) => (body as { Addresses: Address[] }).Addresses;
const hasAddress = (body: unknown, type: string) => addressesOf(body).some((a) => isOfType(a, type));

export const consignmentChecks = once(
  () =>
    [
      z.refine((body) => hasAddress(body, 'Origin'), {
        error: 'Addresses must include an Origin address',
        path: ['Addresses'],
      }),
      z.refine((body) => hasAddress(body, 'Destination'), {
        error: 'Addresses must include a Destination address',
        path: ['Addresses'],
      }),
      z.refine(
        (body) =>
          addressesOf(body).some(
            (a) =>
              (isOfType(a, 'Origin') || isOfType(a, 'Destination')) && !!a.ShippingLocationReference?.trim(),
          ),
        {
          error: 'the Origin or the Destination address must carry a non-empty ShippingLocationReference',
          path: ['Addresses', 'ShippingLocationReference'],
        },
      ),
      z.refine(
        (body) => {
          const dates = body as { RequiredDeliveryDate?: unknown; RequestedDeliveryDate?: unknown };
          return dates.RequiredDeliveryDate == null || dates.RequestedDeliveryDate == null;
        },
        {
          error: 'give the delivery date once: RequiredDeliveryDate or RequestedDeliveryDate, not both',
          path: ['RequestedDeliveryDate'],
        },
      ),
    ] as const,
);

/** Checks a {@link ConsignmentInput}, as Create Consignment sends it. */
export const ConsignmentInputSchema = schemaOf<ConsignmentInput>()(() =>
  z.looseObject(consignmentFields()).check(...consignmentChecks()),
);

/** The body with the delivery date under `name`, the spelling the operation's page uses. */
export function withDeliveryDateAs(name: 'RequiredDeliveryDate' | 'RequestedDeliveryDate') {
  return (body: ConsignmentInput): Record<string, unknown> => {
    const { RequiredDeliveryDate, RequestedDeliveryDate, ...rest } = body;
    const date = RequiredDeliveryDate ?? RequestedDeliveryDate;
    return date === undefined ? rest : { ...rest, [name]: date };
  };
}

/** `https://…/consignments/EC-000-0K4-7TQ` gives `EC-000-0K4-7TQ`. */
function lastSegment(href: string): string {
  return href.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
}

/** The consignment a list of links names: the `EC-` segment of the `Href` under `/consignments/`. */
export function consignmentOfLinks(links: readonly ApiLink[]): ConsignmentReference | undefined {
  // Read defensively: with `validation: 'off'` the answer arrives unchecked.
  if (!Array.isArray(links)) return undefined;
  for (const link of links) {
    const href = typeof link?.Href === 'string' ? link.Href : '';
    if (!/\/consignments\/[^/]+\/?$/i.test(href.split(/[?#]/, 1)[0]!)) continue;
    const reference = lastSegment(href);
    if (ConsignmentReferenceSchema.safeParse(reference).success) return reference as ConsignmentReference;
  }
  return undefined;
}

/** For `OutcomeUnknownError`: the body's `ConsignmentReferenceProvidedByCustomer`, when it has one. */
export function customerReferenceOf(call: Call): string[] {
  const reference = (call.body as { ConsignmentReferenceProvidedByCustomer?: unknown } | undefined)
    ?.ConsignmentReferenceProvidedByCustomer;
  return typeof reference === 'string' && reference.trim() !== '' ? [reference] : [];
}

/** The states a consignment can be in: any of them, once it exists, means it was created. */
export const EVERY_STATE: readonly string[] = [];

/**
 * Why a creation sent without your own reference cannot be settled: the service numbers the new
 * consignment, and nothing the caller holds can find it.
 */
export const CREATED_WITHOUT_CUSTOMER_REFERENCE =
  'nothing can find a consignment created without a ConsignmentReferenceProvidedByCustomer once the answer naming it is lost: look for it in the portal before creating it again, and set ConsignmentReferenceProvidedByCustomer on every createConsignment';

/**
 * The body of Update Consignment: a {@link ConsignmentInput}, which replaces the stored consignment.
 *
 * | property | when given | when left out |
 * |---|---|---|
 * | `Reference` | the consignment addressed; cannot change | filled in by the SDK |
 * | `Source` | ignored | ignored |
 * | `ShippingDate`, `RequestedDeliveryDate`, `ConsignmentReferenceProvidedByCustomer`, `CustomsDocumentation`, `MetaData` | replaced whole | **deleted** |
 * | `Addresses` | replaced whole; refused once allocated | required here |
 * | `Packages` | replaced whole; refused once allocated | **unchanged**: both vendor pages say so, and their example leaves it out |
 * | `Tags` | replaced whole | unchanged |
 *
 * A package sent with its `Reference` (`EP-…`) keeps it; one without is created anew.
 */
export interface UpdateConsignmentInput extends Omit<ConsignmentInput, 'Packages'> {
  /** The consignment addressed; filled in from the method's argument, and must equal it when given. */
  Reference?: ConsignmentReference | undefined;
  /**
   * The parcels, replacing the stored ones whole (at least one). Left out, the packages are unchanged,
   * as both vendor pages say: send only what changes.
   */
  Packages?: Package[] | undefined;
}
export const UpdateConsignmentInputSchema = schemaOf<UpdateConsignmentInput>()(() =>
  z
    .looseObject({
      ...consignmentFields(),
      Packages: z.optional(consignmentFields().Packages),
      Reference: z.optional(ConsignmentReferenceSchema),
    })
    .check(...consignmentChecks()),
);

/** A body naming another consignment than the one addressed would replace the wrong one. */
export function requireSameConsignment(
  consignmentReference: ConsignmentReference,
  consignment: UpdateConsignmentInput,
): void {
  checkInput(ConsignmentReferenceSchema, consignmentReference, 'consignmentReference', []);
  const named = consignment?.Reference;
  if (named !== undefined && named !== consignmentReference) {
    const message = `Reference in the body (${String(named)}) must be the consignment addressed (${consignmentReference})`;
    throw new RequestValidationError(`Invalid request: ${message}`, [{ path: ['Reference'], message }]);
  }
}

/** What {@link Consignments.patch} changes: any property of a {@link ConsignmentInput}. */
export interface ConsignmentChanges extends Partial<Omit<ConsignmentInput, 'Source'>> {}
export const ConsignmentChangesSchema = schemaOf<ConsignmentChanges>()(
  () =>
    z.partial(z.looseObject(consignmentFields())).check(
      z.refine((changes) => !('Reference' in changes), {
        error: 'Reference cannot be changed',
        path: ['Reference'],
      }),
    ) as unknown as z.ZodMiniType<ConsignmentChanges, ConsignmentChanges>,
);

/** What Update Consignment replaces, taken from the stored consignment when `changes` leaves it out. */
const KEPT_ON_PATCH = [
  'Packages',
  'Addresses',
  'ConsignmentReferenceProvidedByCustomer',
  'Direction',
  'ShippingDate',
  'RequestedDeliveryDate',
  'CustomsDocumentation',
  'MetaData',
  'Tags',
] as const;

/**
 * The stored consignment with `changes` laid over what Update Consignment replaces, as a whole Update
 * Consignment body, checked: what cannot be written back whole is a {@link ResponseValidationError}.
 */
export function mergeForPatch(
  consignmentReference: ConsignmentReference,
  stored: Consignment,
  changes: ConsignmentChanges,
): UpdateConsignmentInput {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const { RequiredDeliveryDate, ...rest } = given as ConsignmentChanges;
  if (RequiredDeliveryDate !== undefined) rest.RequestedDeliveryDate = RequiredDeliveryDate;
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_ON_PATCH) {
    const value = stored[key];
    // The service answers `""` for a consignment without your reference: nothing to keep.
    if (value !== undefined && value !== null && value !== '') kept[key] = value;
  }
  const update = { ...kept, ...rest } as unknown as UpdateConsignmentInput;
  try {
    checkInput(
      UpdateConsignmentInputSchema,
      { ...update, Reference: consignmentReference },
      'update',
      [],
      'allow',
    );
  } catch (error) {
    // `changes` was checked: what is missing is missing from the consignment read (addresses an earlier
    // Update Consignment deleted…). Nothing is written; give it in `changes`.
    const problem = error instanceof Error ? error.message : String(error);
    throw new ResponseValidationError(
      `consignments.patch: ${consignmentReference} as consignments.get read it cannot be written back whole (${problem}); give what is missing in changes`,
      {
        issues: (error as { issues?: ValidationIssue[] }).issues ?? [],
        body: stored,
        // The answer that fails is the read's: patch is no operation of its own, it sends two.
        operation: 'getConsignment',
      },
    );
  }
  return update;
}
