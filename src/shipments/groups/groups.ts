import { transportOf } from '../../core/client-base.js';
import { defineRead } from '../../core/define-read.js';
import { ApiError, ConflictError } from '../../core/errors.js';
import { customerReferenceIn } from '../../core/operation.js';
import type { OperationName } from '../../core/operation-names.js';
import type { RequestOptions } from '../../core/options.js';
import type { ShipmentGroupReference, ShipmentReference } from '../../core/references.js';
import { Resource } from '../../core/resource.js';
import { type Call, defineOperation, type Operation, type Transport } from '../../core/transport.js';
import { defineManifest, type ManifestResponse } from '../manifests.js';
import { type ResourceResult, ResourceResultSchema, resourceResultOf } from '../wire-shapes.js';
import {
  byCustomReference,
  byReference,
  changeMembership,
  MEMBERSHIP_UNSETTLED,
  membershipOperations,
} from './membership.js';
import {
  type CreateShipmentGroupInput,
  CreateShipmentGroupInputSchema,
  CustomReferenceSchema,
  type ShipmentGroup,
  type ShipmentGroupAnswer,
  ShipmentGroupAnswerSchema,
  type ShipmentGroupSelector,
  ShipmentGroupSummariesAnswerSchema,
  type ShipmentGroupSummary,
  type ShipmentGroupSummaryAnswer,
  type UpdateShipmentGroupInput,
  UpdateShipmentGroupInputSchema,
  withNumericVersion,
} from './schemas.js';

/** What a group operation answers, its `reference` the group's `sg_`: pass it back to the methods as it is. */
type GroupResult = ResourceResult<ShipmentGroupReference>;
const GroupResultSchema = resourceResultOf<ShipmentGroupReference>(
  ResourceResultSchema,
  'sg_',
  'a shipment group reference',
);

/** Why a lost Create Shipment Group cannot be settled, and what tells instead. */
const GROUP_CREATED_UNSETTLED =
  "creating it again may make a second group with the same custom_reference: first read it with groups.getByCustomReference(customReference, 'latest')";

const isEmptyList = (key: string, value: unknown) =>
  (key === 'add_shipments' || key === 'remove_shipments') && Array.isArray(value) && value.length === 0;

/** The state each change leaves the group in. */
const STATE_AFTER = { lock: 'locked', unlock: 'open', close: 'closed' } as const;
type GroupChange = keyof typeof STATE_AFTER;

/** Results of a retried change that met "already": confirmed by reading the group before they are returned. */
const unconfirmed = new WeakSet<ResourceResult>();

/**
 * What a retried lock, unlock or close that met "already" (304 in the data contracts, 409 in the OpenAPI)
 * resolves with, once a read of the group confirms it: a 409 also means "closed" or "not locked yet".
 */
function alreadyChanged(call: Call): GroupResult {
  const result: GroupResult = { reference: String(call.params?.groupReference) as ShipmentGroupReference };
  unconfirmed.add(result);
  return result;
}

/**
 * A lock, unlock or close: repeatable, as doing it twice leaves the group as once; a retry that meets
 * "already" is done once a read confirms it ({@link changeGroup}).
 */
const stateChange = (name: OperationName, action: GroupChange) =>
  defineOperation<GroupResult>({
    name,
    method: 'POST',
    path: `shipment_groups/{groupReference}/${action}`,
    params: byReference,
    response: GroupResultSchema,
    retry: 'repeatable',
    doneWhenRetried: { statuses: [304, 409], result: alreadyChanged },
  });

/**
 * Sends a lock, unlock or close. A first attempt's 304 ("already as asked", in the data contracts) is
 * the `ConflictError` a first 409 is for the same case, in the OpenAPI: nothing was lost, and the caller
 * learns that the group was already so. A retried one is done only when the group reads as asked.
 */
async function changeGroup(
  transport: Transport,
  operation: Operation<GroupResult>,
  action: GroupChange,
  groupReference: ShipmentGroupReference,
  options: RequestOptions | undefined,
): Promise<ResourceResult<ShipmentGroupReference>> {
  let result: GroupResult;
  try {
    result = await transport.send(operation, { params: { groupReference } }, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) {
      // The error's fields are its init (its message is not enumerable): the same answer, as a conflict.
      throw new ConflictError({ ...error, message: error.message });
    }
    throw error;
  }
  if (!unconfirmed.has(result)) return result;
  const group = await transport.send(ShipmentGroups.get, { params: { groupReference } }, options);
  if (group.state === STATE_AFTER[action]) return result;
  throw new ConflictError({
    status: 409,
    code: undefined,
    message: `${operation.name}: a retry met "already", but group ${groupReference} is ${String(group.state)}, not ${STATE_AFTER[action]}: the earlier attempt did not ${action} it`,
    details: undefined,
    correlationId: undefined,
    body: group,
    headers: {},
    operation: operation.name,
  });
}

