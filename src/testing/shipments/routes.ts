import { customsPdf, isInternational } from '../orders/discovery.js';
import { getConsignment, markLabelsPrinted } from '../orders/state.js';
import { addressOfType } from '../orders/util.js';
import { encodeBase64 } from '../pdf.js';
import { json, type MockArea, MockFailure, type RouteContext, route } from '../router.js';
import type { MockStore } from '../store.js';
import { type LabelContent, labelBmp, labelPdf, labelPng, labelZpl } from './labels.js';
import { lifecycleRoutes, withBatches } from './lifecycle.js';
import type { AreaBState, LabelFormatName, MockShipment, MockShipmentGroup } from './state.js';

/**
 * Area B of the mock: labels and shipment groups. Requires `x-api-key` (401 `unauthorised`) and
 * `x-api-version: 1.1` (400 `version_header_missing` / `version_header_error`). Errors have the real
 * shape `{ reference: 'er_…', correlation_id, code, message, details: [{ property, code, message }], _links: null }`.
 *
 * Status policy (real codes from the service's documentation; where the documentation leaves the choice
 * open, the choice is written here):
 * - 400 `validation_error`: a malformed reference, format, dpi, version, query value or body; details name
 *   the property (`add_shipments[0]`) and a child code (`invalid_reference_format`, `invalid_format`,
 *   `required_property_missing`, `format_not_supported`);
 * - 400 `validation_error` also for a body that is not JSON or nests too deep, and for a path segment
 *   that is not valid percent-encoding (detail `invalid_format`);
 * - 404 `not_found`: an unknown shipment, contents item or group, or a label of a shipment that is not
 *   allocated (detail `shipment_not_allocated`: no label exists yet), or a path no operation has;
 * - 405 `method_not_allowed` (with `allow`): a path an operation has, with another method;
 * - 409 `conflict`: the group's state forbids the change (closed, or locked), or an addressed version is
 *   no longer the latest;
 * - 429 `conflict`: a membership rule (already in this or another open group, not a member, not
 *   allocated, group full). The real service uses 429 for rule conflicts: it is not throttling.
 */

const API_VERSION = '1.1';
const MAX_GROUP_SIZE = 10_000;
const CONTENT_TYPES: Record<LabelFormatName, string> = {
  PDF: 'application/pdf',
  ZPL: 'text/plain',
  BMP: 'image/bmp',
};
const DPIS = ['203', '300', '600'];
const DEFAULT_DPI = 203;

interface ErrorDetail {
  property: string;
  code: string;
  message: string;
}

/** Thrown by route handlers; {@link route} answers it in area B's error shape. */
const detail = (property: string, code: string, message: string): ErrorDetail => ({
  property,
  code,
  message,
});

function invalid(details: ErrorDetail[]): never {
  throw new MockFailure(400, 'validation_error', 'A provided property has an invalid format', details);
}

function notFound(property: string, code: string, message: string): never {
  throw new MockFailure(404, 'not_found', message, [detail(property, code, message)]);
}

/** 409: the group's state forbids the change. */
function stateConflict(property: string, code: string, message: string): never {
  throw new MockFailure(409, 'conflict', message, [detail(property, code, message)]);
}

/** 429 `conflict`: the change breaks a membership rule. */
function ruleConflict(details: ErrorDetail[]): never {
  throw new MockFailure(
    429,
    'conflict',
    details.map((entry) => entry.message).join('; ') || 'The request conflicts with a rule',
    details,
  );
}

const ERROR_REFERENCE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function errorReference(): string {
  const random = crypto.getRandomValues(new Uint8Array(26));
  return `er_${Array.from(random, (byte) => ERROR_REFERENCE_ALPHABET[byte & 31]).join('')}`;
}

function errorResponse(
  status: number,
  code: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
): Response {
  return json(
    {
      reference: errorReference(),
      correlation_id: crypto.randomUUID(),
      code,
      message,
      details,
      _links: null,
    },
    status,
    headers,
  );
}

// --- Checks of path, query and body values ------------------------------------------------------

