// Maximal values of the vendor's reference types, and what a zod schema knows of them: for
// scripts/check-vendor-reference.mjs. A maximal value holds every property its type documents, its base
// classes' too, recursively, one element per list, each with a value of its type (synthetic values of our
// own; only the names and types are the vendor's).
import { allProperties, typeShape } from './vendor-reference.mjs';

/** Values by the property's name, where any string would be refused for its form, not its name. */
const BY_NAME = {
  TwoLetterCode: 'GB',
  ThreeLetterCode: 'GBR',
  NumericCode: '826',
  IsoCode: 'GBP',
  Email: 'ops@example.com',
  EmailAddress: 'ops@example.com',
  Postcode: 'LS1 4AP',
  PostCode: 'LS1 4AP',
  Currency: 'GBP',
  Url: 'https://example.com/page',
  Mime: 'application/pdf',
  Content: 'JVBERi0xLjQK',
  File: 'JVBERi0xLjQK',
};

const DATE = '2026-03-02T10:30:00+00:00';

/** An enum's value where its first would make the request one the SDK refuses for what it says, not its form. */
const ENUM_VALUES = {
  // One address per list: it must be the destination (an order or consignment has one).
  ConsignmentAddressType: 'Destination',
};

/**
 * Our own values for the types the reference names but does not define (at d45c593 most of
 * `DataTypes.Common` is missing: Money, Weight, MetaData…), so that a level holding one is still looked
 * at. They are minimal, not maximal: those types are checked against the vendor's pages instead
 * (scripts/check-vendor-examples.mjs). `usedSeeds` records which were needed.
 */
export const TYPE_SEEDS = {
  'Sorted.PRO.SDK.DataTypes.Common.Money': () => ({ Amount: 1.5, Currency: { IsoCode: 'GBP' } }),
  'Sorted.PRO.SDK.DataTypes.Common.Weight': () => ({ Value: 1.5, Unit: 'Kg' }),
  'Sorted.PRO.SDK.DataTypes.Common.Dimensions': () => ({ Unit: 'Cm', Width: 10, Length: 10, Height: 10 }),
  'Sorted.PRO.SDK.DataTypes.Common.Country': () => ({ IsoCode: { TwoLetterCode: 'GB' } }),
  'Sorted.PRO.SDK.DataTypes.Common.MetaData': () => ({ KeyValue: 'key-1', StringValue: 'value-1' }),
  'Sorted.PRO.SDK.DataTypes.Common.Barcode': () => ({ Code: 'Code-1' }),
  'Sorted.PRO.SDK.DataTypes.Common.Enums.ServiceDirection': () => 'Outbound',
  'Sorted.PRO.SDK.DataTypes.Common.Address': () => ({
    AddressType: 'Destination',
    ...BASE_SEEDS['Sorted.PRO.SDK.DataTypes.Common.Address'](),
  }),
};
export const usedSeeds = new Set();

/**
 * Our own values for the members of a base the reference names but does not define (their types are not
 * in it): what the SDK needs of that level to look at the rest. They are not checked as the reference's.
 */
export const BASE_SEEDS = {
  'Sorted.PRO.SDK.DataTypes.Common.Address': () => ({
    ShippingLocationReference: 'SL-LONDON',
    AddressLine1: '1 Road',
    Town: 'Leeds',
    Postcode: 'LS1 4AP',
    Country: { IsoCode: { TwoLetterCode: 'GB' } },
  }),
};

/** The references the SDK checks by prefix, by the property's name or (for `Reference`) its owner's. */
const REFERENCES = [
  [/ConsignmentReferences?$/, 'EC-000-05B-MQ1'],
  [/^OrderReferences?$/, 'EO-000-002-0TS'],
  // An order's packages are named `OrderPackageReferences` (Delete Order Packages).
  [/^(Order)?PackageReferences?$/, 'EP-000-05B-MQ1'],
];
/** The prefix of a `Reference` by its owner's name: `UpdateConsignmentRequest.Reference` is a consignment's. */
const prefixOf = (owner) =>
  /Package/.test(owner) ? 'EP' : /Order/.test(owner) ? 'EO' : /Consignment/.test(owner) ? 'EC' : undefined;

