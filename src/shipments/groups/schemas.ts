/** Shipment groups' inputs, answers and selectors, and their schemas. */
import * as z from 'zod/mini';
import { lazySchema } from '../../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../../core/open-enum.js';
import {
  answeredReference,
  type ShipmentGroupReference,
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../../core/references.js';
import { schemaOf } from '../../core/schema-of.js';

// Any characters, as the OpenAPI file allows ("EVENING RUN"): each is percent-encoded in a path.
/** Checks a group's `custom_reference`: 5 to 50 characters, any (percent-encoded wherever it goes into a path). */
export const CustomReferenceSchema = schemaOf<string>()(() =>
  z
    .string()
    .check(
      z.minLength(5, { error: 'expected 5 to 50 characters' }),
      z.maxLength(50, { error: 'expected 5 to 50 characters' }),
    ),
);

/** Checks a group version as an address names it: a positive integer or `'latest'`. */
export const GroupVersionSchema = schemaOf<number | 'latest'>()(() =>
  z.union([z.int().check(z.positive()), z.literal('latest')], {
    error: "version must be a positive integer or 'latest'",
  }),
);

/** Checks a {@link ShipmentGroupSelector}: exactly one of its two forms, nothing else. */
export const ShipmentGroupSelectorSchema: z.ZodMiniType<ShipmentGroupSelector, ShipmentGroupSelector> =
  lazySchema(() =>
    z.union(
      [
        z.strictObject({ reference: ShipmentGroupReferenceSchema }),
        z.strictObject({ customReference: CustomReferenceSchema, version: GroupVersionSchema }),
      ],
      { error: "expected { reference: 'sg_…' } or { customReference, version }" },
    ),
  );

/**
 * Which shipment group an add or remove addresses: `{ reference: 'sg_…' }`, its unique reference, or
 * `{ customReference, version }`, its custom reference (5 to 50 characters, any, percent-encoded in a path; unique among open
 * groups) and a version (a positive integer, or `'latest'`).
 */
export type ShipmentGroupSelector =
  | {
      /** The group's unique `sg_` reference. */
      reference: ShipmentGroupReference;
    }
  | {
      /** The group's custom reference. */
      customReference: string;
      /** The version addressed: a positive integer, or `'latest'`. */
      version: number | 'latest';
    };

/** The files bound every list of a group's shipments to 10,000 entries. */
const MAX_GROUP_SHIPMENTS = 10_000;
const shipmentList = lazySchema(() =>
  z
    .array(ShipmentReferenceSchema)
    .check(z.maxLength(MAX_GROUP_SHIPMENTS, { error: `at most ${MAX_GROUP_SHIPMENTS} shipments` })),
);

// A wire body: loose, so fields the service adds later can be sent as written.
/** Checks an {@link UpdateShipmentGroupInput}; an empty list is refused rather than sent. */
export const UpdateShipmentGroupInputSchema: z.ZodMiniType<
  UpdateShipmentGroupInput,
  UpdateShipmentGroupInput
> = lazySchema(() =>
  z
    .looseObject({
      // The file bounds the body's reference to 35 characters (a vendor `sg_` is exactly that).
      reference: ShipmentGroupReferenceSchema.check(z.maxLength(35)),
      add_shipments: z.optional(shipmentList),
      remove_shipments: z.optional(shipmentList),
    })
    .check(
      z.refine((body) => (body.add_shipments?.length ?? 0) + (body.remove_shipments?.length ?? 0) > 0, {
        error: 'name at least one shipment in add_shipments or remove_shipments',
      }),
    ),
);

/**
 * The body of Update Shipment Group ({@link ShipmentGroups.update}): the group, and the
 * shipments to add and to remove, in one request.
 */
export interface UpdateShipmentGroupInput {
  /** The group's unique `sg_` reference (not its `custom_reference`); the group must be open and unlocked. */
  reference: ShipmentGroupReference;
  /** Shipments to add; none may already be in this group or in any other open group. */
  add_shipments?: ShipmentReference[] | undefined;
  /** Shipments to remove; each must be in this group. */
  remove_shipments?: ShipmentReference[] | undefined;
}

/** What {@link ShipmentGroups.create} takes. */
export interface CreateShipmentGroupInput {
  /**
   * Your name for the group: 5 to 50 characters (any: spaces too), unique among the groups not closed. Optional;
   * without one, a lost answer cannot be looked for, and the group cannot be addressed by custom reference.
   */
  custom_reference?: string | undefined;
  /** The shipments to put in it (`sp_…`): 1 to 10,000, as the service requires at least one. */
  shipments: ShipmentReference[];
}
/** Checks a {@link CreateShipmentGroupInput}; an unknown key is refused rather than sent. */
export const CreateShipmentGroupInputSchema = lazySchema(
  () =>
    z.strictObject({
      custom_reference: z.optional(CustomReferenceSchema),
      shipments: shipmentList.check(z.minLength(1, { error: 'name at least one shipment' })),
    }) as unknown as z.ZodMiniType<CreateShipmentGroupInput, CreateShipmentGroupInput>,
);

/** A shipment group as Get Shipment Group answers it. */
export interface ShipmentGroup {
  /** The group's `sg_` reference: pass it back to the methods as it is. */
  reference: ShipmentGroupReference;
  /** Your name for the group. */
  custom_reference?: string | null | undefined;
  /**
   * How many groups have used its custom reference, this one included (the second `evening-run` is 2).
   * Membership changes do not change it. The Get Shipment Group guide writes it as a string (`"1"`):
   * `groups.get` reads that as the number it is.
   */
  version?: number | null | undefined;
  /** `open` (its shipments can change), `locked` (they cannot, until it is unlocked) or `closed` (final). */
  state?: OpenEnum<'open' | 'locked' | 'closed'> | null | undefined;
  /** The shipments in it (`sp_…`). */
  shipments?: ShipmentReference[] | null | undefined;
  /** When it was created (ISO 8601). */
  created?: string | null | undefined;
  /** When it was locked, or whether it is: the service's own value, kept as sent. */
  locked?: string | boolean | null | undefined;
  /** When it was closed: the service's own value, kept as sent. */
  closed?: string | boolean | null | undefined;
}
export const ShipmentGroupSchema = schemaOf<ShipmentGroup>()(() =>
  z.looseObject({
    reference: answeredReference<ShipmentGroupReference>('sg_', 'a shipment group reference'),
    custom_reference: z.nullish(z.string()),
    version: z.nullish(z.number()),
    state: z.nullish(openEnum<'open' | 'locked' | 'closed'>()),
    shipments: z.nullish(z.array(answeredReference<ShipmentReference>('sp_', 'a shipment reference'))),
    created: z.nullish(z.string()),
    locked: z.nullish(z.union([z.string(), z.boolean()])),
    closed: z.nullish(z.union([z.string(), z.boolean()])),
  }),
);

// Not exported by the package: the wire answer, read into a ShipmentGroup.
/** A group as read: the version as the OpenAPI files write it (a number) or as the guide does (`"1"`). */
export type ShipmentGroupAnswer = Omit<ShipmentGroup, 'version'> & {
  version?: number | string | null | undefined;
};
/** A version as answered: a number, as the OpenAPI files write it, or a string of digits, as the guide does. */
const versionAnswer = () => z.nullish(z.union([z.number(), z.string().check(z.regex(/^\d+$/))]));
// Not exported by the package: the wire answer, read into a ShipmentGroup.
export const ShipmentGroupAnswerSchema = lazySchema(
  () =>
    z.extend(ShipmentGroupSchema as unknown as z.ZodMiniObject, {
      version: versionAnswer(),
    }) as unknown as z.ZodMiniType<ShipmentGroupAnswer>,
);

/** A link of a group summary: the guide's carry only `rel` and `href`. */
export interface ShipmentGroupSummaryLink {
  /** The URL, absolute or from the service's root (`/pro/shipment_groups/sg_…`). */
  href: string;
  /** `self` (the group by its `sg_`) or `version` (the group by its custom reference and version). */
  rel: string;
  /** The reference of the resource linked, when the service sends one. */
  reference?: string | null | undefined;
  /** What it links to, when the service sends it. */
  type?: string | null | undefined;
}

/** One group of Get Shipment Groups by Custom Reference: who it is, without its shipments or state. */
export interface ShipmentGroupSummary {
  /** The group's `sg_` reference: pass it to `groups.get` as it is. */
  reference: ShipmentGroupReference;
  /** The custom reference asked for. */
  custom_reference?: string | null | undefined;
  /** Which group of that custom reference it is: 1 for the first made with it, 2 for the next… */
  version?: number | null | undefined;
  /** Links to the group, by its `sg_` and by its custom reference and version. */
  _links?: ShipmentGroupSummaryLink[] | null | undefined;
}
export const ShipmentGroupSummarySchema = schemaOf<ShipmentGroupSummary>()(() =>
  z.looseObject({
    reference: answeredReference<ShipmentGroupReference>('sg_', 'a shipment group reference'),
    custom_reference: z.nullish(z.string()),
    version: z.nullish(z.number()),
    _links: z.nullish(
      z.array(
        z.looseObject({
          href: z.string(),
          rel: z.string(),
          reference: z.nullish(z.string()),
          type: z.nullish(z.string()),
        }),
      ),
    ),
  }),
);

/** A summary as read: its version a number, or a string of digits as the guide writes a group's. */
export type ShipmentGroupSummaryAnswer = Omit<ShipmentGroupSummary, 'version'> & {
  /** The version as the service writes it: a number, or in the guides' examples a string (`"1"`). */
  version?: number | string | null | undefined;
};
export const ShipmentGroupSummariesAnswerSchema = lazySchema(
  () =>
    z.array(
      z.extend(ShipmentGroupSummarySchema as unknown as z.ZodMiniObject, { version: versionAnswer() }),
    ) as unknown as z.ZodMiniType<ShipmentGroupSummaryAnswer[]>,
);

/** A group or a summary with its version read as the number it is (`"1"` is 1). */
export function withNumericVersion<T extends { version?: number | string | null | undefined }>(
  group: T,
): Omit<T, 'version'> & { version?: number | null | undefined } {
  return (typeof group.version === 'string' ? { ...group, version: Number(group.version) } : group) as Omit<
    T,
    'version'
  > & { version?: number | null | undefined };
}