const REFERENCE_TAIL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const isReference = (value: unknown, prefix: string): value is string =>
  typeof value === 'string' && value.startsWith(prefix) && REFERENCE_TAIL.test(value.slice(prefix.length));

function referenceProblem(value: unknown, prefix: string, property: string): ErrorDetail | undefined {
  return isReference(value, prefix)
    ? undefined
    : detail(property, 'invalid_reference_format', `${property} must be a reference starting ${prefix}`);
}

function requireReference(value: string | undefined, prefix: string, property: string): string {
  const problem = referenceProblem(value, prefix, property);
  if (problem) invalid([problem]);
  return value as string;
}

function booleanQuery(context: RouteContext, name: string, fallback: boolean): boolean {
  const value = context.query.get(name);
  if (value === null) return fallback;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return invalid([detail(name, 'invalid_format', `${name} must be true or false`)]);
}

function labelFormat(value: string | undefined, allowed: LabelFormatName[]): LabelFormatName {
  // The OpenAPI enum and its examples write formats in lower case (`pdf`); the spec in upper case.
  const name = value?.toUpperCase() as LabelFormatName;
  if (allowed.includes(name)) return name;
  return invalid([detail('format', 'invalid_format', `format must be one of ${allowed.join(', ')}`)]);
}

function labelDpi(value: string | undefined): number {
  if (value === undefined) return DEFAULT_DPI;
  if (DPIS.includes(value)) return Number(value);
  return invalid([detail('dpi', 'invalid_format', `dpi must be one of ${DPIS.join(', ')}`)]);
}

// --- Labels ----------------------------------------------------------------------------------------

function labelledShipment(state: AreaBState, reference: string | undefined): MockShipment {
  const checked = requireReference(reference, 'sp_', 'shipment_reference');
  const shipment = state.shipments.get(checked);
  if (!shipment) notFound('shipment_reference', 'shipment_not_found', `Shipment ${checked} was not found`);
  if (!shipment.allocated) {
    notFound(
      'shipment_reference',
      'shipment_not_allocated',
      `Shipment ${checked} is not allocated to a carrier: it has no label`,
    );
  }
  return shipment;
}

function requireCarrierFormat(shipment: MockShipment, format: LabelFormatName): void {
  if (!shipment.labelFormats.includes(format)) {
    invalid([
      detail(
        'format',
        'format_not_supported',
        `${shipment.carrierName} does not offer ${format} labels (it offers ${shipment.labelFormats.join(', ')})`,
      ),
    ]);
  }
}

export interface LabelRequest {
  /** Area B's formats, and PNG, which only area A serves. */
  format: LabelFormatName | 'PNG';
  dpi: number;
  includeExtension: boolean;
  rotation?: 'left' | 'right';
  contentsReference?: string;
}

/** The destination of the shipment's consignment, as label lines: name, street, town, postcode. */
function deliverTo(store: MockStore, shipment: MockShipment): Pick<LabelContent, 'deliverTo'> {
  const consignment = shipment.consignmentReference && getConsignment(store, shipment.consignmentReference);
  const destination = consignment ? addressOfType(consignment.Addresses, 'Destination') : undefined;
  if (!destination) return {};
  const contact = (destination.Contact ?? {}) as Record<string, unknown>;
  const name = [contact.FirstName, contact.LastName].filter((part) => typeof part === 'string').join(' ');
  const lines = [
    name || destination.CompanyName,
    destination.AddressLine1,
    destination.Town,
    destination.Postcode,
  ];
  return { deliverTo: lines.filter((line): line is string => typeof line === 'string' && line !== '') };
}

/**
 * The label file of a shipment, as both areas serve it; rendering it records, in area A, that the
 * consignment's labels were printed.
 */
