/**
 * The account set-up the area B lifecycle allocates against: carrier services, carrier service groups and
 * virtual services, seeded in every fresh store. Add more from a test with `mock.store.shipments.lifecycle`
 * (`carrierServices.set(…)`, `serviceGroups.set(…)`).
 *
 * A virtual service reference is a carrier service reference or a service group reference (the vendor's
 * description of Allocate Shipment with Virtual Service), so the virtual services are every seeded service
 * and group; one reference that names both is refused (400 `non_unique_reference`).
 */

/** The vendor's shipment types. */
export type ShipmentType = 'scheduled' | 'on_demand';

/** A carrier service of the mock's account, as `mock.store.shipments.lifecycle.carrierServices` holds it. */
export interface MockCarrierService {
  /** The carrier service reference, unique in the account (`MOCK-24`). */
  reference: string;
  /** The service's display name. */
  name: string;
  /** The carrier's reference (`MOCKPOST`). */
  carrierReference: string;
  /** The carrier's name, printed on labels. */
  carrierName: string;
  /** The shipment types it carries. */
  shipmentTypes: ShipmentType[];
  /** Destination countries it serves (ISO alpha-2), or `'international'` for every country but GB. */
  countries: string[] | 'international';
  /** The heaviest shipment it takes, in kilograms. */
  maxWeightKg: number;
  /** A shipment's allocation tags must all be among these. */
  tags: string[];
  /** Net price in GBP for the first kilogram; each further kilogram adds 0.25. */
  price: number;
  /** Days from collection to delivery. */
  transitDays: number;
}

/** A carrier service group of the mock's account (not a shipment group). */
export interface MockServiceGroup {
  /** The carrier service group's code (`domestic`): not a shipment group. */
  reference: string;
  /** Its display name. */
  name: string;
  /** Its carrier service references. */
  services: string[];
}

/** The account's carrier set-up: services and service groups, by reference. */
export interface CarrierCatalogue {
  /** Carrier services, by carrier service reference. */
  readonly carrierServices: Map<string, MockCarrierService>;
  /** Carrier service groups, by their code; a virtual service reference names one of these or a service. */
  readonly serviceGroups: Map<string, MockServiceGroup>;
}

const SEEDED_SERVICES: MockCarrierService[] = [
  {
    reference: 'MOCK-48',
    name: 'Tracked 48',
    carrierReference: 'MOCKPOST',
    carrierName: 'Mock Post',
    shipmentTypes: ['scheduled'],
    countries: ['GB'],
    maxWeightKg: 20,
    tags: ['tracked'],
    price: 3.2,
    transitDays: 2,
  },
  {
    reference: 'MOCK-24',
    name: 'Tracked 24',
    carrierReference: 'MOCKPOST',
    carrierName: 'Mock Post',
    shipmentTypes: ['scheduled'],
    countries: ['GB'],
    maxWeightKg: 20,
    tags: ['tracked', 'next_day'],
    price: 4.1,
    transitDays: 1,
  },
  {
    reference: 'MOCK-EXPRESS',
    name: 'Next Day 12:00',
    carrierReference: 'MOCKEXP',
    carrierName: 'Mock Express',
    shipmentTypes: ['scheduled', 'on_demand'],
    countries: ['GB'],
    maxWeightKg: 30,
    tags: ['tracked', 'next_day', 'express'],
    price: 7.5,
    transitDays: 1,
  },
  {
    reference: 'MOCK-COURIER',
    name: 'Same Day Courier',
    carrierReference: 'MOCKEXP',
    carrierName: 'Mock Express',
    shipmentTypes: ['on_demand'],
    countries: ['GB'],
    maxWeightKg: 30,
    tags: ['tracked', 'express'],
    price: 12,
    transitDays: 0,
  },
  {
    reference: 'MOCK-WORLD',
    name: 'International Tracked',
    carrierReference: 'MOCKPOST',
    carrierName: 'Mock Post',
    shipmentTypes: ['scheduled'],
    countries: 'international',
    maxWeightKg: 20,
    tags: ['tracked'],
    price: 11.9,
    transitDays: 5,
  },
];

const SEEDED_GROUPS: MockServiceGroup[] = [
  { reference: 'domestic', name: 'Domestic', services: ['MOCK-48', 'MOCK-24', 'MOCK-EXPRESS'] },
  { reference: 'express', name: 'Express', services: ['MOCK-EXPRESS', 'MOCK-COURIER'] },
  { reference: 'international', name: 'International', services: ['MOCK-WORLD'] },
];