/**
 * Shipment groups: create, read, update, membership (by reference or by custom reference), lock, unlock,
 * close and manifest.
 */
export class ShipmentGroups extends Resource {
  /** @vendor Create Shipment Group @internal */
  static readonly create = defineOperation<GroupResult>({
    name: 'createShipmentGroup',
    method: 'POST',
    path: 'shipment_groups',
    body: CreateShipmentGroupInputSchema,
    response: GroupResultSchema,
    // Sent twice, a group would be made twice (or the second refused for its custom reference).
    retry: 'non-repeatable',
    outcome: { unsettled: GROUP_CREATED_UNSETTLED },
    references: (call: Call) => {
      const body = call.body as { custom_reference?: string; shipments: string[] };
      return [...(body.custom_reference === undefined ? [] : [body.custom_reference]), ...body.shipments];
    },
    customerReference: customerReferenceIn('custom_reference'),
    // A group's custom reference is reused by design (its version counts the groups made with it): the
    // shipments tell the next evening's group from a second sending of this one.
    ledgerKey: (call: Call) => ({
      asks: { digest: [...(call.body as { shipments: string[] }).shipments].sort() },
    }),
  });

  /**
   * Create Shipment Group: a new open group with the shipments given (1 to 10,000: the service requires
   * at least one). Only the fields given are sent. Returns its resource result, whose `reference` is the
   * new `sg_…` and whose `version` counts the groups made with its custom reference (the second
   * `evening-run` is 2); when some shipments could not be added the service answers 207 and the result's
   * `errors` lists them. Non-repeatable: a group sent twice would be made twice (or the second refused
   * for its custom reference).
   *
   * @param input - `shipments`, and optionally `custom_reference` (5 to 50 characters, any, unique
   *   among the groups not closed). Set it: without one, a lost answer cannot be looked for.
   * @throws {@link RequestValidationError} before sending, for an empty or missing `shipments`, a bad
   *   custom reference, a reference that is not `sp_…`, or an unknown key.
   * @throws {@link BadRequestError} when a group not closed already has that custom reference.
   * @throws {@link OutcomeUnknownError} when the group may have been made but no answer came: look for
   *   it by its custom reference before sending again.
   *
   * @example
   * ```ts
   * const group = await shipments.groups.create({ custom_reference: 'evening-run', shipments: ['sp_01hzy…'] });
   * ```
   */
  create(
    input: CreateShipmentGroupInput,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    // Checked once, as it is sent: a list checked here and then sent through its own toJSON() went out as
    // other shipments than those checked.
    return transportOf(this).send(ShipmentGroups.create, { body: input }, options);
  }

  /** @vendor Get Shipment Group @internal */
  static readonly get = defineRead<ShipmentGroupAnswer, ShipmentGroup>({
    name: 'getShipmentGroup',
    path: 'shipment_groups/{groupReference}',
    params: byReference,
    response: ShipmentGroupAnswerSchema,
    result: (group) => withNumericVersion(group) as ShipmentGroup,
  });

  /**
   * Get Shipment Group: the group's state (`open`, `locked` or `closed`), version (how many groups have
   * used its custom reference), shipments (`null` when it has none), and when it was created, locked and
   * closed. Repeatable.
   *
   * @throws {@link NotFoundError} for an unknown group.
   */
  get(groupReference: ShipmentGroupReference, options?: RequestOptions): Promise<ShipmentGroup> {
    return transportOf(this).send(ShipmentGroups.get, { params: { groupReference } }, options);
  }

  /** @vendor Get Shipment Groups by Custom Reference @internal */
  static readonly listByCustomReference = defineRead<ShipmentGroupSummaryAnswer[], ShipmentGroupSummary[]>({
    name: 'getShipmentGroupsByCustomReference',
    path: 'shipment_groups/custom_reference/{customReference}',
    params: { customReference: CustomReferenceSchema },
    response: ShipmentGroupSummariesAnswerSchema,
    result: (summaries) => summaries.map(withNumericVersion) as ShipmentGroupSummary[],
  });