export function renderLabel(store: MockStore, shipment: MockShipment, request: LabelRequest): Uint8Array {
  const extension = request.includeExtension ? store.shipments.labelExtension : undefined;
  const content: LabelContent = {
    shipmentReference: shipment.reference,
    carrierName: shipment.carrierName,
    ...(request.contentsReference ? { contentsReference: request.contentsReference } : {}),
    ...(shipment.consignmentReference ? { consignmentReference: shipment.consignmentReference } : {}),
    ...deliverTo(store, shipment),
    ...(extension ? { extension } : {}),
  };
  const bytes =
    request.format === 'PDF'
      ? labelPdf(content)
      : request.format === 'ZPL'
        ? labelZpl(content, request.dpi)
        : request.format === 'PNG'
          ? labelPng(content, request.dpi)
          : labelBmp(content, request.dpi, request.rotation);
  const consignment = shipment.consignmentReference;
  if (consignment && getConsignment(store, consignment)) markLabelsPrinted(store, consignment);
  return bytes;
}

/** The label as area B's document object. */
function labelDocument(
  store: MockStore,
  shipment: MockShipment,
  request: LabelRequest & { format: LabelFormatName },
) {
  return {
    file: encodeBase64(renderLabel(store, shipment, request)),
    content_type: CONTENT_TYPES[request.format],
    document_type: 'label',
    dpi: request.dpi,
    copies: 1,
  };
}

function getLabels(context: RouteContext): Response {
  const { params, store } = context;
  const format = labelFormat(params.format, ['PDF', 'ZPL', 'BMP']);
  const dpi = labelDpi(params.dpi);
  const includeExtension = booleanQuery(context, 'include_extension', true);
  const rotation = context.query.get('rotation') ?? undefined;
  if (rotation !== undefined && rotation !== 'left' && rotation !== 'right') {
    invalid([detail('rotation', 'invalid_format', 'rotation must be left or right')]);
  }
  if (rotation !== undefined && format !== 'BMP') {
    invalid([detail('rotation', 'invalid_format', 'rotation is permitted only for BMP labels')]);
  }
  const shipment = labelledShipment(store.shipments, params.shipmentReference);
  requireCarrierFormat(shipment, format);
  // The real service answers Get Labels with one document object, not an array.
  return json(
    labelDocument(store, shipment, {
      format,
      dpi,
      includeExtension,
      ...(rotation ? { rotation: rotation as 'left' | 'right' } : {}),
    }),
  );
}

function getContentsLabel(context: RouteContext): Response {
  const { params, store } = context;
  const contentsReference = requireReference(params.contentsReference, 'sc_', 'contents_reference');
  const format = labelFormat(params.format, ['PDF', 'ZPL']);
  const dpi = labelDpi(params.dpi);
  const includeExtension = booleanQuery(context, 'include_extension', true);
  const shipment = labelledShipment(store.shipments, params.shipmentReference);
  if (!shipment.contents.some((item) => item.reference === contentsReference)) {
    notFound(
      'contents_reference',
      'contents_not_found',
      `Shipment ${shipment.reference} has no contents item ${contentsReference}`,
    );
  }
  requireCarrierFormat(shipment, format);
  // The real service answers Get Contents Label with an array.
  return json([labelDocument(store, shipment, { format, dpi, includeExtension, contentsReference })]);
}

// --- Shipment groups -------------------------------------------------------------------------------

function resourceResult(context: RouteContext, group: MockShipmentGroup, done: string) {
  return json(resourceResultBody(context, group, done));
}

