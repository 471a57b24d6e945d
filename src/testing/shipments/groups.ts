/**
 * Area B's shipment groups: create, read, update, membership by reference or custom reference, lock,
 * unlock and close.
 */
import { json } from '../router.js';
import { detail, type ErrorDetail, invalid, notFound, ruleConflict, stateConflict } from './errors.js';
import type { AreaBState, MockShipmentGroup, ShipmentRecord, ShipmentsContext } from './state.js';
import { CUSTOM_REFERENCE, referenceProblem, requireReference } from './validate.js';

const MAX_GROUP_SIZE = 10_000;

/** A list of shipments the files bound to 1 to 10,000 entries, when it is present. */
function listSizeProblem(list: unknown[], name: string): ErrorDetail | undefined {
  if (list.length === 0) return detail(name, 'too_few_elements', `${name} needs at least one shipment`);
  if (list.length > MAX_GROUP_SIZE) {
    return detail(name, 'too_many_elements', `${name} holds at most ${MAX_GROUP_SIZE} shipments`);
  }
  return undefined;
}

function requireListSize(list: unknown[], name: string): void {
  const problem = listSizeProblem(list, name);
  if (problem) invalid([problem]);
}

function resourceResult(context: ShipmentsContext, group: MockShipmentGroup, done: string) {
  return json(resourceResultBody(context, group, done));
}

function resourceResultBody(context: ShipmentsContext, group: MockShipmentGroup, done: string) {
  return {
    reference: group.reference,
    custom_reference: group.custom_reference,
    version: group.version,
    message: `Shipment group ${group.reference} ${done} successfully`,
    _links: [
      {
        href: `${context.baseUrl}/shipment_groups/${group.reference}`,
        rel: 'self',
        reference: group.reference,
        type: 'shipment_group',
      },
    ],
  };
}

function groupByReference(state: AreaBState, reference: string | undefined, property = 'reference') {
  const checked = requireReference(reference, 'sg_', property);
  const group = state.groups.get(checked);
  if (!group) notFound(property, 'shipment_group_not_found', `Shipment group ${checked} was not found`);
  return group;
}

/**
 * The group with this custom reference and `version`: `latest` (the last group made with it), or the
 * number of the group (the first `evening-run` is 1, the next one 2). A version no group has is a 404;
 * an earlier group, closed by then, refuses changes with a 409.
 */
function groupByCustomReference(state: AreaBState, customReference = '', version = ''): MockShipmentGroup {
  const problems = [
    ...(CUSTOM_REFERENCE.test(customReference)
      ? []
      : [detail('custom_reference', 'invalid_format', 'custom_reference must be 5 to 50 characters')]),
    ...(version === 'latest' || /^[1-9][0-9]{0,8}$/.test(version)
      ? []
      : [detail('version', 'invalid_format', "version must be a positive integer or 'latest'")]),
  ];
  if (problems.length > 0) invalid(problems);
  const candidates = state.groupsWithCustomReference(customReference);
  if (candidates.length === 0) {
    notFound(
      'custom_reference',
      'shipment_group_not_found',
      `No shipment group has custom reference ${customReference}`,
    );
  }
  const group =
    version === 'latest'
      ? candidates.reduce((latest, candidate) => (candidate.version > latest.version ? candidate : latest))
      : candidates.find((candidate) => candidate.version === Number(version));
  if (!group) {
    notFound('version', 'version_not_found', `No group ${customReference} has version ${version}`);
  }
  return group;
}

function selectedGroup(context: ShipmentsContext): MockShipmentGroup {
  const { params, store } = context;
  return params.groupReference !== undefined
    ? groupByReference(store.shipments, params.groupReference)
    : groupByCustomReference(store.shipments, params.customReference, params.version);
}

/** Add, remove and update need an open group: not locked, not closed. */
function requireEditable(group: MockShipmentGroup): void {
  if (group.state === 'closed') {
    stateConflict('reference', 'shipment_group_closed', `Shipment group ${group.reference} is closed`);
  }
  if (group.state === 'locked') {
    stateConflict('reference', 'shipment_group_locked', `Shipment group ${group.reference} is locked`);
  }
}

