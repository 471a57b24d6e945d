import { countryProblem, emailProblem, postcodeProblem } from '../formats.js';
import { ErrorCode, fail, invalid } from './errors.js';
import type { JsonObject, OrdersStore, StoredConsignment, StoredOrder } from './state.js';
import {
  addressOfType,
  countryOf,
  dayOf,
  isConsignmentReference,
  isObject,
  isOrderReference,
  sameText,
} from './util.js';

/** The order named by a path or body value: 400 when malformed, 404 when unknown. */
export function requireOrder(store: OrdersStore, reference: unknown, target = 'orderReference'): StoredOrder {
  if (!isOrderReference(reference)) {
    return fail(
      400,
      ErrorCode.InvalidReferenceFormat,
      `${target} '${String(reference)}' is not an order reference`,
    );
  }
  const order = store.orders.orders.get(reference);
  return order ?? fail(404, ErrorCode.OrderNotFound, `Order ${reference} not found`);
}

/** The consignment named by a path or body value: 400 when malformed, 404 when unknown. */
export function requireConsignment(store: OrdersStore, reference: unknown, target = 'consignmentReference') {
  if (!isConsignmentReference(reference)) {
    return fail(
      400,
      ErrorCode.InvalidReferenceFormat,
      `${target} '${String(reference)}' is not a consignment reference`,
    );
  }
  const consignment = store.orders.consignments.get(reference);
  return consignment ?? fail(404, ErrorCode.ConsignmentNotFound, `Consignment ${reference} not found`);
}

/**
 * A non-empty list of consignment references, every one well-formed (else 400) and known (else 404,
 * naming all the unknown ones); duplicates are taken once. Nothing is changed when this throws.
 */
export function requireConsignments(store: OrdersStore, value: unknown, target: string): StoredConsignment[] {
  if (!Array.isArray(value) || value.length === 0)
    invalid(target, 'must be a non-empty array of consignment references');
  const list = value as unknown[];
  list.forEach((reference, index) => {
    if (!isConsignmentReference(reference)) {
      fail(
        400,
        ErrorCode.InvalidReferenceFormat,
        `${target}[${index}] '${String(reference)}' is not a consignment reference`,
      );
    }
  });
  const references = [...new Set(list as string[])];
  const unknown = references.filter((reference) => !store.orders.consignments.has(reference));
  if (unknown.length > 0) {
    fail(
      404,
      ErrorCode.ConsignmentNotFound,
      `Consignment(s) not found: ${unknown.join(', ')}`,
      unknown.map((reference) => ({
        Code: 'NotFound',
        Target: reference,
        Message: `Consignment ${reference} not found`,
      })),
    );
  }
  return references.map((reference) => store.orders.consignments.get(reference) as StoredConsignment);
}

export function requireBodyObject(body: unknown): JsonObject {
  return isObject(body) ? body : invalid('body', 'must be a JSON object');
}

export function optionalString(body: JsonObject, key: string, target = key): void {
  const value = body[key];
  if (value !== undefined && value !== null && typeof value !== 'string') invalid(target, 'must be a string');
}

export function optionalDate(body: JsonObject, key: string, target = key): void {
  const value = body[key];
  if (value !== undefined && value !== null && dayOf(value) === undefined) {
    invalid(target, 'must be an ISO 8601 date, or an object whose Date is one');
  }
}

export function optionalObject(body: JsonObject, key: string, target = key): void {
  const value = body[key];
  if (value !== undefined && value !== null && !isObject(value)) invalid(target, 'must be an object');
}

export function optionalTags(body: JsonObject, target = 'Tags'): void {
  const value = body.Tags;
  if (value === undefined || value === null) return;
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string'))
    invalid(target, 'must be an array of strings');
}

/** `MetaData`, or its other spelling `Metadata`: undefined when absent or null. */
export function metaDataOf(body: JsonObject, target = 'MetaData'): JsonObject[] | undefined {
  const value = body.MetaData ?? body.Metadata;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return invalid(target, 'must be an array of { KeyValue, StringValue }');
  value.forEach((entry, index) => {
    if (!isObject(entry) || typeof entry.KeyValue !== 'string') {
      invalid(`${target}[${index}]`, 'must be an object with a string KeyValue');
    }
  });
  return value as JsonObject[];
}

/**
 * Checks one address: an `AddressType`, and a `ShippingLocationReference` (when given) that names one of
 * the organisation's shipping locations (400 `InvalidShippingLocation` otherwise).
 */