function stringValue(name, owner) {
  if (BY_NAME[name]) return BY_NAME[name];
  if (name === 'Reference' && prefixOf(owner)) return `${prefixOf(owner)}-000-05B-MQ1`;
  if (name === 'Href') return 'https://api.electioapp.com/consignments/EC-000-05B-MQ1';
  if (name === 'Rel') return 'Consignment';
  for (const [pattern, value] of REFERENCES) if (value && pattern.test(name)) return value;
  return `${name || 'text'}-1`;
}

/** A primitive's synthetic value, or undefined when `uid` is not a primitive. */
export function primitiveValue(uid, name = '', owner = '') {
  switch (uid) {
    case 'System.String':
    case 'System.Object':
      return stringValue(name, owner);
    case 'System.Int32':
    case 'System.Int64':
    case 'System.Int16':
    case 'System.Byte':
      return 1;
    case 'System.Decimal':
    case 'System.Double':
    case 'System.Single':
      return 1.5;
    case 'System.Boolean':
      return true;
    case 'System.DateTime':
    case 'System.DateTimeOffset':
      return DATE;
    case 'System.TimeSpan':
      return '01:00:00';
    case 'System.Guid':
      return '0f8fad5b-d9cb-469f-a165-70867728950e';
    case 'System.Byte[]':
      return 'JVBERi0xLjQK';
    case 'System.Uri':
      return 'https://example.com/link';
    default:
      return undefined;
  }
}

/** The vendor type each built object stands for, to name a finding `Type.Property`. */
export const builtType = new WeakMap();

/**
 * A maximal value of `shape` (a uid, or `{ list }`/`{ map }` from typeShape). `stack` holds the types
 * being built, so that a type that contains itself is built once along a path (its own property left out).
 */
export function maximalValue(types, uid, name = '', stack = [], owner = '', bindings = []) {
  // A generic class's own parameter (`{T}` of `WithMessage<T>`): what it was given.
  if (typeof uid === 'string' && /^\{\w+\}$/.test(uid))
    return bindings[0] && maximalValue(types, bindings[0], name, stack, owner);
  const shape = typeof uid === 'string' ? typeShape(uid) : uid;
  if (shape.list) {
    const element = maximalValue(types, shape.list, name, stack, owner, bindings);
    if (element === undefined) return [];
    // An order or a consignment needs its origin and its destination: two addresses, not one.
    if (element.AddressType === 'Destination') {
      const origin = { ...element, AddressType: 'Origin' };
      builtType.set(origin, builtType.get(element));
      return [origin, element];
    }
    return [element];
  }
  if (shape.map) {
    const value = maximalValue(types, shape.map.value, name, stack, owner, bindings);
    return { key1: value ?? 'value-1' };
  }
  if (shape.generic) {
    // `KeyValuePair{K,V}`: a type the reference does not define; its own shape.
    if (/KeyValuePair$/.test(shape.generic)) {
      return { Key: 'key-1', Value: maximalValue(types, shape.of[1], 'Value', stack) };
    }
    const generic = types.get(`${shape.generic}\`${shape.of.length}`);
    return generic && objectOf(types, generic, stack, shape.of);
  }
  const primitive = primitiveValue(shape.uid, name, owner);
  if (primitive !== undefined) return primitive;
  const type = types.get(shape.uid);
  if (!type) {
    const seed = TYPE_SEEDS[shape.uid];
    if (seed) usedSeeds.add(shape.uid.split('.').pop());
    return seed?.();
  }
  if (type.kind === 'Enum') return ENUM_VALUES[type.name] ?? type.values[0];
  return objectOf(types, type, stack, bindings);
}

