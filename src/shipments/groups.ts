import { Resource } from '../core/resource.js';
/**
 * Shipment groups: create, read, update, membership (by reference or by custom reference), lock, unlock
 * and close.
 */
import * as z from 'zod/mini';
import { ApiError, type ApiErrorInit, ConflictError } from '../core/errors.js';
import { lazySchema } from '../core/lazy-schema.js';
import { type OpenEnum, openEnum } from '../core/open-enum.js';
import { customerReferenceIn } from '../core/operation.js';
import type { OperationName } from '../core/operation-names.js';
import type { RequestOptions } from '../core/options.js';
import {
  answeredReference,
  type ShipmentGroupReference,
  ShipmentGroupReferenceSchema,
  type ShipmentReference,
  ShipmentReferenceSchema,
} from '../core/references.js';
import { schemaOf } from '../core/schema-of.js';
import { type Call, defineOperation, type Operation, type Transport } from '../core/transport.js';
import { checkInput } from '../core/validation.js';
import { type ResourceResult, ResourceResultSchema, resourceResultOf } from './wire-shapes.js';

/** What a group operation answers, its `reference` the group's `sg_`: pass it back to the methods as it is. */
type GroupResult = ResourceResult<ShipmentGroupReference>;
const GroupResultSchema = resourceResultOf<ShipmentGroupReference>(
  ResourceResultSchema,
  'sg_',
  'a shipment group reference',
);

/** Why a lost membership change cannot be settled by a state, and what tells instead. */
const MEMBERSHIP_UNSETTLED =
  "a group's membership has no state a shipment moves through: read the group with getShipmentGroup and check its shipments before changing them again";

/** Why a lost Create Shipment Group cannot be settled, and what tells instead. */
const GROUP_CREATED_UNSETTLED =
  "the group it may have made has no reference you know, and area B has no search: creating it again may make a second group with the same custom_reference (a group's version counts them), so address it by { customReference, version: 'latest' }";

// Any characters, as the OpenAPI file allows ("EVENING RUN"): each is percent-encoded in a path.
export const CustomReferenceSchema = lazySchema(() =>
  z
    .string()
    .check(
      z.minLength(5, { error: 'expected 5 to 50 characters' }),
      z.maxLength(50, { error: 'expected 5 to 50 characters' }),
    ),
);

export const GroupVersionSchema = lazySchema(() =>
  z.union([z.int().check(z.positive()), z.literal('latest')], {
    error: "version must be a positive integer or 'latest'",
  }),
);

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
 * The body of Update Shipment Group ({@link ShipmentsClient.updateShipmentGroup}): the group, and the
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

/** What {@link ShipmentsClient.createShipmentGroup} takes. */
export interface CreateShipmentGroupInput {
  /**
   * Your name for the group: 5 to 50 characters (any: spaces too), unique among the groups not closed. Optional;
   * without one, a lost answer cannot be looked for, and the group cannot be addressed by custom reference.
   */
  custom_reference?: string | undefined;
  /** The shipments to put in it (`sp_…`): 1 to 10,000, as the service requires at least one. */
  shipments: ShipmentReference[];
}
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
   * `getShipmentGroup` reads that as the number it is.
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

const isEmptyList = (key: string, value: unknown) =>
  (key === 'add_shipments' || key === 'remove_shipments') && Array.isArray(value) && value.length === 0;

export const updateShipmentGroupOperation = defineOperation<GroupResult>({
  name: 'updateShipmentGroup',
  vendor: 'Update Shipment Group',
  method: 'PUT',
  // The OpenAPI files (both) have no trailing slash; the data contracts and guides write one.
  path: 'shipment_groups',
  body: UpdateShipmentGroupInputSchema,
  // Each list, when present, needs at least one entry: an empty one says nothing, and is left out.
  wireBody: (body: UpdateShipmentGroupInput) =>
    Object.fromEntries(Object.entries(body).filter(([key, value]) => !isEmptyList(key, value))),
  response: GroupResultSchema,
  retry: 'non-repeatable',
  outcome: { unsettled: MEMBERSHIP_UNSETTLED },
  references: (call: Call) => {
    const body = call.body as { reference: string; add_shipments?: string[]; remove_shipments?: string[] };
    return [body.reference, ...(body.add_shipments ?? []), ...(body.remove_shipments ?? [])];
  },
});

/** Update Shipment Group: the body is sent as written. */
export function updateShipmentGroup(
  transport: Transport,
  input: UpdateShipmentGroupInput,
  requestOptions?: RequestOptions,
): Promise<GroupResult> {
  return transport.send(updateShipmentGroupOperation, { body: input }, requestOptions);
}

const byReference = { groupReference: ShipmentGroupReferenceSchema };
const byCustomReference = { customReference: CustomReferenceSchema, version: GroupVersionSchema };

/** What a 304 to a membership change says: nothing changed; the group as the call addressed it. */
function membershipUnchanged(call: Call): ResourceResult {
  const { groupReference, customReference, shipmentReference } = call.params ?? {};
  return {
    reference: String(groupReference ?? customReference),
    ...(customReference === undefined ? {} : { custom_reference: String(customReference) }),
    message: `Shipment ${String(shipmentReference)} was already as asked: the group is unchanged`,
  };
}

