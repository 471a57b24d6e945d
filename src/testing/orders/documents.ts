import { encodeBase64, textPdf } from '../pdf.js';
import { json } from '../router.js';
import { ErrorCode, fail } from './errors.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredConsignment } from './state.js';
import { addressOfType, countryOf, isObject, sameState } from './util.js';
import { requireConsignment } from './validate.js';

/**
 * Customs documents in the mock, only for allocated international consignments (400
 * `ConsignmentNotAllocated`, 400 `NoCustomsDocumentsRequired` otherwise): a commercial invoice, and per
 * package a CN22 when the declared value is at most 270 GBP in all, else a CN23 (the postal rule).
 */

const UNALLOCATED = ['Unallocated', 'Allocating', 'AllocationFailed', 'Cancelling', 'Cancelled'];

/** Whether the consignment goes from one country to another (it then needs customs documents). */
export function isInternational(consignment: StoredConsignment): boolean {
  const from = countryOf(addressOfType(consignment.Addresses, 'Origin'));
  const to = countryOf(addressOfType(consignment.Addresses, 'Destination'));
  return from !== undefined && to !== undefined && from !== to;
}

/** The consignment, allocated and international: what a customs document needs. */
export function customsConsignment(store: OrdersStore, reference: unknown): StoredConsignment {
  const consignment = requireConsignment(store, reference);
  if (
    UNALLOCATED.some((state) => sameState(state, consignment.State)) ||
    !consignment.CarrierServiceReference
  ) {
    fail(
      400,
      ErrorCode.ConsignmentNotAllocated,
      `Consignment ${consignment.Reference} is ${consignment.State}: customs documents exist only once it is allocated`,
    );
  }
  if (!isInternational(consignment)) {
    fail(
      400,
      ErrorCode.NoCustomsDocumentsRequired,
      `Consignment ${consignment.Reference} does not leave its country: it needs no customs documents`,
    );
  }
  return consignment;
}

const line = (address: JsonObject | undefined) =>
  [address?.CompanyName, address?.AddressLine1, address?.Town, address?.Postcode, countryOf(address)]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(', ');

/** The customs documentation's fields as the documents print them, in the order printed. */
const CUSTOMS_LINES: [field: string, label: string][] = [
  ['CategoryType', 'Category'],
  ['CategoryTypeExplanation', 'Category explanation'],
  ['ShippingTerms', 'Shipping terms'],
  ['ReasonForExport', 'Reason for export'],
  ['DeclarationDate', 'Declaration date'],
  ['DesignatedPersonResponsible', 'Declared by'],
  ['InvoiceDate', 'Invoice date'],
  ['OfficeOfPosting', 'Office of posting'],
  ['ShipperCustomsReference', 'Shipper customs reference'],
  ['ShippersVatNumber', 'Shipper VAT number'],
  ['ReceiversVatNumber', 'Receiver VAT number'],
  ['ReceiversTaxCode', 'Receiver tax code'],
  ['ReceiversShippingCost', 'Carriage paid by receiver'],
  ['ImportersVatNumber', 'Importer VAT number'],
  ['ImportersTaxCode', 'Importer tax code'],
  ['ImportersCode', 'Importer code'],
  ['ImportersTelephone', 'Importer telephone'],
  ['ImportersFax', 'Importer fax'],
  ['ImportersEmail', 'Importer e-mail'],
  ['CN23Comments', 'Comments'],
  ['ReferencesOfAttachedInvoices', 'Attached invoices'],
  ['ReferencesOfAttachedCertificates', 'Attached certificates'],
  ['ReferencesOfAttachedLicences', 'Attached licences'],
];

/** One line per customs field the consignment was given, as the service prints them. */
function customsLines(consignment: StoredConsignment): string[] {
  const customs = consignment.CustomsDocumentation;
  if (!isObject(customs)) return [];
  return CUSTOMS_LINES.flatMap(([field, label]) => {
    const value = customs[field];
    const shown = Array.isArray(value) ? value.join(', ') : value;
    return shown === undefined || shown === null || shown === '' ? [] : [`${label}: ${String(shown)}`];
  });
}

const money = (value: unknown) =>
  isObject(value)
    ? `${value.Amount ?? '?'} ${(value.Currency as JsonObject)?.IsoCode ?? ''}`.trim()
    : 'no value';

/** An item's customs line: what, how many, its tariff code and where it was made. */
function itemLine(item: JsonObject): string {
  const origin = isObject(item.CountryOfOrigin) ? countryOf({ Country: item.CountryOfOrigin }) : undefined;
  const parts = [
    `${item.Description ?? item.Sku ?? 'item'} x${item.Quantity ?? 1}`,
    ...(typeof item.HarmonisationCode === 'string' ? [`HS ${item.HarmonisationCode}`] : []),
    ...(origin ? [`origin ${origin}`] : []),
    money(item.Value),
  ];
  return `  Item: ${parts.join(', ')}`;
}