  /**
   * Get Shipment Groups by Custom Reference, **only in the vendor's guides**: every group made with this
   * custom reference, whatever its version, each as a summary (its `sg_`, custom reference, version and
   * links), the first made first. A version written as a string (`"1"`) is read as the number it is.
   * Repeatable.
   *
   * @param customReference - 5 to 50 characters, any (percent-encoded in the path).
   * @throws {@link RequestValidationError} before sending, for a custom reference out of bounds.
   * @throws {@link NotFoundError} when no group has that custom reference.
   *
   * @example
   * ```ts
   * const runs = await shipments.groups.listByCustomReference('evening-run');
   * const latest = runs.at(-1); // the last made
   * if (latest) console.log(latest.reference, latest.version);
   * ```
   */
  listByCustomReference(customReference: string, options?: RequestOptions): Promise<ShipmentGroupSummary[]> {
    return transportOf(this).send(
      ShipmentGroups.listByCustomReference,
      { params: { customReference } },
      options,
    );
  }

  /** @vendor Get Shipment Group by Custom Reference @internal */
  static readonly getByCustomReference = defineRead<ShipmentGroupAnswer, ShipmentGroup>({
    name: 'getShipmentGroupByCustomReference',
    path: 'shipment_groups/custom_reference/{customReference}/{version}',
    params: byCustomReference,
    response: ShipmentGroupAnswerSchema,
    result: (group) => withNumericVersion(group) as ShipmentGroup,
  });

  /**
   * Get Shipment Group by Custom Reference, **only in the vendor's guides**: the whole group (as
   * {@link ShipmentGroups.get} reads it) made with this custom reference, by its version: a positive
   * integer (1 for the first group made with it), or `'latest'`, the last one made. Repeatable.
   *
   * @param customReference - 5 to 50 characters, any (percent-encoded in the path).
   * @param version - A positive integer, or `'latest'`.
   * @throws {@link RequestValidationError} before sending, for a custom reference out of bounds or a
   *   version that is neither.
   * @throws {@link NotFoundError} when no group has that custom reference, or none that version.
   *
   * @example
   * ```ts
   * const tonight = await shipments.groups.getByCustomReference('evening-run', 'latest');
   * if (tonight.state === 'open') await shipments.groups.lock(tonight.reference);
   * ```
   */
  getByCustomReference(
    customReference: string,
    version: number | 'latest',
    options?: RequestOptions,
  ): Promise<ShipmentGroup> {
    return transportOf(this).send(
      ShipmentGroups.getByCustomReference,
      { params: { customReference, version } },
      options,
    );
  }

  /** @vendor Update Shipment Group @internal */
  static readonly update = defineOperation<GroupResult>({
    name: 'updateShipmentGroup',
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
    ledgerKey: (call: Call) => {
      const body = call.body as { reference: string; add_shipments?: string[]; remove_shipments?: string[] };
      return {
        references: [body.reference],
        asks: { digest: { add: body.add_shipments ?? [], remove: body.remove_shipments ?? [] } },
      };
    },
  });

  /**
   * Update Shipment Group: adds and removes shipments in one request; the group must be open and
   * unlocked. The body is sent as written, except an empty `add_shipments` or `remove_shipments`, which
   * is left out (the service requires at least one entry in a list it is sent). The service checks each
   * reference's format but not that the shipment exists: a well-formed reference to no shipment is still
   * answered 200. A shipment already as asked, or one that breaks a membership rule (in another open
   * group, not allocated), is left out and named in the result's `errors` (207), the rest applied.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a reference that is not `sg_…` or `sp_…`,
   *   a body that names no shipment at all, or a list of more than 10,000.
   * @throws {@link ConflictError} when the group is locked or not open (409), or, from a service that
   *   answers as the data contracts write, a broken membership rule (429 `conflict`).
   * @throws {@link OutcomeUnknownError} when the change may have been made but no answer came.
   */
  update(
    input: UpdateShipmentGroupInput,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return transportOf(this).send(ShipmentGroups.update, { body: input }, options);
  }

  /** @vendor Add Shipment to Shipment Group @internal */
  static readonly addShipment = membershipOperations('addShipmentToGroup', 'PUT');