/** Why `shipment` cannot join `group`, or undefined. */
function additionProblem(
  state: AreaBState,
  group: MockShipmentGroup,
  shipment: ShipmentRecord,
  property: string,
): ErrorDetail | undefined {
  const reference = shipment.reference;
  if (!shipment.allocated) {
    return detail(property, 'shipment_not_allocated', `Shipment ${reference} is not allocated`);
  }
  if (group.shipments.includes(reference)) {
    return detail(property, 'shipment_already_in_group', `Shipment ${reference} is already in this group`);
  }
  const holder = state.openGroupOf(reference);
  if (holder) {
    return detail(
      property,
      'shipment_in_open_group',
      `Shipment ${reference} is already in open group ${holder.reference}`,
    );
  }
  return undefined;
}

function removalProblem(group: MockShipmentGroup, reference: string, property: string) {
  return group.shipments.includes(reference)
    ? undefined
    : detail(property, 'shipment_not_in_group', `Shipment ${reference} is not in group ${group.reference}`);
}

function requireRoom(group: MockShipmentGroup, adding: number): void {
  if (group.shipments.length + adding > MAX_GROUP_SIZE) {
    ruleConflict([
      detail('add_shipments', 'shipment_group_full', `A group holds at most ${MAX_GROUP_SIZE} shipments`),
    ]);
  }
}

/** Membership changes leave the version as it is: it counts the groups made with the custom reference. */
function changeMembership(group: MockShipmentGroup, add: string[], remove: string[]): void {
  group.shipments = [...group.shipments.filter((reference) => !remove.includes(reference)), ...add];
}

export function addShipmentToGroup(context: ShipmentsContext): Response {
  const state = context.store.shipments;
  const reference = requireReference(context.params.shipmentReference, 'sp_', 'shipment_reference');
  const group = selectedGroup(context);
  requireEditable(group);
  const shipment = state.shipments.get(reference);
  if (!shipment) notFound('shipment_reference', 'shipment_not_found', `Shipment ${reference} was not found`);
  const problem = additionProblem(state, group, shipment, 'shipment_reference');
  // Already a member: 304, nothing changed (the data contracts).
  if (problem?.code === 'shipment_already_in_group') return new Response(null, { status: 304 });
  if (problem) ruleConflict([problem]);
  requireRoom(group, 1);
  changeMembership(group, [reference], []);
  return resourceResult(context, group, 'updated');
}

export function removeShipmentFromGroup(context: ShipmentsContext): Response {
  const reference = requireReference(context.params.shipmentReference, 'sp_', 'shipment_reference');
  const group = selectedGroup(context);
  requireEditable(group);
  // Not a member: 304, nothing changed (the data contracts).
  if (removalProblem(group, reference, 'shipment_reference')) return new Response(null, { status: 304 });
  changeMembership(group, [], [reference]);
  return resourceResult(context, group, 'updated');
}

/** `add_shipments` or `remove_shipments`: undefined when absent, else the checked list. */
function shipmentList(body: Record<string, unknown>, name: string, problems: ErrorDetail[]): string[] {
  const value = body[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push(detail(name, 'invalid_format', `${name} must be an array of shipment references`));
    return [];
  }
  const size = listSizeProblem(value, name);
  if (size) problems.push(size);
  value.forEach((entry, index) => {
    const problem = referenceProblem(entry, 'sp_', `${name}[${index}]`);
    if (problem) problems.push(problem);
    // The service does not de-duplicate: a reference twice is refused.
    if (typeof entry === 'string' && value.indexOf(entry) !== index) {
      problems.push(
        detail(`${name}[${index}]`, 'duplicate_references', `${entry} appears more than once in ${name}`),
      );
    }
  });
  return value.filter((entry): entry is string => typeof entry === 'string');
}

/**
 * Update Shipment Group. Every entry is checked first: a malformed one refuses the whole request (400);
 * a well-formed reference to a shipment that does not exist is ignored (the real service answers 200 OK
 * for it); a shipment already as asked, or one that breaks a membership rule, is left out and listed in
 * `errors` with 207, the rest applied.
 */