/**
 * A one-page commercial invoice (or CN22) PDF: parties, the customs documentation given, packages and
 * their items, and the EORI number when recorded.
 */
export function customsPdf(consignment: StoredConsignment, title: string): Uint8Array {
  const eori = consignment.MetaData?.find((entry) => entry.KeyValue === 'ShippersEORI')?.StringValue;
  const packages = consignment.Packages.flatMap((pkg, index) => [
    `Package ${index + 1}: ${pkg.Description ?? 'goods'} (${money(pkg.Value)})`,
    ...(Array.isArray(pkg.Items) ? pkg.Items.filter(isObject).map(itemLine) : []),
  ]);
  return textPdf({
    width: 595,
    height: 842,
    at: [48, 780],
    headingSize: 20,
    leading: 18,
    title: `${title} ${consignment.Reference}`,
    lines: [
      title,
      `Consignment ${consignment.Reference}`,
      `Carrier: ${consignment.CarrierName ?? ''} ${consignment.CarrierServiceName ?? ''}`.trim(),
      `Shipper: ${line(addressOfType(consignment.Addresses, 'Origin'))}`,
      `Consignee: ${line(addressOfType(consignment.Addresses, 'Destination'))}`,
      ...(typeof eori === 'string' ? [`EORI Number: ${eori}`] : []),
      ...customsLines(consignment),
      ...packages,
    ],
  });
}

/** GET /consignments/docs/commercialinvoice/:ref: a JSON string, the PDF in Base64. */
export function getCommercialInvoice(context: OrdersContext): Response {
  const consignment = customsConsignment(context.store, context.params.consignmentReference);
  return json(encodeBase64(customsPdf(consignment, 'Commercial Invoice')));
}

/** The declared value limit of a CN22, in pounds: above it, CN23s. */
const CN22_LIMIT = 270;

function declaredValue(consignment: StoredConsignment): number {
  return consignment.Packages.reduce((sum, pkg) => {
    const amount = isObject(pkg.Value) ? pkg.Value.Amount : undefined;
    return sum + (typeof amount === 'number' ? amount : 0);
  }, 0);
}

/** `CN22` or `CN23`: the declaration this consignment's packages get. */
export function declarationOf(consignment: StoredConsignment): 'CN22' | 'CN23' {
  return declaredValue(consignment) <= CN22_LIMIT ? 'CN22' : 'CN23';
}

function declaration(consignment: StoredConsignment, type: string, packageReference: string) {
  return encodeBase64(customsPdf(consignment, `${type} Customs Declaration ${packageReference}`));
}

/** GET /consignments/docs/:consignmentReference: `{ CommercialInvoiceDocuments, CN22Documents, CN23Documents }`. */
export function getCustomsDocuments(context: OrdersContext): Response {
  const consignment = customsConsignment(context.store, context.params.consignmentReference);
  const type = declarationOf(consignment);
  const declarations = consignment.Packages.map((pkg) => {
    const reference = String(pkg.Reference);
    return { Key: `${type}_${reference}`, Value: declaration(consignment, type, reference) };
  });
  return json({
    CommercialInvoiceDocuments: [
      {
        Key: `INV_${consignment.Reference}`,
        Value: encodeBase64(customsPdf(consignment, 'Commercial Invoice')),
      },
    ],
    CN22Documents: type === 'CN22' ? declarations : null,
    CN23Documents: type === 'CN23' ? declarations : null,
  });
}

/**
 * GET /consignments/docs/{CN22|CN23}/:consignmentReference/:packageReference: one package's CN22 or CN23, a
 * JSON string of Base64. 404 `PackageNotFound`, 404 `CustomsDocumentNotGenerated` for the declaration
 * this consignment does not get (CN22 asked where CN23s were made, or the other way).
 */
export function getCustomsDocument(type: 'CN22' | 'CN23') {
  return (context: OrdersContext): Response => {
    const consignment = customsConsignment(context.store, context.params.consignmentReference);
    const packageReference = context.params.packageReference ?? '';
    if (!consignment.Packages.some((pkg) => pkg.Reference === packageReference)) {
      fail(
        404,
        ErrorCode.PackageNotFound,
        `Package ${packageReference} is not in consignment ${consignment.Reference}`,
      );
    }
    const generated = declarationOf(consignment);
    if (generated !== type) {
      fail(
        404,
        ErrorCode.CustomsDocumentNotGenerated,
        `Consignment ${consignment.Reference} has ${generated} declarations, not ${type} (declared value ${declaredValue(consignment)} GBP)`,
      );
    }
    return json(declaration(consignment, type, packageReference));
  };
}