  /**
   * Add Shipment to Group: adds one shipment to an open, unlocked group, given by its reference
   * (`{ reference: 'sg_…' }`) or by its custom reference and a version (`{ customReference, version }`,
   * `version` a positive integer or `'latest'`). A shipment can be in at most one open group.
   * Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector or reference.
   * @throws {@link ConflictError} when the group is locked or not open, or the shipment is already in an
   *   open group.
   * @throws {@link NotFoundError} for an unknown group or shipment.
   * @throws {@link OutcomeUnknownError} when it may have been added but no answer came.
   *
   * @example
   * ```ts
   * await shipments.groups.addShipment({ customReference: 'evening-run', version: 'latest' }, 'sp_01hzy…');
   * ```
   */
  addShipment(
    group: ShipmentGroupSelector,
    shipmentReference: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult> {
    return changeMembership(transportOf(this), ShipmentGroups.addShipment, group, shipmentReference, options);
  }

  /** @vendor Remove Shipment from Shipment Group @internal */
  static readonly removeShipment = membershipOperations('removeShipmentFromGroup', 'DELETE');

  /**
   * Remove Shipment from Group: removes one member of an open, unlocked group, the group given as for
   * {@link ShipmentGroups.addShipment}. Non-repeatable.
   *
   * @throws {@link RequestValidationError} before sending, for a malformed selector or reference.
   * @throws {@link ConflictError} when the group is locked or not open, or the shipment is not a member.
   * @throws {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when it may have been removed but no answer came.
   */
  removeShipment(
    group: ShipmentGroupSelector,
    shipmentReference: ShipmentReference,
    options?: RequestOptions,
  ): Promise<ResourceResult> {
    return changeMembership(
      transportOf(this),
      ShipmentGroups.removeShipment,
      group,
      shipmentReference,
      options,
    );
  }

  /** @vendor Lock Shipment Group @internal */
  static readonly lock = stateChange('lockShipmentGroup', 'lock');

  /**
   * Lock Shipment Group: the group's state becomes `locked`, and its shipments can no longer change
   * until it is unlocked. Only an open group can be locked.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is closed, or already locked at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   *
   * @example
   * ```ts
   * await shipments.groups.lock('sg_01hzy…');
   * const note = await shipments.documents.getCollectionNote({ reference: 'sg_01hzy…' });
   * ```
   */
  lock(
    groupReference: ShipmentGroupReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return changeGroup(transportOf(this), ShipmentGroups.lock, 'lock', groupReference, options);
  }

  /** @vendor Unlock Shipment Group @internal */
  static readonly unlock = stateChange('unlockShipmentGroup', 'unlock');

  /**
   * Unlock Shipment Group: the group's state is `open` again, and its shipments can change.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is already unlocked (or closed) at the first attempt.
   * @throws {@link NotFoundError} for an unknown group.
   */
  unlock(
    groupReference: ShipmentGroupReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return changeGroup(transportOf(this), ShipmentGroups.unlock, 'unlock', groupReference, options);
  }

  /** @vendor Close Shipment Group @internal */
  static readonly close = stateChange('closeShipmentGroup', 'close');

  /**
   * Close Shipment Group: the group is final and refuses every change from then on. It must be locked
   * first.
   * Repeatable. After an attempt whose answer was lost (a timeout, a failed connection, a 5xx), a retry
   * that meets "already" (304, or 409) resolves with `{ reference }` only once a read of the group shows
   * the change made; a 409 for another reason stays a {@link ConflictError}, so a change that never
   * happened is never reported. At the first attempt, 304 and 409 alike are a {@link ConflictError}
   * (`status` 304 or 409): the group was already so.
   *
   * @throws {@link ConflictError} when the group is not locked, or is already closed.
   * @throws {@link NotFoundError} for an unknown group.
   */
  close(
    groupReference: ShipmentGroupReference,
    options?: RequestOptions,
  ): Promise<ResourceResult<ShipmentGroupReference>> {
    return changeGroup(transportOf(this), ShipmentGroups.close, 'close', groupReference, options);
  }

  /** @vendor Manifest Shipment Group @internal */
  static readonly manifest = defineManifest({
    name: 'manifestShipmentGroup',
    method: 'POST',
    path: 'shipment_groups/{groupReference}/manifest',
    params: byReference,
    // Non-repeatable, as its effect depends on which members are still unmanifested; `reconcile` reads
    // the group's members, then each one's state.
  });

  /**
   * Manifest Shipment Group, **only in the vendor's older OpenAPI file**: manifests the group's members
   * not manifested yet (202). Non-repeatable: its effect depends on which members are still unmanifested.
   *
   * @throws {@link NotFoundError} for an unknown group.
   * @throws {@link OutcomeUnknownError} when they may have been queued but no answer came:
   *   {@link ShipmentsClient.reconcile} reads the group's members and each one's state.
   */
  manifest(groupReference: ShipmentGroupReference, options?: RequestOptions): Promise<ManifestResponse> {
    return transportOf(this).send(ShipmentGroups.manifest, { params: { groupReference } }, options);
  }
}