export function updateShipmentGroup(context: ShipmentsContext): Response {
  const state = context.store.shipments;
  const body = context.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    invalid([detail('', 'invalid_format', 'The body must be a JSON object')]);
  }
  const fields = body as Record<string, unknown>;
  const problems: ErrorDetail[] = [];
  if (fields.reference === undefined || fields.reference === null) {
    problems.push(detail('reference', 'required_property_missing', 'reference is required'));
  } else {
    const problem = referenceProblem(fields.reference, 'sg_', 'reference');
    if (problem) problems.push(problem);
  }
  if (fields.add_shipments == null && fields.remove_shipments == null) {
    problems.push(
      detail('add_shipments', 'required_property_missing', 'add_shipments or remove_shipments is required'),
    );
  }
  const add = shipmentList(fields, 'add_shipments', problems);
  const remove = shipmentList(fields, 'remove_shipments', problems);
  for (const reference of add.filter((entry) => remove.includes(entry))) {
    problems.push(
      detail(
        'remove_shipments',
        'invalid_format',
        `${reference} is in both add_shipments and remove_shipments`,
      ),
    );
  }
  if (problems.length > 0) invalid(problems);

  const group = groupByReference(state, fields.reference as string);
  requireEditable(group);
  const known = (reference: string) => state.shipments.has(reference);
  const additions = add.map((reference) => {
    const shipment = state.shipments.get(reference);
    return { reference, problem: shipment && additionProblem(state, group, shipment, 'add_shipments') };
  });
  // Already a member, or not one to remove: nothing to do for that reference, reported with 207.
  const unchanged = [
    ...additions.filter(({ problem }) => problem?.code === 'shipment_already_in_group'),
    ...remove
      .filter(known)
      .map((reference) => ({ reference, problem: removalProblem(group, reference, 'remove_shipments') }))
      .filter(({ problem }) => problem !== undefined),
  ];
  // Breaks a membership rule: left out and listed in `errors`, with 207 (the shipments file).
  const conflicts = additions.filter(
    ({ problem }) => problem && problem.code !== 'shipment_already_in_group',
  );
  const skipped = new Set([...unchanged, ...conflicts].map(({ reference }) => reference));
  const adding = add.filter((reference) => known(reference) && !skipped.has(reference));
  requireRoom(group, adding.length);
  changeMembership(
    group,
    adding,
    remove.filter((reference) => known(reference) && !skipped.has(reference)),
  );
  if (skipped.size === 0) return resourceResult(context, group, 'updated');
  const errors = [...conflicts, ...unchanged].map(({ problem }) => problem);
  return json({ ...resourceResultBody(context, group, 'updated'), errors }, 207);
}

export function setLock(locked: boolean) {
  return (context: ShipmentsContext): Response => {
    const group = groupByReference(context.store.shipments, context.params.groupReference);
    if (group.state === 'closed') {
      stateConflict('reference', 'shipment_group_closed', `Shipment group ${group.reference} is closed`);
    }
    // The OpenAPI: 409 "already locked (unlocked)". A retried lock whose first answer was lost meets it.
    if ((group.state === 'locked') === locked) {
      stateConflict(
        'reference',
        locked ? 'shipment_group_already_locked' : 'shipment_group_already_unlocked',
        `Shipment group ${group.reference} is already ${locked ? 'locked' : 'unlocked'}`,
      );
    }
    group.state = locked ? 'locked' : 'open';
    group.lockedAt = locked ? context.store.now().toISOString() : undefined;
    return resourceResult(context, group, locked ? 'locked' : 'unlocked');
  };
}

/**
 * POST /shipment_groups `{ custom_reference?, shipments }`: a new open group. `shipments` is required,
 * with 1 to 10,000 entries; `custom_reference` is optional, and one a group not closed already has is a
 * 400. The group's version is one more than the groups made with its custom reference before it.
 * Shipments that cannot join (unknown, unallocated, in another group not closed) are left out and listed
 * in `errors`, with 207; else 201.
 */
