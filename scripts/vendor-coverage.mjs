// Which of the vendor's C# SDK reference endpoints (docs/vendor-endpoints.json, written by
// scripts/vendor-endpoints.mjs) the SDK wraps, and why each of the others is left out. Pure: read by
// scripts/api-docs.mjs (docs/api.md's "Coverage" section), scripts/check-vendor-reference.mjs (matching an
// operation to its endpoint) and test/docs/vendor-coverage.test.ts. "Wrapped" is never written down: it
// is computed from the operations the clients declare, so a new method shows as soon as it is declared.

/** A path's segments, parameters blanked: `/consignments/{ref:string}/cancel?[x]` → `consignments {} cancel`. */
export const segments = (path) =>
  path
    .split('?')[0]
    .replace(/\{[^}]*\}+/g, '{}')
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase()
    .split('/');

/** Each segment's parameter name, or undefined for a literal one. */
const parameterNames = (path) =>
  path
    .split('?')[0]
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((part) => /^\{(\w+)/.exec(part)?.[1]);

/** How well a reference path fits an SDK path: literal segments alike, `-1` when it does not. */
export function pathFit(sdkPath, referencePath) {
  const ours = segments(sdkPath);
  const theirs = segments(referencePath);
  if (ours.length !== theirs.length) return -1;
  let score = 0;
  for (const [index, part] of ours.entries()) {
    if (part === theirs[index]) score += part === '{}' ? 0 : 2;
    // The reference's parameter where the SDK writes its value (`docs/CN22/…` for `docs/{type}/…`): only
    // a parameter that names a kind; `cancellist` is no `{consignmentReference}`.
    else if (theirs[index] === '{}' && /(type|format)$/i.test(parameterNames(referencePath)[index] ?? ''))
      score += 1;
    else return -1;
  }
  return score;
}

/**
 * The routes the vendor's guides write differently from the reference (they win: see
 * /docs/api.md "Coverage"). Get Customer Manifests and Get Customer Manifest are under
 * `consignments/customer/` in every guide and operation page; the reference drops `customer/`.
 */
export const GUIDE_ROUTES = [
  { verb: 'GET', path: '/consignments/manifests', guidePath: '/consignments/customer/manifests' },
  {
    verb: 'GET',
    path: '/consignments/manifest/{manifestReference:string}',
    guidePath: '/consignments/customer/manifest/{manifestReference:string}',
  },
];

/** The route the guides write for a reference endpoint, when they write another. */
export function guidePathOf(endpoint) {
  return GUIDE_ROUTES.find(
    (route) =>
      route.verb === (endpoint.verb ?? '').toUpperCase() && route.path === endpoint.path.split('?')[0],
  )?.guidePath;
}

/** How well an endpoint fits an operation (`{ method, path }`): by its path or its guides' path; -1 when not. */
export function endpointFit(endpoint, operation) {
  if ((endpoint.verb ?? '').toUpperCase() !== operation.method) return -1;
  const guidePath = endpoint.guidePath ?? guidePathOf(endpoint);
  return Math.max(
    pathFit(operation.path, endpoint.path),
    guidePath ? pathFit(operation.path, guidePath) : -1,
  );
}

/** The endpoint that fits an operation best, or undefined. */
export function endpointFor(endpoints, operation) {
  let best;
  let bestScore = -1;
  for (const endpoint of endpoints) {
    const score = endpointFit(endpoint, operation);
    if (score > bestScore) [best, bestScore] = [endpoint, score];
  }
  return best;
}

/**
 * Area A operations the reference has no endpoint for: the vendor's guides and operation pages document
 * them (the call flows' delivery options, the list forms of cancel, deallocate and ready to ship, the
 * query manifest, an order's addresses, the references search, the commercial invoice).
 */
export const GUIDE_ONLY = [
  'addAddressToOrder',
  'updateAddressOnOrder',
  'getConsignmentReferences',
  'cancelConsignments',
  'deallocateConsignments',
  'setReadyToShip',
  'setNotReadyToShip',
  'manifestConsignmentsFromQuery',
  'getCommercialInvoice',
  'getDeliveryOptions',
  'getPickupOptions',
  'getDeliveryOptionSummary',
  'getDeliveryOption',
  'reservePickupOption',
  'selectDeliveryOption',
  'selectDeliveryOptionsAsOrders',
  'selectDeliveryOptionAsConsignment',
];

const ADMINISTRATION = 'account administration (users, roles and their permissions)';
const SET_UP = "account set-up, done in the vendor's web application";
const STATIC = "the vendor's reference data for its web application's forms";

/**
 * Why each endpoint the SDK does not wrap is left out, by verb and path (the reference's, query left
 * off). The first rule that matches gives the reason; an endpoint an operation wraps needs none.
 */
export const LEFT_OUT = [
  { verb: 'ALL', path: /^\/roles(\/|$)/, reason: ADMINISTRATION },
  { verb: 'ALL', path: /^\/security\/permissions$/, reason: ADMINISTRATION },
  { verb: 'ALL', path: /^\/security\/signout$/, reason: `${ADMINISTRATION}: signs a web session out` },
  {
    verb: 'ALL',
    path: /^\/security\/staticdata\//,
    reason: `${STATIC} (countries, currencies, regions, time zones, titles, built-in roles): an integrator sends ISO codes, which the SDK's types already take`,
  },
  {
    verb: 'ALL',
    path: /^\/carrierTrackingEvents$/i,
    reason: 'carriers call it to post their tracking events',
  },
  {
    verb: 'ALL',
    path: /^\/rates\/management\/static\//,
    reason: `${STATIC}: rate management (tax rates, dimension units) is not part of the integrator's API`,
  },
  { verb: 'POST', path: /^\/servicegroups$/, reason: SET_UP },
  { verb: 'PUT', path: /^\/servicegroups\/\{[^}]+\}$/, reason: SET_UP },
  { verb: 'DELETE', path: /^\/servicegroups\/\{[^}]+\}$/, reason: SET_UP },
  { verb: 'POST', path: /^\/packagesizes\/?$/, reason: SET_UP },
  { verb: 'PUT', path: /^\/packagesizes\/\{[^}]+\}(\/default)?$/, reason: SET_UP },
  { verb: 'DELETE', path: /^\/packagesizes\/\{[^}]+\}$/, reason: SET_UP },
  { verb: 'POST', path: /^\/shippinglocations$/, reason: SET_UP },
  { verb: 'PUT', path: /^\/shippinglocations\/\{[^}]+\}$/, reason: SET_UP },
  { verb: 'DELETE', path: /^\/shippinglocations\/\{[^}]+\}$/, reason: SET_UP },
  {
    verb: 'GET',
    path: /^\/shippinglocations\/\{[^}]+\}\/available$/,
    reason: `${SET_UP}: whether a new shipping location's reference is free, asked only when creating one`,
  },
  { verb: 'ALL', path: /^\/collectioncalend[ae]r\//, reason: SET_UP, except: 'GET' },
  {
    verb: 'GET',
    path: /^\/consignments\/invoiceservice\//,
    reason:
      "the vendor's billing: it takes the customer's own account GUID, which an integrator's API key does not give",
  },
  {
    verb: 'GET',
    path: /^\/carriers\/getcustomercarriers\//,
    reason:
      "account administration: it takes a customer's account GUID; the carriers an integrator may use are `orders.carrierServices.listCarriers()`",
  },
  {
    verb: 'POST',
    path: /^\/events\/consignments(\/summary)?$/,
    reason:
      "not typed with confidence: the reference's endpoint says the answer is a bare list (`List<ConsignmentEventPayload>`, `EventSummary`) where its method returns an object holding one (`ConsignmentEventPayloadResponse.Events`, `EventSummaryResponse.EventSummaries`); it documents no status, and no guide or operation page shows a request or an answer",
  },
  {
    verb: 'POST',
    path: /^\/events\/consignmentstateevents$/,
    reason:
      'not typed with confidence: each answered `ConsignmentPayload` lists its `Packages` as `PackagePayload`, a data contract none of whose members is a data member, so what a package carries on the wire is undefined; it documents no status, and no guide or operation page shows a request or an answer',
  },
];