function resourceResultBody(context: RouteContext, group: MockShipmentGroup, done: string) {
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

const CUSTOM_REFERENCE = /^[A-Za-z0-9._~-]{5,50}$/;

/**
 * The group with this custom reference (the open one, else the latest made) at `version`: `latest`, or
 * the number of its current version. An older version is a 409 (the caller's view is stale); a version
 * the group never reached is a 404.
 */
function groupByCustomReference(state: AreaBState, customReference = '', version = ''): MockShipmentGroup {
  const problems = [
    ...(CUSTOM_REFERENCE.test(customReference)
      ? []
      : [
          detail(
            'custom_reference',
            'invalid_format',
            'custom_reference must be 5 to 50 URL-safe characters',
          ),
        ]),
    ...(version === 'latest' || /^[1-9][0-9]{0,8}$/.test(version)
      ? []
      : [detail('version', 'invalid_format', "version must be a positive integer or 'latest'")]),
  ];
  if (problems.length > 0) invalid(problems);
  const candidates = [...state.groups.values()].filter((group) => group.custom_reference === customReference);
  const group = candidates.find((candidate) => candidate.state === 'open') ?? candidates.at(-1);
  if (!group) {
    notFound(
      'custom_reference',
      'shipment_group_not_found',
      `No shipment group has custom reference ${customReference}`,
    );
  }
  if (version !== 'latest' && Number(version) !== group.version) {
    if (Number(version) > group.version) {
      notFound('version', 'version_not_found', `Shipment group ${customReference} has no version ${version}`);
    }
    stateConflict(
      'version',
      'version_outdated',
      `Version ${version} of shipment group ${customReference} is not the latest (${group.version})`,
    );
  }
  return group;
}

function selectedGroup(context: RouteContext): MockShipmentGroup {
  const { params, store } = context;
  return params.groupReference !== undefined
    ? groupByReference(store.shipments, params.groupReference)
    : groupByCustomReference(store.shipments, params.customReference, params.version);
}

/** Add, remove and update need an open, unlocked group. */
function requireEditable(group: MockShipmentGroup): void {
  if (group.state !== 'open') {
    stateConflict('reference', 'shipment_group_closed', `Shipment group ${group.reference} is not open`);
  }
  if (group.locked) {
    stateConflict('reference', 'shipment_group_locked', `Shipment group ${group.reference} is locked`);
  }
}

/** Why `shipment` cannot join `group`, or undefined. */
function additionProblem(
  state: AreaBState,
  group: MockShipmentGroup,
  shipment: MockShipment,
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

/** Membership changes make a new version of the group. */
function changeMembership(group: MockShipmentGroup, add: string[], remove: string[]): void {
  if (add.length === 0 && remove.length === 0) return;
  group.shipments = [...group.shipments.filter((reference) => !remove.includes(reference)), ...add];
  group.version += 1;
}

function addShipmentToGroup(context: RouteContext): Response {
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

function removeShipmentFromGroup(context: RouteContext): Response {
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
 * Update Shipment Group: all or nothing. Every entry is checked first; a well-formed reference to a
 * shipment that does not exist is ignored (the real service answers 200 OK for it).
 */
function updateShipmentGroup(context: RouteContext): Response {
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
  const conflicts = additions.flatMap(({ problem }) =>
    problem && problem.code !== 'shipment_already_in_group' ? [problem] : [],
  );
  if (conflicts.length > 0) ruleConflict(conflicts);
  const skipped = new Set(unchanged.map(({ reference }) => reference));
  const adding = add.filter((reference) => known(reference) && !skipped.has(reference));
  requireRoom(group, adding.length);
  changeMembership(
    group,
    adding,
    remove.filter((reference) => known(reference) && !skipped.has(reference)),
  );
  if (unchanged.length === 0) return resourceResult(context, group, 'updated');
  const errors = unchanged.map(({ problem }) => problem);
  return json({ ...resourceResultBody(context, group, 'updated'), errors }, 207);
}

function setLock(locked: boolean) {
  return (context: RouteContext): Response => {
    const group = groupByReference(context.store.shipments, context.params.groupReference);
    // Only an open group can be locked; unlocking has no stated condition.
    if (locked && group.state !== 'open') {
      stateConflict('reference', 'shipment_group_closed', `Shipment group ${group.reference} is not open`);
    }
    if (!locked && group.state !== 'open') {
      stateConflict('reference', 'shipment_group_closed', `Shipment group ${group.reference} is closed`);
    }
    // The OpenAPI: 409 "already locked (unlocked)". A retried lock whose first answer was lost meets it.
    if (group.locked === locked) {
      stateConflict(
        'reference',
        locked ? 'shipment_group_already_locked' : 'shipment_group_already_unlocked',
        `Shipment group ${group.reference} is already ${locked ? 'locked' : 'unlocked'}`,
      );
    }
    group.locked = locked;
    group.lockedAt = locked ? context.store.now().toISOString() : undefined;
    return resourceResult(context, group, locked ? 'locked' : 'unlocked');
  };
}

/**
 * POST /shipment_groups `{ custom_reference, shipments }`: a new open, unlocked group. `shipments` is
 * required (it may be empty); a custom reference an open group already has is a 400. Shipments that
 * cannot join (unknown, unallocated, in another open group) are left out and listed in `errors`, with
 * 207; else 201.
 */
function createShipmentGroup(context: RouteContext): Response {
  const { store } = context;
  if (context.body === null || typeof context.body !== 'object' || Array.isArray(context.body)) {
    invalid([detail('', 'invalid_format', 'The body must be a JSON object')]);
  }
  const body = context.body as Record<string, unknown>;
  const customReference = body.custom_reference;
  if (typeof customReference !== 'string' || !CUSTOM_REFERENCE.test(customReference)) {
    invalid([
      detail('custom_reference', 'invalid_format', 'custom_reference must be 5 to 50 URL-safe characters'),
    ]);
  }
  if (!Array.isArray(body.shipments)) {
    invalid([detail('shipments', 'required_property_missing', 'shipments is required (it may be empty)')]);
  }
  const references = (body.shipments as unknown[]).map((value, index) =>
    requireReference(typeof value === 'string' ? value : undefined, 'sp_', `shipments[${index}]`),
  );
  if (new Set(references).size !== references.length) {
    invalid([detail('shipments', 'duplicate_references', 'a shipment appears more than once')]);
  }
  const clash = [...store.shipments.groups.values()].find(
    (group) => group.state === 'open' && group.custom_reference === customReference,
  );
  if (clash) {
    invalid([
      detail(
        'custom_reference',
        'custom_reference_in_use',
        `Open group ${clash.reference} has custom reference ${customReference}`,
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
function getShipmentGroup(context: RouteContext): Response {
  const group = groupByReference(context.store.shipments, context.params.groupReference);
  return json({
    reference: group.reference,
    custom_reference: group.custom_reference,
    version: group.version,
    state: group.state,
    shipments: [...group.shipments],
    created: group.created ?? null,
    locked: group.locked ? (group.lockedAt ?? group.created ?? null) : null,
    closed: group.closedAt ?? null,
  });
}

/** POST /shipment_groups/:ref/close: only a locked, open group closes (409 otherwise); it is final. */
function closeShipmentGroup(context: RouteContext): Response {
  const group = groupByReference(context.store.shipments, context.params.groupReference);
  if (group.state !== 'open') {
    stateConflict(
      'reference',
      'shipment_group_closed',
      `Shipment group ${group.reference} is already closed`,
    );
  }
  if (!group.locked) {
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

// --- Documents -------------------------------------------------------------------------------------

const DOCUMENT_TITLES: Record<string, string> = {
  commercial_invoice: 'Commercial Invoice',
  cn22: 'CN22 Customs Declaration',
};

/** The documents of a shipment: a commercial invoice and a CN22 when its consignment is international. */
function documentsOf(store: MockStore, shipment: MockShipment) {
  const consignment = shipment.consignmentReference
    ? getConsignment(store, shipment.consignmentReference)
    : undefined;
  if (!consignment || !shipment.allocated || !isInternational(consignment)) return [];
  return Object.entries(DOCUMENT_TITLES).map(([type, title]) => ({
    file: encodeBase64(customsPdf(consignment, title)),
    content_type: 'application/pdf',
    document_type: type,
  }));
}

function documentShipment(context: RouteContext): MockShipment {
  const reference = requireReference(context.params.shipmentReference, 'sp_', 'shipment_reference');
  const shipment = context.store.shipments.shipments.get(reference);
  return (
    shipment ?? notFound('shipment_reference', 'shipment_not_found', `Shipment ${reference} was not found`)
  );
}

/** GET /documents/:sp: the shipment's documents, or 204 when it has none. */
function getDocuments(context: RouteContext): Response {
  const documents = documentsOf(context.store, documentShipment(context));
  return documents.length > 0 ? json(documents) : new Response(null, { status: 204 });
}

/** GET /documents/:sp/:type: one document; `label` is refused (labels come from Get Labels). */
function getDocument(context: RouteContext): Response {
  const type = context.params.documentType ?? '';
  if (type.toLowerCase() === 'label') {
    invalid([detail('document_type', 'invalid_document_type', 'labels come only from the labels endpoints')]);
  }
  const shipment = documentShipment(context);
  const document = documentsOf(context.store, shipment).find((candidate) => candidate.document_type === type);
  return document
    ? json(document)
    : notFound(
        'document_type',
        'document_not_found',
        `Shipment ${shipment.reference} has no ${type} document`,
      );
}

// --- The area ----------------------------------------------------------------------------------------

const BY_CUSTOM_REFERENCE = '/shipment_groups/custom_reference/:customReference/:version';

export const shipmentsArea: MockArea = {
  name: 'shipments',
  routes: withBatches([
    ...lifecycleRoutes,
    // A `:name` matches one segment, so the optional dpi segment takes a second route.
    route('GET', '/labels/:shipmentReference/:format', 'getLabels', getLabels),
    route('GET', '/labels/:shipmentReference/:format/:dpi', 'getLabels', getLabels),
    route(
      'GET',
      '/labels/:shipmentReference/contents/:contentsReference/:format/:dpi',
      'getContentsLabel',
      getContentsLabel,
    ),
    route('PUT', '/shipment_groups', 'updateShipmentGroup', updateShipmentGroup),
    route(
      'PUT',
      '/shipment_groups/:groupReference/shipments/:shipmentReference',
      'addShipmentToGroup',
      addShipmentToGroup,
    ),
    route(
      'PUT',
      `${BY_CUSTOM_REFERENCE}/shipments/:shipmentReference`,
      'addShipmentToGroup',
      addShipmentToGroup,
    ),
    route(
      'DELETE',
      '/shipment_groups/:groupReference/shipments/:shipmentReference',
      'removeShipmentFromGroup',
      removeShipmentFromGroup,
    ),
    route(
      'DELETE',
      `${BY_CUSTOM_REFERENCE}/shipments/:shipmentReference`,
      'removeShipmentFromGroup',
      removeShipmentFromGroup,
    ),
    route('POST', '/shipment_groups/:groupReference/lock', 'lockShipmentGroup', setLock(true)),
    route('POST', '/shipment_groups/:groupReference/unlock', 'unlockShipmentGroup', setLock(false)),
    route('POST', '/shipment_groups', 'createShipmentGroup', createShipmentGroup),
    route('GET', '/shipment_groups/:groupReference', 'getShipmentGroup', getShipmentGroup),
    route('POST', '/shipment_groups/:groupReference/close', 'closeShipmentGroup', closeShipmentGroup),
    route('GET', '/documents/:shipmentReference', 'getDocuments', getDocuments),
    route('GET', '/documents/:shipmentReference/:documentType', 'getDocument', getDocument),
  ]),
  authenticate(request, store) {
    const key = request.headers.get('x-api-key');
    if (key === null || key === '') {
      return errorResponse(401, 'unauthorised', 'The x-api-key header is missing', [
        detail('x-api-key', 'missing_api_key_header', 'Send your API key in the x-api-key header'),
      ]);
    }
    if (key !== store.apiKey) {
      return errorResponse(401, 'unauthorised', 'The API key is not valid', [
        detail('x-api-key', 'invalid_api_key', 'The API key is not valid for this environment'),
      ]);
    }
    const version = request.headers.get('x-api-version');
    if (version === null || version.trim() === '') {
      return errorResponse(400, 'version_header_missing', 'The x-api-version header is missing', [
        detail('x-api-version', 'version_header_missing', `Send x-api-version: ${API_VERSION}`),
      ]);
    }
    if (version.trim() !== API_VERSION) {
      return errorResponse(400, 'version_header_error', `API version ${version} is not supported`, [
        detail('x-api-version', 'version_header_error', `Supported: ${API_VERSION}`),
      ]);
    }
    return undefined;
  },
  error: errorResponse,
  codes: {
    invalidBody: 'validation_error',
    invalidPath: 'validation_error',
    noRoute: 'not_found',
    wrongMethod: 'method_not_allowed',
    detail: (property, message) => detail(property, 'invalid_format', message),
  },
};