export function seededCatalogue(): CarrierCatalogue {
  return {
    carrierServices: new Map(SEEDED_SERVICES.map((service) => [service.reference, structuredClone(service)])),
    serviceGroups: new Map(SEEDED_GROUPS.map((group) => [group.reference, structuredClone(group)])),
  };
}

/** What a shipment asks of a service. */
export interface ShipmentNeeds {
  shipmentType: string;
  destinationCountry: string | undefined;
  weightKg: number;
  tags: string[];
}

export type ExclusionCode = 'ex_availability' | 'ex_weight' | 'ex_rules';

/** Why the service cannot carry the shipment, or undefined when it can. */
export function exclusion(
  service: MockCarrierService,
  needs: ShipmentNeeds,
): { code: ExclusionCode; reason: string } | undefined {
  if (!service.shipmentTypes.includes(needs.shipmentType.toLowerCase() as ShipmentType)) {
    return { code: 'ex_rules', reason: `${service.name} does not carry ${needs.shipmentType} shipments` };
  }
  const country = needs.destinationCountry?.toUpperCase();
  const serves =
    service.countries === 'international'
      ? country !== undefined && country !== 'GB'
      : country !== undefined && service.countries.includes(country);
  if (!serves) return { code: 'ex_availability', reason: `${service.name} does not deliver to ${country}` };
  if (needs.weightKg > service.maxWeightKg) {
    return { code: 'ex_weight', reason: `${service.name} takes at most ${service.maxWeightKg} kg` };
  }
  const missing = needs.tags.filter((tag) => !service.tags.includes(tag));
  if (missing.length > 0) {
    return { code: 'ex_rules', reason: `${service.name} does not carry the tags ${missing.join(', ')}` };
  }
  return undefined;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The files' `Price`, with UK VAT at 20 %. */
export function priceOf(service: MockCarrierService, weightKg: number) {
  const net = round(service.price + 0.25 * Math.max(0, Math.ceil(weightKg) - 1));
  const tax = round(net * 0.2);
  return {
    net,
    gross: round(net + tax),
    taxes: [
      {
        rate: { reference: 'gb_standard', country_iso_code: 'GB', type: 'standard', value: 0.2 },
        amount: tax,
      },
    ],
    currency: 'GBP',
  };
}

/** The shipments file's `CarrierDetails`. */
export const carrierDetails = (service: MockCarrierService) => ({
  reference: service.carrierReference,
  name: service.carrierName,
  service_reference: service.reference,
  service_name: service.name,
});

/** What a shipment asks of a carrier service: its type, destination, weight and tags. */
const KG_PER_LB = 0.45359237;

export function needsOf(record: { body: Record<string, unknown> }): ShipmentNeeds {
  const contents = (record.body.contents as Record<string, unknown>[] | undefined) ?? [];
  const weightKg = contents.reduce((total, item) => {
    const weight = item.weight as { value?: number; unit?: string } | undefined;
    const quantity = typeof item.quantity === 'number' ? item.quantity : 1;
    const kilograms = (weight?.value ?? 0) * (weight?.unit?.toLowerCase() === 'lbs' ? KG_PER_LB : 1);
    return total + kilograms * quantity;
  }, 0);
  const addresses = (record.body.addresses as Record<string, unknown>[] | undefined) ?? [];
  const destination = addresses.find(
    (address) => String(address.address_type).toLowerCase() === 'destination',
  );
  return {
    shipmentType: String(record.body.shipment_type ?? 'scheduled'),
    destinationCountry: destination?.country_iso_code as string | undefined,
    weightKg,
    tags: (record.body.tags as string[] | null | undefined) ?? [],
  };
}

/** The service of a seeded shipment whose service is not in the catalogue: the carrier's, named as given. */
export function seededService(carrierName: string, serviceName: string | undefined): MockCarrierService {
  return {
    reference: serviceName ?? 'MOCK-SEEDED',
    name: serviceName ?? 'Seeded service',
    carrierReference:
      carrierName
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 50) || 'MOCK',
    carrierName,
    shipmentTypes: ['scheduled'],
    countries: ['GB'],
    maxWeightKg: 30,
    tags: [],
    price: 4,
    transitDays: 1,
  };
}