export function checkAddress(store: OrdersStore, address: unknown, target: string): JsonObject {
  if (!isObject(address)) return invalid(target, 'must be an address object');
  if (typeof address.AddressType !== 'string' || address.AddressType.trim() === '') {
    invalid(`${target}.AddressType`, 'is required');
  }
  checkAddressFormats(address, target);
  const location = address.ShippingLocationReference;
  if (location !== undefined && location !== null) {
    if (typeof location !== 'string' || !store.orders.shippingLocations.has(location)) {
      fail(
        400,
        ErrorCode.InvalidShippingLocation,
        `${target}.ShippingLocationReference '${String(location)}' is not one of the organisation's shipping locations`,
        [
          {
            Code: 'InvalidShippingLocation',
            Target: `${target}.ShippingLocationReference`,
            Message: `Unknown shipping location '${String(location)}'`,
          },
        ],
      );
    }
  }
  return address;
}

/**
 * The formats the vendor states for an address: a contact email in a valid format, an ISO 3166-1 alpha-2
 * country code, a postcode in its country's format. Each absent value is left alone.
 */
function checkAddressFormats(address: JsonObject, target: string): void {
  const contact = isObject(address.Contact) ? address.Contact : undefined;
  const isoCode =
    isObject(address.Country) && isObject(address.Country.IsoCode) ? address.Country.IsoCode : {};
  const country = isoCode.TwoLetterCode;
  const problems: [string, string | undefined][] = [
    [`${target}.Contact.Email`, emailProblem(contact?.Email)],
    [
      `${target}.Country.IsoCode.TwoLetterCode`,
      country === undefined || country === null ? undefined : countryProblem(country),
    ],
    [`${target}.Postcode`, postcodeProblem(address.Postcode, country)],
  ];
  for (const [where, problem] of problems) if (problem) invalid(where, `is not valid: ${problem}`);
}

/**
 * Checks a whole address list as an order needs it: every address valid, one address per type, an
 * `Origin` and a `Destination` each with a country, and a valid `ShippingLocationReference` on at least
 * one of them.
 */
export function checkOrderAddresses(store: OrdersStore, value: unknown, target = 'Addresses'): JsonObject[] {
  if (!Array.isArray(value))
    return invalid(target, 'must be an array with an Origin and a Destination address');
  const addresses = value.map((address, index) => checkAddress(store, address, `${target}[${index}]`));
  addresses.forEach((address, index) => {
    if (addresses.findIndex((other) => sameText(other.AddressType, address.AddressType)) !== index) {
      invalid(`${target}[${index}].AddressType`, `'${String(address.AddressType)}' appears more than once`);
    }
  });
  for (const type of ['Origin', 'Destination']) {
    const address = addressOfType(addresses, type);
    if (!address) invalid(target, `must include an ${type} address`);
    // An address given by its shipping location alone takes the location's address (the vendor's examples).
    if (!countryOf(withLocationAddress(store, address))) {
      invalid(`${type} address`, 'must have Country.IsoCode.TwoLetterCode, or a ShippingLocationReference');
    }
  }
  if (!shippingLocationOf(addresses)) {
    fail(
      400,
      ErrorCode.InvalidShippingLocation,
      'Either the Origin or the Destination address (or both) must include a valid ShippingLocationReference',
      [{ Code: 'ShippingLocationRequired', Target: target, Message: 'No valid ShippingLocationReference' }],
    );
  }
  return addresses;
}

/**
 * The address with its shipping location's address filled in, when it names a location and has no
 * country of its own: what the real service does when it makes a consignment from such an order.
 */
export function withLocationAddress(store: OrdersStore, address: JsonObject): JsonObject {
  const reference = address.ShippingLocationReference;
  const location = typeof reference === 'string' ? store.orders.shippingLocations.get(reference) : undefined;
  if (!location || countryOf(address)) return address;
  const { Reference: _reference, Name: _name, CountryCode: _code, ...fields } = location;
  const filled: JsonObject = { ...address };
  for (const [key, value] of Object.entries(fields)) {
    if (filled[key] === undefined || filled[key] === null) filled[key] = value as JsonObject[string];
  }
  return filled;
}

/** The shipping location of an order or consignment: the Origin's reference, else the Destination's. */
export function shippingLocationOf(addresses: JsonObject[]): string | undefined {
  for (const type of ['Origin', 'Destination']) {
    const reference = addressOfType(addresses, type)?.ShippingLocationReference;
    if (typeof reference === 'string' && reference !== '') return reference;
  }
  return undefined;
}

/** Packages of a Create Order body: at least one, each with at least one item object. */
export function checkOrderPackages(value: unknown, target = 'Packages'): JsonObject[] {
  if (!Array.isArray(value) || value.length === 0)
    return invalid(target, 'must hold at least one package with items');
  value.forEach((pkg, index) => {
    if (!isObject(pkg)) invalid(`${target}[${index}]`, 'must be a package object');
    const items = (pkg as JsonObject).Items;
    if (!Array.isArray(items) || items.length === 0)
      invalid(`${target}[${index}].Items`, 'must hold at least one item');
    (items as unknown[]).forEach((item, itemIndex) => {
      if (!isObject(item)) invalid(`${target}[${index}].Items[${itemIndex}]`, 'must be an item object');
    });
  });
  return value as JsonObject[];
}
