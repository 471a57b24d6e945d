// The exchanges scripts/check-openapi.mjs checks: every ShipmentsClient method driven through the
// shipped mock over HTTP, on its success paths and on the documented errors the mock produces, each
// request and answer recorded through the client's `fetch` option. A few error paths the client refuses
// to send (a body the files forbid) go through the same recording fetch without the client, so that the
// mock's answer to them is checked too.
import { tsImport } from 'tsx/esm/api';

/** A Create Shipment body: one 1.2 kg item from a Leeds warehouse to York. */
function shipmentRequest(overrides = {}) {
  return {
    shipment_type: 'scheduled',
    direction: 'outbound',
    custom_reference: 'ORDER-1001',
    contents: [
      {
        description: 'Trainers',
        quantity: 1,
        weight: { value: 1.2, unit: 'kg' },
        value: { amount: 59, currency: 'GBP' },
      },
    ],
    addresses: [
      {
        address_type: 'origin',
        shipping_location_reference: 'SL-LEEDS-01',
        address_line1: '1 Warehouse Way',
        country_iso_code: 'GB',
      },
      {
        address_type: 'destination',
        address_line1: '1 High Street',
        locality: 'York',
        postal_code: 'YO1 1AA',
        country_iso_code: 'GB',
        contact: { first_name: 'Ann', last_name: 'Lee', contact_details: { email: 'ann@example.com' } },
      },
    ],
    ...overrides,
  };
}

/** An area A order (sent with OrdersClient, not checked): how the mock makes a shipment with customs documents. */
function orderInput(destination) {
  const country = (name, code) => ({ Name: name, IsoCode: { TwoLetterCode: code } });
  return {
    OrderReferenceProvidedByCustomer: 'WEB-1001',
    Packages: [
      {
        Items: [
          {
            Sku: 'MUG-BLUE',
            Description: 'Blue mug',
            CountryOfOrigin: { IsoCode: { TwoLetterCode: 'GB' } },
            Weight: { Value: 0.4, Unit: 'Kg' },
            Value: { Amount: 12.5, Currency: { IsoCode: 'GBP' } },
          },
        ],
        Weight: { Value: 0.5, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 15, Height: 12 },
      },
    ],
    Addresses: [
      {
        AddressType: 'Origin',
        ShippingLocationReference: 'SL-LONDON',
        CompanyName: 'Mugs Ltd',
        AddressLine1: '1 Warehouse Way',
        Town: 'London',
        Postcode: 'E1 1AA',
        Country: country('United Kingdom', 'GB'),
      },
      destination === 'FR'
        ? {
            AddressType: 'Destination',
            Contact: { FirstName: 'Marie', LastName: 'Curie', Email: 'marie@example.com' },
            AddressLine1: '11 Rue Pierre et Marie Curie',
            Town: 'Paris',
            Postcode: '75005',
            Country: country('France', 'FR'),
          }
        : {
            AddressType: 'Destination',
            Contact: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
            AddressLine1: '12 Analytical Row',
            Town: 'Manchester',
            Postcode: 'M1 1AA',
            Country: country('United Kingdom', 'GB'),
          },
    ],
  };
}