/** Add or Remove Shipment to or from Group, in its two addressings (a group's reference, or its custom one). */
function membershipOperations(name: OperationName, vendor: string, method: 'PUT' | 'DELETE') {
  const shared = {
    name,
    vendor,
    method,
    response: ResourceResultSchema,
    retry: 'non-repeatable',
    outcome: { unsettled: MEMBERSHIP_UNSETTLED },
    // 304: already a member (add) or not one (remove), in the data contracts: the group is as asked.
    alreadyDone: { statuses: [304], result: membershipUnchanged },
  } as const;
  return {
    byReference: defineOperation<ResourceResult>({
      ...shared,
      path: 'shipment_groups/{groupReference}/shipments/{shipmentReference}',
      params: { ...byReference, shipmentReference: ShipmentReferenceSchema },
    }),
    byCustomReference: defineOperation<ResourceResult>({
      ...shared,
      path: 'shipment_groups/custom_reference/{customReference}/{version}/shipments/{shipmentReference}',
      params: { ...byCustomReference, shipmentReference: ShipmentReferenceSchema },
      references: (call) => [String(call.params?.customReference), String(call.params?.shipmentReference)],
    }),
  };
}

type MembershipOperations = ReturnType<typeof membershipOperations>;

export const addShipmentToGroupOperations = membershipOperations(
  'addShipmentToGroup',
  'Add Shipment to Shipment Group',
  'PUT',
);
export const removeShipmentFromGroupOperations = membershipOperations(
  'removeShipmentFromGroup',
  'Remove Shipment from Shipment Group',
  'DELETE',
);

/** Sends a membership change to the group as the selector addresses it. */
function changeMembership(
  transport: Transport,
  pair: MembershipOperations,
  group: ShipmentGroupSelector,
  shipmentRef: ShipmentReference,
  requestOptions: RequestOptions | undefined,
): Promise<ResourceResult> {
  const selector = checkInput(ShipmentGroupSelectorSchema, group, 'shipment group selector');
  return 'reference' in selector
    ? transport.send(
        pair.byReference,
        { params: { groupReference: selector.reference, shipmentReference: shipmentRef } },
        requestOptions,
      )
    : transport.send(
        pair.byCustomReference,
        {
          params: {
            customReference: selector.customReference,
            version: selector.version,
            shipmentReference: shipmentRef,
          },
        },
        requestOptions,
      );
}

/** Add Shipment to Group. */
export function addShipmentToGroup(
  transport: Transport,
  group: ShipmentGroupSelector,
  shipmentRef: ShipmentReference,
  requestOptions?: RequestOptions,
): Promise<ResourceResult> {
  return changeMembership(transport, addShipmentToGroupOperations, group, shipmentRef, requestOptions);
}

/** Remove Shipment from Group. */
export function removeShipmentFromGroup(
  transport: Transport,
  group: ShipmentGroupSelector,
  shipmentRef: ShipmentReference,
  requestOptions?: RequestOptions,
): Promise<ResourceResult> {
  return changeMembership(transport, removeShipmentFromGroupOperations, group, shipmentRef, requestOptions);
}

/** The state each change leaves the group in. */
const STATE_AFTER = { lock: 'locked', unlock: 'open', close: 'closed' } as const;
type GroupChange = keyof typeof STATE_AFTER;

/** Results of a retried change that met "already": confirmed by reading the group before they are returned. */
const unconfirmed = new WeakSet<ResourceResult>();

/**
 * Locking, unlocking and closing twice leave the group as once: each is repeatable. A retry whose earlier
 * attempt may have acted can meet "already locked" (409 in the OpenAPI, 304 in the data contracts); but a
 * 409 also means "closed" or "not locked yet", so the group is read before the change is reported done.
 */
function groupChangeOperation(
  name: OperationName,
  vendor: string,
  action: GroupChange,
): Operation<GroupResult> {
  return defineOperation<GroupResult>({
    name,
    vendor,
    method: 'POST',
    path: `shipment_groups/{groupReference}/${action}`,
    params: byReference,
    response: GroupResultSchema,
    retry: 'repeatable',
    doneWhenRetried: {
      statuses: [304, 409],
      result: (call) => {
        const result: GroupResult = {
          reference: String(call.params?.groupReference) as ShipmentGroupReference,
        };
        unconfirmed.add(result);
        return result;
      },
    },
  });
}

export const lockShipmentGroupOperation = groupChangeOperation(
  'lockShipmentGroup',
  'Lock Shipment Group',
  'lock',
);
export const unlockShipmentGroupOperation = groupChangeOperation(
  'unlockShipmentGroup',
  'Unlock Shipment Group',
  'unlock',
);
export const closeShipmentGroupOperation = groupChangeOperation(
  'closeShipmentGroup',
  'Close Shipment Group',
  'close',
);