function objectOf(types, type, stack, bindings) {
  if (stack.includes(type.uid)) return undefined;
  const seeds = type.bases.map((base) => BASE_SEEDS[base]?.()).filter(Boolean);
  const value = Object.assign({}, ...seeds);
  builtType.set(value, type.name.replace(/<.*>$/, ''));
  for (const property of allProperties(types, type.uid)) {
    if (property.ignored || !property.type) continue;
    const built = maximalValue(
      types,
      property.type,
      property.name,
      [...stack, type.uid],
      type.name,
      bindings,
    );
    if (built !== undefined) value[property.name] = built;
  }
  // A type whose every property comes from a base the reference does not define (`DeliveryWindow`).
  return Object.keys(value).length ? value : undefined;
}

// ---------------------------------------------------------------------------------------------------
// What a schema knows

const defOf = (schema) => schema?._zod?.def;

/** The object shapes a schema accepts at this level (wrappers and unions looked through); `'record'` for a map. */
export function shapesOf(schema, seen = new Set()) {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return [{ shape: def.shape ?? {}, catchall: defOf(def.catchall)?.type }];
    case 'record':
      return ['record'];
    case 'union':
      return (def.options ?? []).flatMap((option) => shapesOf(option, seen));
    case 'intersection':
      return [...shapesOf(def.left, seen), ...shapesOf(def.right, seen)];
    case 'pipe':
      return [...shapesOf(def.in, seen), ...shapesOf(def.out, seen)];
    case 'lazy':
      return def.getter ? shapesOf(def.getter(), seen) : [];
    default:
      return def.innerType ? shapesOf(def.innerType, seen) : [];
  }
}

/** The element schemas a schema accepts for a list at this level. */
export function elementsOf(schema, seen = new Set()) {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'array':
      return def.element ? [def.element] : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => elementsOf(option, seen));
    case 'pipe':
      return [...elementsOf(def.in, seen), ...elementsOf(def.out, seen)];
    case 'lazy':
      return def.getter ? elementsOf(def.getter(), seen) : [];
    default:
      return def.innerType ? elementsOf(def.innerType, seen) : [];
  }
}

/**
 * Every key of `value` that `schema` does not name: `missing` where the level has named fields but not
 * this one, `open` where the level is a map or an object with no fields (the key is taken, untyped).
 * Each finding: `{ path, type, property, kind }`, `type` the vendor type the object stands for.
 */
export function unknownKeys(schema, value, path = '') {
  const found = [];
  if (Array.isArray(value)) {
    const elements = elementsOf(schema);
    for (const element of value) found.push(...unknownKeys(union(elements), element, `${path}[]`));
    return found;
  }
  if (value === null || typeof value !== 'object') return found;
  const shapes = shapesOf(schema);
  const type = builtType.get(value) ?? '?';
  const open =
    shapes.includes('record') ||
    (shapes.length > 0 && shapes.every((s) => Object.keys(s.shape).length === 0));
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const fields = shapes
      .filter((s) => s !== 'record')
      .map((s) => s.shape[key])
      .filter(Boolean);
    if (fields.length === 0) {
      found.push({
        path: at,
        type,
        property: key,
        kind: schema === undefined || shapes.length === 0 ? 'missing' : open ? 'open-map' : 'missing',
      });
      continue;
    }
    found.push(...unknownKeys(union(fields), child, at));
  }
  return found;
}

/** Several schemas looked at as one (a field of several shapes of a union). */
function union(schemas) {
  if (schemas.length <= 1) return schemas[0];
  return { _zod: { def: { type: 'union', options: schemas } } };
}

/** Every leaf path of a value (`A.B[0].C`), for telling what of a request went on the wire. */
export function leafPaths(value, path = '') {
  if (Array.isArray(value)) {
    if (value.length === 0) return [path];
    return value.flatMap((element, index) => leafPaths(element, `${path}[${index}]`));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [path];
    return entries.flatMap(([key, child]) => leafPaths(child, path ? `${path}.${key}` : key));
  }
  return [path];
}

/** The value at a leaf path, or `undefined`. */
export function valueAt(value, path) {
  if (path === '') return value;
  let current = value;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[/^\d+$/.test(part) ? Number(part) : part];
  }
  return current;
}