/** A Create Shipment body with most of the optional fields the file has, to see them echoed back. */
function richShipmentRequest() {
  const [origin, destination] = shipmentRequest().addresses;
  return shipmentRequest({
    custom_reference: 'ORDER-RICH-1',
    required_delivery_date: { start: '2026-12-01T09:00:00+00:00', end: '2026-12-02T17:00:00+00:00' },
    required_shipping_date: { start: '2026-11-30T09:00:00+00:00', end: null },
    order_date: '2026-11-25T08:00:00+00:00',
    metadata: [{ key: 'channel', value: 'web', type: 'string' }],
    label_properties: [{ key: 'gift', value: 'yes' }],
    source: 'web-shop',
    tenant: 'tenant-1',
    channel: 'online',
    customs_documentation: {
      category_type: 'sale_of_goods',
      reason_for_export: 'Sale',
      invoice_number: 'INV-1',
      invoice_date: '2026-11-25T08:00:00+00:00',
      total_customs_value: { amount: 59, currency: 'GBP' },
    },
    contents: [
      {
        custom_reference: 'LINE-1',
        sku: 'TR-42',
        description: 'Trainers',
        model: 'Runner',
        country_of_origin: 'GB',
        harmonisation_code: '640411',
        quantity: 1,
        unit: 'pair',
        weight: { value: 1.2, unit: 'kg' },
        dimensions: { length: 30, width: 20, height: 12, unit: 'cm' },
        value: { amount: 59, currency: 'GBP', discount: 0 },
        metadata: [{ key: 'colour', value: 'red', type: 'string' }],
        label_properties: [{ key: 'size', value: '9' }],
        contents: [{ description: 'Insoles', quantity: 2, value: { amount: 5, currency: 'GBP' } }],
      },
    ],
    addresses: [
      { ...origin, company_name: 'Shoes Ltd', lat_long: { latitude: 53.8, longitude: -1.55 } },
      {
        ...destination,
        property_number: '1',
        address_line2: 'Flat 2',
        region: 'North Yorkshire',
        special_instructions: 'Leave with neighbour',
        contact: {
          ...destination.contact,
          title: 'Ms',
          contact_details: { email: 'ann@example.com', mobile: '07700900000' },
        },
      },
    ],
  });
}

const UNKNOWN_SHIPMENT = 'sp_00000000000000000000000000000404';
const PDF_BASE64 = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

/**
 * Runs the scenario against a fresh mock on loopback. Answers the exchanges and the client methods
 * called; a step whose outcome is not the one expected is listed in `unexpected`.
 */