/**
 * Sends a lock, unlock or close. A first attempt's 304 ("already as asked", in the data contracts) is
 * the `ConflictError` a first 409 is for the same case, in the OpenAPI: nothing was lost, and the caller
 * learns that the group was already so. A retried one is done only when the group reads as asked.
 */
async function changeGroup(
  transport: Transport,
  operation: Operation<GroupResult>,
  action: GroupChange,
  groupRef: ShipmentGroupReference,
  requestOptions: RequestOptions | undefined,
): Promise<GroupResult> {
  let result: GroupResult;
  try {
    result = await transport.send(operation, { params: { groupReference: groupRef } }, requestOptions);
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) throw new ConflictError(initOf(error));
    throw error;
  }
  if (!unconfirmed.has(result)) return result;
  const group = await getShipmentGroup(transport, groupRef, requestOptions);
  if (group.state === STATE_AFTER[action]) return result;
  throw new ConflictError({
    status: 409,
    code: undefined,
    message: `${operation.name}: a retry met "already", but group ${groupRef} is ${String(group.state)}, not ${STATE_AFTER[action]}: the earlier attempt did not ${action} it`,
    details: undefined,
    correlationId: undefined,
    body: group,
    headers: {},
    operation: operation.name,
  });
}

const initOf = (error: ApiError): ApiErrorInit => ({
  status: error.status,
  code: error.code,
  message: error.message,
  details: error.details,
  correlationId: error.correlationId,
  body: error.body,
  headers: error.headers,
  operation: error.operation,
});

/** Lock Shipment Group. */
export function lockShipmentGroup(
  transport: Transport,
  groupRef: ShipmentGroupReference,
  requestOptions?: RequestOptions,
): Promise<GroupResult> {
  return changeGroup(transport, lockShipmentGroupOperation, 'lock', groupRef, requestOptions);
}

/** Unlock a Shipment Group. */
export function unlockShipmentGroup(
  transport: Transport,
  groupRef: ShipmentGroupReference,
  requestOptions?: RequestOptions,
): Promise<GroupResult> {
  return changeGroup(transport, unlockShipmentGroupOperation, 'unlock', groupRef, requestOptions);
}

/** Close Shipment Group. */
export function closeShipmentGroup(
  transport: Transport,
  groupRef: ShipmentGroupReference,
  requestOptions?: RequestOptions,
): Promise<GroupResult> {
  return changeGroup(transport, closeShipmentGroupOperation, 'close', groupRef, requestOptions);
}

export const createShipmentGroupOperation = defineOperation<GroupResult>({
  name: 'createShipmentGroup',
  vendor: 'Create Shipment Group',
  method: 'POST',
  path: 'shipment_groups',
  body: CreateShipmentGroupInputSchema,
  response: GroupResultSchema,
  retry: 'non-repeatable',
  outcome: { unsettled: GROUP_CREATED_UNSETTLED },
  references: (call: Call) => {
    const body = call.body as { custom_reference?: string; shipments: string[] };
    return [...(body.custom_reference === undefined ? [] : [body.custom_reference]), ...body.shipments];
  },
  customerReference: customerReferenceIn('custom_reference'),
});

/** Create Shipment Group: the fields given, and no other. */
export function createShipmentGroup(
  transport: Transport,
  input: CreateShipmentGroupInput,
  requestOptions?: RequestOptions,
): Promise<GroupResult> {
  // Checked once, as it is sent: a list checked here and then sent through its own toJSON() went out as
  // other shipments than those checked.
  return transport.send(createShipmentGroupOperation, { body: input }, requestOptions);
}

/** A group as read: the version as the OpenAPI files write it (a number) or as the guide does (`"1"`). */
type ShipmentGroupAnswer = Omit<ShipmentGroup, 'version'> & { version?: number | string | null | undefined };
const ShipmentGroupAnswerSchema = lazySchema(
  () =>
    z.extend(ShipmentGroupSchema as unknown as z.ZodMiniObject, {
      version: z.nullish(z.union([z.number(), z.string().check(z.regex(/^\d+$/))])),
    }) as unknown as z.ZodMiniType<ShipmentGroupAnswer>,
);

export const getShipmentGroupOperation = defineOperation<ShipmentGroupAnswer, ShipmentGroup>({
  name: 'getShipmentGroup',
  vendor: 'Get Shipment Group',
  method: 'GET',
  path: 'shipment_groups/{groupReference}',
  params: byReference,
  response: ShipmentGroupAnswerSchema,
  result: (group) =>
    (typeof group.version === 'string'
      ? { ...group, version: Number(group.version) }
      : group) as ShipmentGroup,
  retry: 'repeatable',
});

/** Get Shipment Group. */
export function getShipmentGroup(
  transport: Transport,
  groupRef: ShipmentGroupReference,
  requestOptions?: RequestOptions,
): Promise<ShipmentGroup> {
  return transport.send(getShipmentGroupOperation, { params: { groupReference: groupRef } }, requestOptions);
}

/** Shipment groups. */
export class ShipmentGroups extends Resource {}