export function createShipmentGroup(context: ShipmentsContext): Response {
  const { store } = context;
  if (context.body === null || typeof context.body !== 'object' || Array.isArray(context.body)) {
    invalid([detail('', 'invalid_format', 'The body must be a JSON object')]);
  }
  const body = context.body as Record<string, unknown>;
  const customReference = body.custom_reference ?? null;
  if (
    customReference !== null &&
    (typeof customReference !== 'string' || !CUSTOM_REFERENCE.test(customReference))
  ) {
    invalid([detail('custom_reference', 'invalid_format', 'custom_reference must be 5 to 50 characters')]);
  }
  if (!Array.isArray(body.shipments)) {
    invalid([detail('shipments', 'required_property_missing', 'shipments is required')]);
  }
  requireListSize(body.shipments, 'shipments');
  const references = (body.shipments as unknown[]).map((value, index) =>
    requireReference(typeof value === 'string' ? value : undefined, 'sp_', `shipments[${index}]`),
  );
  if (new Set(references).size !== references.length) {
    invalid([detail('shipments', 'duplicate_references', 'a shipment appears more than once')]);
  }
  const clash = store.shipments
    .groupsWithCustomReference(customReference)
    .find((group) => group.state !== 'closed');
  if (clash) {
    invalid([
      detail(
        'custom_reference',
        'custom_reference_in_use',
        `Group ${clash.reference}, not closed, has custom reference ${customReference}`,
      ),
    ]);
  }
  const group = store.shipments.addShipmentGroup({ custom_reference: customReference });
  const errors: ErrorDetail[] = [];
  for (const [index, reference] of references.entries()) {
    const property = `shipments[${index}]`;
    const shipment = store.shipments.shipments.get(reference);
    const problem = shipment
      ? additionProblem(store.shipments, group, shipment, property)
      : detail(property, 'shipment_not_found', `Shipment ${reference} was not found`);
    if (problem) errors.push(problem);
    else group.shipments.push(reference);
  }
  const answer = JSON.parse(JSON.stringify(resourceResultBody(context, group, 'created')));
  return json(errors.length > 0 ? { ...answer, errors } : answer, errors.length > 0 ? 207 : 201);
}

/** GET /shipment_groups/:ref: the group's state, version, shipments and when it was created, locked, closed. */
export function getShipmentGroup(context: ShipmentsContext): Response {
  return json(groupBody(groupByReference(context.store.shipments, context.params.groupReference)));
}

/**
 * GET /shipment_groups/custom_reference/:customReference/:version (the guides): the whole group, as Get
 * Shipment Group answers it, by its custom reference and a version (a number, or `latest`).
 */
export function getShipmentGroupByCustomReference(context: ShipmentsContext): Response {
  const { params, store } = context;
  return json(groupBody(groupByCustomReference(store.shipments, params.customReference, params.version)));
}

/**
 * GET /shipment_groups/custom_reference/:customReference (the guides): a summary of every group made
 * with it, the first first, each linked by its `sg_` and by its version; 404 when none has it.
 */
export function getShipmentGroupsByCustomReference(context: ShipmentsContext): Response {
  const { params, store, baseUrl } = context;
  const customReference = params.customReference ?? '';
  if (!CUSTOM_REFERENCE.test(customReference)) {
    invalid([detail('custom_reference', 'invalid_format', 'custom_reference must be 5 to 50 characters')]);
  }
  const groups = store.shipments.groupsWithCustomReference(customReference);
  if (groups.length === 0) {
    notFound(
      'custom_reference',
      'shipment_group_not_found',
      `No shipment group has custom reference ${customReference}`,
    );
  }
  const path = `${baseUrl}/shipment_groups/custom_reference/${encodeURIComponent(customReference)}`;
  return json(
    [...groups]
      .sort((a, b) => a.version - b.version)
      .map((group) => ({
        reference: group.reference,
        custom_reference: group.custom_reference,
        version: group.version,
        _links: [
          { rel: 'self', href: `${baseUrl}/shipment_groups/${group.reference}` },
          { rel: 'version', href: `${path}/${group.version}` },
        ],
      })),
  );
}

function groupBody(group: MockShipmentGroup) {
  return {
    reference: group.reference,
    custom_reference: group.custom_reference,
    version: group.version,
    state: group.state,
    // The files allow 1 to 10,000 entries, or null: never an empty list.
    shipments: group.shipments.length > 0 ? [...group.shipments] : null,
    created: group.created ?? null,
    locked: group.lockedAt ?? null,
    closed: group.closedAt ?? null,
  };
}

/** POST /shipment_groups/:ref/close: only a locked group closes (409 otherwise); it is final. */
export function closeShipmentGroup(context: ShipmentsContext): Response {
  const group = groupByReference(context.store.shipments, context.params.groupReference);
  if (group.state === 'closed') {
    stateConflict(
      'reference',
      'shipment_group_closed',
      `Shipment group ${group.reference} is already closed`,
    );
  }
  if (group.state !== 'locked') {
    stateConflict(
      'reference',
      'shipment_group_not_locked',
      `Shipment group ${group.reference} must be locked before it is closed`,
    );
  }
  group.state = 'closed';
  group.closedAt = context.store.now().toISOString();
  return resourceResult(context, group, 'closed');
}