export async function runExchanges(root) {
  const sdk = await tsImport(`${root}/src/index.ts`, import.meta.url);
  const testing = await tsImport(`${root}/src/testing/index.ts`, import.meta.url);
  const catalog = await tsImport(`${root}/src/operation-catalog.ts`, import.meta.url);
  const mock = testing.createMockService();
  const server = await mock.listen(0);
  const exchanges = [];
  const methods = new Set();
  const unexpected = [];
  const unreadable = [];
  let step = '';

  /** The client's fetch: sends, and keeps a copy of the request and the answer. */
  const recordingFetch = async (input, init, invalidOnPurpose = false) => {
    const request = new Request(input, init);
    const requestBody = request.body ? await request.clone().text() : '';
    let response;
    try {
      response = await fetch(request);
    } catch (error) {
      // fetch turns some answers into a network error (a 407, by the fetch standard): nothing to check.
      unreadable.push(`${step}: ${request.method} ${request.url.replace(server.shipmentsUrl, '')}`);
      throw error;
    }
    const responseBody = await response.clone().text();
    exchanges.push({
      step,
      invalidOnPurpose,
      baseUrl: server.shipmentsUrl,
      method: request.method,
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      requestBody,
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody,
    });
    return response;
  };
  const client = new sdk.ShipmentsClient({
    apiKey: mock.apiKey,
    baseUrl: server.shipmentsUrl,
    fetch: recordingFetch,
    maxRetries: 0,
  });
  const orders = new sdk.OrdersClient({ apiKey: mock.apiKey, baseUrl: server.ordersUrl, maxRetries: 0 });

  /** Calls a client method; `expect` is 'ok' or the error class name the step is for. */
  async function call(method, args, expect = 'ok') {
    step = `${method}${expect === 'ok' ? '' : ` (${expect})`}`;
    methods.add(method);
    try {
      // Steps are named by operation id; the method is the one the clients declare as sending it alone.
      const path = (catalog.methodOfOperation('shipments', method) ?? method).split('.');
      const name = path.pop();
      const owner = path.reduce((resource, key) => resource[key], client);
      const result = await owner[name](...args);
      if (expect !== 'ok' && expect !== 'any') unexpected.push(`${step}: succeeded`);
      return result;
    } catch (error) {
      const name = error?.name ?? String(error);
      if (expect === 'ok' || (expect !== 'any' && name !== expect)) {
        unexpected.push(`${step}: ${name}: ${error?.message ?? ''}`.slice(0, 400));
      }
      return undefined;
    }
  }
  /**
   * A request the files forbid, sent without the client (which would refuse it), so that the mock's
   * answer to it is checked; its own body is not.
   */
  async function raw(label, method, path, body) {
    step = `raw ${label}`;
    const response = await recordingFetch(
      `${server.shipmentsUrl}${path}`,
      {
        method,
        headers: {
          'x-api-key': mock.apiKey,
          'x-api-version': '1.1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      true,
    );
    return response.status;
  }
  /**
   * A request through the mock's own fetch (in process, no HTTP): how the 407 the files document for two
   * bulk allocations is read at all, as fetch over HTTP turns a 407 into a network error.
   */
  const IN_PROCESS = 'https://api.sorted.com/prosandbox';
  async function inProcess(label, method, path, body) {
    step = `in process ${label}`;
    const init = {
      method,
      headers: { 'x-api-key': mock.apiKey, 'x-api-version': '1.1', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    const response = await mock.fetch(`${IN_PROCESS}${path}`, init);
    const responseBody = await response.text();
    exchanges.push({
      step,
      invalidOnPurpose: false,
      baseUrl: IN_PROCESS,
      method,
      url: `${IN_PROCESS}${path}`,
      requestHeaders: init.headers,
      requestBody: init.body,
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody,
    });
    return response.status;
  }
  const create = async (overrides) => (await call('createShipment', [shipmentRequest(overrides)]))?.reference;

  try {
    // Shipments and quotes.
    await call('createQuote', [shipmentRequest()]);
    await call('createQuoteForServiceGroup', ['domestic', shipmentRequest()]);
    const quoted = await create();
    await call('getShipment', [quoted]);
    await call('updateShipment', [
      { ...shipmentRequest({ custom_reference: 'ORDER-1001-B' }), reference: quoted },
    ]);
    const quotes = await call('getQuotesForShipment', [quoted]);
    await call('allocateShipmentWithQuote', [quoted, quotes?.quotes?.[0]?.reference]);
    await call('getShipmentStateCounts', []);
    // A shipment with most optional fields, read back, quoted, allocated and read again.
    const rich = (await call('createShipment', [richShipmentRequest()]))?.reference;
    await call('getShipment', [rich]);
    await call('createQuote', [richShipmentRequest()]);
    await call('allocateShipmentWithCarrierService', [rich, 'MOCK-24']);
    await call('getShipment', [rich]);
    await call('getLabels', [rich, { format: 'zpl', dpi: 300 }]);
    await call('manifestShipment', [rich]);
    await call('getShipment', [rich]);
    await call('getShipmentTracking', [rich]);
    // One shipment at a time, each way.
    const byService = await create({ custom_reference: 'BY-SERVICE' });
    await call('allocateShipmentWithCarrierService', [byService, 'MOCK-24']);
    const byGroup = await create();
    await call('allocateShipmentWithServiceGroup', [byGroup, 'domestic']);
    const byVirtual = await create();
    await call('allocateShipmentWithVirtualService', [byVirtual, 'MOCK-48']);
    const byRules = await create();
    await call('allocateShipment', [byRules]);
    await call('deallocateShipment', [byRules]);

    // Lists.
    const listA = await create();
    const listB = await create();
    await call('allocateShipments', [[listA, listB]]);
    const filtered = await create();
    await call('allocateShipmentsWithFilters', [[filtered], { direction: 'outbound' }]);
    const listService = await create();
    await call('allocateShipmentsWithCarrierService', [[listService], 'MOCK-24']);
    const listGroup = await create();
    await call('allocateShipmentsWithServiceGroup', [[listGroup], 'domestic']);
    const partial = await create();
    await call('allocateShipmentsWithCarrierService', [[partial, UNKNOWN_SHIPMENT], 'MOCK-24'], 'any');

    // Labels.
    await call('getLabels', [byService, { format: 'PDF', dpi: 203 }]);
    await call('getLabels', [byService, { format: 'ZPL' }]);
    const contents = (await call('getShipment', [byService]))?.contents?.[0]?.reference;
    await call('getContentsLabel', [byService, contents, { format: 'PDF', dpi: 203 }]);

    // Paperless documents.
    const paperless = await create();
    const added = await call('addPaperlessDocument', [
      paperless,
      { file_content: PDF_BASE64, file_format: 'pdf', document_type: 'commercial_invoice', usage: 'pricing' },
    ]);
    await call('getPaperlessDocument', [added?.reference]);
    await call('removePaperlessDocument', [added?.reference]);
    await call('getPaperlessDocument', [added?.reference], 'any');

    // Groups, collection notes, manifests.
    const group = (
      await call('createShipmentGroup', [{ custom_reference: 'EVENING-RUN', shipments: [byService] }])
    )?.reference;
    await call('getShipmentGroup', [group]);
    await call('addShipmentToGroup', [{ reference: group }, byGroup]);
    await call('removeShipmentFromGroup', [{ reference: group }, byGroup]);
    await call('addShipmentToGroup', [{ customReference: 'EVENING-RUN', version: 'latest' }, byGroup]);
    await call('removeShipmentFromGroup', [{ customReference: 'EVENING-RUN', version: 1 }, byGroup]);
    await call('addShipmentToGroup', [{ customReference: 'EVENING-RUN', version: 1 }, byGroup]);
    await call('removeShipmentFromGroup', [{ customReference: 'EVENING-RUN', version: 'latest' }, byGroup]);
    await call('updateShipmentGroup', [{ reference: group, add_shipments: [byVirtual] }]);
    await call('updateShipmentGroup', [{ reference: group, remove_shipments: [byVirtual] }]);
    await call('lockShipmentGroup', [group]);
    await call('getCollectionNote', [{ reference: group }]);
    await call('getCollectionNote', [{ customReference: 'EVENING-RUN', version: 'latest' }]);
    await call('getCollectionNote', [{ customReference: 'EVENING-RUN', version: 1 }]);
    await call('unlockShipmentGroup', [group]);
    await call('lockShipmentGroup', [group]);
    const manifested = await call('manifestShipmentGroup', [group]);
    await call('closeShipmentGroup', [group]);
    await call('lockShipmentGroup', [group], 'ConflictError');
    await call('manifestShipment', [quoted]);
    const listManifest = await call('manifestShipments', [[listA, listB]]);
    const manifestRef =
      listManifest?.manifest_results?.[0]?.reference ?? manifested?.manifest_results?.[0]?.reference;
    await call('getManifest', [manifestRef]);
    await call('getShipmentTracking', [quoted]);
    const noGroupShipment = await create();
    await call('createShipmentGroup', [{ shipments: [noGroupShipment] }], 'any');

    // Cancel, delete, state changes.
    await call('cancelShipment', [listService]);
    await call('deleteShipment', [listService]);
    const toReady = { reference: listGroup, state: 'ready_to_ship', reason: 'Packed and waiting' };
    await call('changeShipmentState', [toReady]);
    await call('changeShipmentState', [toReady]);
    await call('changeShipmentState', [{ ...toReady, state: 'manifested' }], 'BadRequestError');
    await call('cancelShipment', [quoted], 'any');

    // Customs documents, on shipments area A made (one to France, one at home).
    const abroad = await allocatedThroughOrders(orders, mock, orderInput('FR'));
    const home = await allocatedThroughOrders(orders, mock, orderInput('GB'));
    await call('getDocuments', [abroad]);
    await call('getDocument', [abroad, 'commercial_invoice']);
    await call('getDocument', [abroad, 'cn22']);
    await call('getDocument', [abroad, 'cn23']);
    await call('getDocuments', [home]);
    await call('getDocument', [home, 'cn22']);

    // Errors the files document.
    await call('getShipment', [UNKNOWN_SHIPMENT], 'NotFoundError');
    await call('getShipmentTracking', [UNKNOWN_SHIPMENT], 'NotFoundError');
    await call('getLabels', [UNKNOWN_SHIPMENT, { format: 'PDF', dpi: 203 }], 'NotFoundError');
    await call('getDocuments', [UNKNOWN_SHIPMENT], 'NotFoundError');
    await call('getDocument', [UNKNOWN_SHIPMENT, 'cn22'], 'NotFoundError');
    await call('getManifest', ['ma_00000000000000000000000000000404'], 'NotFoundError');
    await call('getPaperlessDocument', ['pd_00000000000000000000000000000404'], 'NotFoundError');
    await call('getCollectionNote', [{ reference: 'sg_00000000000000000000000000000404' }], 'NotFoundError');
    await call('getShipmentGroup', ['sg_00000000000000000000000000000404'], 'NotFoundError');
    await call('cancelShipment', [UNKNOWN_SHIPMENT], 'NotFoundError');
    await call('allocateShipmentWithCarrierService', [UNKNOWN_SHIPMENT, 'MOCK-24'], 'any');
    await call('allocateShipmentWithQuote', [byGroup, 'qu_00000000000000000000000000000404'], 'any');
    await call('manifestShipment', [UNKNOWN_SHIPMENT], 'any');
    await call('deleteShipment', [byGroup], 'any');
    const unallocated = await create();
    await call('getLabels', [unallocated, { format: 'PDF', dpi: 203 }], 'any');
    await call('getShipmentTracking', [unallocated], 'any');
    // Group rules, partial successes and business outcomes.
    const member = await create();
    await call('allocateShipmentWithCarrierService', [member, 'MOCK-24']);
    const other = await create();
    await call('allocateShipmentWithCarrierService', [other, 'MOCK-24']);
    const open = (
      await call('createShipmentGroup', [{ custom_reference: 'MORNING-RUN', shipments: [member] }])
    )?.reference;
    await call('addShipmentToGroup', [{ reference: open }, member], 'any');
    await call('removeShipmentFromGroup', [{ reference: open }, other], 'any');
    await call('addShipmentToGroup', [{ reference: open }, UNKNOWN_SHIPMENT], 'any');
    await call('updateShipmentGroup', [{ reference: open, add_shipments: [UNKNOWN_SHIPMENT] }], 'any');
    await call('updateShipmentGroup', [{ reference: open, add_shipments: [other, unallocated] }], 'any');
    await call(
      'updateShipmentGroup',
      [{ reference: 'sg_00000000000000000000000000000404', add_shipments: [other] }],
      'any',
    );
    await call('createShipmentGroup', [{ custom_reference: 'SECOND-RUN', shipments: [member] }], 'any');
    await call('createShipmentGroup', [{ shipments: [UNKNOWN_SHIPMENT] }], 'any');
    await call('getCollectionNote', [{ reference: open }], 'any');
    await call('getCollectionNote', [{ customReference: 'NO-SUCH-RUN', version: 'latest' }], 'any');
    await call('getCollectionNote', [{ customReference: 'MORNING-RUN', version: 7 }], 'any');
    await call('unlockShipmentGroup', [open], 'any');
    await call('closeShipmentGroup', [open], 'any');
    await call('lockShipmentGroup', [open]);
    await call('lockShipmentGroup', [open], 'any');
    await call('addShipmentToGroup', [{ reference: open }, other], 'any');
    await call('manifestShipmentGroup', ['sg_00000000000000000000000000000404'], 'any');
    const heavy = shipmentRequest({
      contents: [
        {
          description: 'Anvil',
          quantity: 1,
          weight: { value: 2000, unit: 'kg' },
          value: { amount: 59, currency: 'GBP' },
        },
      ],
    });
    await call('createQuote', [heavy], 'any');
    const tooHeavy = (await call('createShipment', [heavy]))?.reference;
    await call('getQuotesForShipment', [tooHeavy], 'any');
    await call('allocateShipmentWithCarrierService', [tooHeavy, 'MOCK-24'], 'any');
    await call('allocateShipmentWithServiceGroup', [tooHeavy, 'domestic'], 'any');
    await call('allocateShipmentWithVirtualService', [tooHeavy, 'MOCK-48'], 'any');
    await call('allocateShipment', [tooHeavy], 'any');
    await call('allocateShipments', [[tooHeavy]], 'any');
    await call('allocateShipmentsWithFilters', [[tooHeavy], { direction: 'outbound' }], 'any');
    const light = await create();
    await call('allocateShipmentsWithServiceGroup', [[light, tooHeavy], 'domestic'], 'any');
    const light2 = await create();
    await call('allocateShipments', [[light2, tooHeavy]], 'any');
    await call('allocateShipmentsWithServiceGroup', [[UNKNOWN_SHIPMENT], 'domestic'], 'any');
    // Partial successes: one listed shipment already allocated, the other queued (207 / 407).
    await call('allocateShipments', [[member, await create()]], 'OutcomeUnknownError');
    await call('allocateShipmentsWithCarrierService', [[member, await create()], 'MOCK-24'], 'any');
    await call(
      'allocateShipmentsWithServiceGroup',
      [[member, await create()], 'domestic'],
      'OutcomeUnknownError',
    );
    await call('allocateShipmentsWithFilters', [[member, await create()], { direction: 'outbound' }], 'any');
    await inProcess('allocateShipments, one already allocated', 'PUT', '/shipments/allocate', {
      shipments: [member, await create()],
    });
    await inProcess(
      'allocateShipmentsWithServiceGroup, one already allocated',
      'PUT',
      '/shipments/allocate/service_group',
      {
        shipments: [member, await create()],
        service_group: 'domestic',
      },
    );
    await call('allocateShipmentsWithCarrierService', [[member], 'MOCK-24'], 'any');
    await call('manifestShipments', [[member, unallocated]], 'any');
    await call('allocateShipmentWithServiceGroup', [unallocated, 'no-such-group'], 'any');
    await call('allocateShipmentWithVirtualService', [unallocated, 'NO-SUCH-SERVICE'], 'any');
    await call('manifestShipment', [unallocated], 'any');
    await call('manifestShipments', [[unallocated]], 'any');
    await call('manifestShipments', [[UNKNOWN_SHIPMENT]], 'any');
    await call('deallocateShipment', [unallocated], 'any');
    await call('deallocateShipment', [UNKNOWN_SHIPMENT], 'any');
    await call(
      'addPaperlessDocument',
      [member, { file_content: PDF_BASE64, file_format: 'pdf', document_type: 'invoice', usage: 'pricing' }],
      'any',
    );
    await call(
      'addPaperlessDocument',
      [
        UNKNOWN_SHIPMENT,
        { file_content: PDF_BASE64, file_format: 'pdf', document_type: 'invoice', usage: 'pricing' },
      ],
      'any',
    );
    await call('removePaperlessDocument', [added?.reference], 'any');
    await call('removePaperlessDocument', ['pd_00000000000000000000000000000404'], 'any');
    await call('cancelShipment', [listService], 'any');
    await call('cancelShipment', [unallocated]);
    await call('cancelShipment', [unallocated], 'any');
    await call('deleteShipment', [member], 'any');
    await call('deleteShipment', [UNKNOWN_SHIPMENT], 'any');
    await call(
      'changeShipmentState',
      [{ reference: UNKNOWN_SHIPMENT, state: 'ready_to_ship', reason: 'Packed and waiting' }],
      'any',
    );
    await call('updateShipment', [{ ...shipmentRequest(), reference: member }], 'any');
    await call('updateShipment', [{ ...shipmentRequest(), reference: UNKNOWN_SHIPMENT }], 'any');
    await call('getQuotesForShipment', [UNKNOWN_SHIPMENT], 'any');
    await call(
      'getContentsLabel',
      [byService, 'sc_00000000000000000000000000000404', { format: 'PDF', dpi: 203 }],
      'any',
    );
    await call('getShipmentTracking', [member]);

    // Values the client lets through to the service, which refuses them: each request must still be one
    // the files allow (an open enum is a string there), and the answer a documented error.
    await call('createShipment', [shipmentRequest({ order_date: '2026-11-25' })], 'any');
    await call('createShipment', [shipmentRequest({ metadata: [{ key: 'k', value: 'v', type: 'colour' }] })]);
    const paperlessTarget = await create();
    const paperlessBody = {
      file_content: PDF_BASE64,
      file_format: 'pdf',
      document_type: 'invoice',
      usage: 'pricing',
    };
    await call(
      'addPaperlessDocument',
      [paperlessTarget, { ...paperlessBody, expiration: 'tomorrow' }],
      'any',
    );
    await call('addPaperlessDocument', [paperlessTarget, { ...paperlessBody, usage: 'whatever' }], 'any');
    await call('addPaperlessDocument', [paperlessTarget, { ...paperlessBody, document_type: 'nope' }], 'any');
    await call('allocateShipmentsWithFilters', [[paperlessTarget], { direction: 'sideways' }], 'any');
    const bogusState = { reference: paperlessTarget, state: 'bogus_state', reason: 'Because it is' };
    await call('changeShipmentState', [bogusState], 'any');

    // Requests the files refuse, to see the mock's answers.
    const stillOpen = await create();
    await raw('getShipment, a short reference', 'GET', '/shipments/sp_1');
    await raw('getTracking, a short reference', 'GET', '/tracking/sp_1');
    await raw('getLabels, a short reference', 'GET', '/labels/sp_1/pdf/203');
    await raw('getLabels, an unknown format', 'GET', `/labels/${byService}/png/203`);
    await raw('getLabels, an unknown dpi', 'GET', `/labels/${byService}/pdf/1`);
    await raw('getDocuments, a short reference', 'GET', '/documents/sp_1');
    await call('getDocument', [abroad, 'collection_note'], 'RequestValidationError');
    await raw('getPaperlessDocument, a short reference', 'GET', '/documents/paperless/pd_1');
    await raw('getShipmentGroup, a short reference', 'GET', '/shipment_groups/sg_1');
    await raw('getManifest, a short reference', 'GET', '/shipments/manifests/ma_1');
    await raw('getCollectionNote, a short reference', 'GET', '/collection_notes/shipment_group/sg_1');
    await raw('cancelShipment, a short reference', 'PUT', '/shipments/sp_1/cancel');
    await raw('createQuote, no addresses', 'POST', '/shipments/quote', {
      ...shipmentRequest(),
      addresses: [],
    });
    await raw('updateShipmentGroup, empty lists', 'PUT', '/shipment_groups', {
      reference: open,
      add_shipments: [],
    });
    await raw('allocateShipments, no shipments', 'PUT', '/shipments/allocate', { shipments: [] });
    await raw('manifestShipments, no shipments', 'PUT', '/shipments/manifest', { shipments: [] });
    await raw('getQuotesForShipment, a short reference', 'POST', '/shipments/sp_1/quote');
    await raw('addPaperlessDocument, after allocation', 'POST', `/documents/paperless/${stillOpen}`, {});
    await raw('createShipment, an unknown field', 'POST', '/shipments', {
      ...shipmentRequest(),
      colour: 'red',
    });
    await raw('createShipmentGroup, no shipments', 'POST', '/shipment_groups', { shipments: [] });
    await raw('addPaperlessDocument, a 4-letter format', 'POST', `/documents/paperless/${unallocated}`, {
      file_content: PDF_BASE64,
      file_format: 'pdfx',
      document_type: 'invoice',
      usage: 'pricing',
    });
    await raw('changeShipmentState, no reason', 'PUT', '/shipments/state', {
      reference: unallocated,
      state: 'x',
    });
  } finally {
    await server.close();
  }
  return { exchanges, methods: [...methods], unexpected, unreadable };
}

/** Creates, packs and allocates an order with OrdersClient: the mock makes the shipment for it. */
async function allocatedThroughOrders(orders, mock, input) {
  const order = await orders.create(input);
  const [consignment] = await orders.pack(order, {
    OrderReference: order,
    Packages: [{ Items: [{ Sku: 'MUG-BLUE', Quantity: 1 }] }],
  });
  await orders.allocation.allocate([consignment]);
  return mock.store.shipments.shipmentForConsignment(consignment).reference;
}