/** The reason an endpoint is left out, or undefined when no rule names it. */
export function reasonFor(endpoint) {
  const path = endpoint.path.split('?')[0];
  const verb = endpoint.verb.toUpperCase();
  return LEFT_OUT.find(
    (rule) => (rule.verb === 'ALL' ? rule.except !== verb : rule.verb === verb) && rule.path.test(path),
  )?.reason;
}

/**
 * Every endpoint with the methods that wrap it (`orders.serviceGroups.get`) or the reason it is left
 * out; and the problems: an endpoint neither wrapped nor given a reason, an area A operation that fits
 * no endpoint and is not one the guides alone document (`guideOnly`, by operation id).
 *
 * @param endpoints - docs/vendor-endpoints.json's `endpoints`
 * @param methods - area A's declared methods (`{ path, operations: [{ name, method, path }] }`)
 * @param guideOnly - area A operation ids the reference has no endpoint for (the guides document them)
 */
export function coverage(endpoints, methods, guideOnly = GUIDE_ONLY) {
  const rows = endpoints.map((endpoint) => ({ ...endpoint, methods: [], operations: [] }));
  const problems = [];
  // Each operation with the methods that send it alone (else every method that sends it): a method
  // that composes operations others send (a wait, a print run) is listed only where nothing else is.
  const byOperation = new Map();
  for (const method of methods) {
    for (const operation of method.operations) {
      // By id and request: one operation may be sent on several paths (labels with and without a format).
      const key = `${operation.name} ${operation.method} ${operation.path}`;
      const entry = byOperation.get(key) ?? { operation, alone: [], any: [] };
      if (method.operations.every((other) => other.name === operation.name)) entry.alone.push(method.path);
      entry.any.push(method.path);
      byOperation.set(key, entry);
    }
  }
  const fitted = new Set();
  for (const { operation, alone, any } of byOperation.values()) {
    let best = -1;
    for (const row of rows) best = Math.max(best, endpointFit(row, operation));
    // Every row it fits best: the reference writes Get Customer Manifests twice (with and without its query).
    const fitting = best < 0 ? [] : rows.filter((row) => endpointFit(row, operation) === best);
    for (const row of fitting) {
      if (!row.operations.includes(operation.name)) row.operations.push(operation.name);
      for (const path of alone.length ? alone : any) if (!row.methods.includes(path)) row.methods.push(path);
    }
    if (fitting.length > 0) fitted.add(operation.name);
  }
  // An operation sent on several paths fits when one of them does.
  for (const { operation } of byOperation.values()) {
    if (fitted.has(operation.name) || guideOnly.includes(operation.name)) continue;
    fitted.add(operation.name);
    problems.push(
      `${operation.name} (${operation.method} /${operation.path}): no endpoint of docs/vendor-endpoints.json fits it, and it is not in GUIDE_ONLY (scripts/vendor-coverage.mjs)`,
    );
  }
  for (const row of rows) {
    row.reason = row.methods.length ? undefined : reasonFor(row);
    if (!row.methods.length && !row.reason)
      problems.push(`${row.verb} ${row.path} (${row.title}): neither wrapped nor given a reason`);
  }
  return { rows, problems };
}
