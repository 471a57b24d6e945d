import type { AreaAState, JsonObject } from './state.js';

/**
 * The data every fresh mock starts with.
 *
 * Shipping locations: `SL-LONDON` (London Warehouse) and `SL-LEEDS` (Leeds Returns Centre), both GB.
 *
 * Carrier services (price, transit days, destinations, tags):
 *
 * | service | carrier | GBP | days | ships to | tags | notes |
 * |---|---|---|---|---|---|---|
 * | `YODEL-XPECT48` | Yodel | 2.50 | 2 | GB | | removed by the organisation rule excluding Yodel |
 * | `RM-TRACKED48` | Royal Mail | 3.20 | 2 | GB | | Royal Mail capped at 2 kg by a rule |
 * | `RM-TRACKED24` | Royal Mail | 4.10 | 1 | GB | | |
 * | `DPD-NEXTDAY` | DPD | 6.50 | 1 | GB | `Signature`, `Heavy` | |
 * | `PF-EXPRESS48` | Parcelforce | 9.00 | 2 | GB | `Heavy` | |
 * | `DPD-CLASSIC-EU` | DPD | 11.90 | 4 | FR DE IE NL BE ES IT | `Signature` | |
 * | `DHL-WORLDWIDE` | DHL | 24.00 | 3 | everywhere | | disabled |
 * | `UNRELIABLE-STD` | Unreliable Freight | 49.00 | 2 | GB | `TestManifestFailure` | `failsManifest` |
 *
 * So with these seeds: a domestic consignment up to 2 kg goes to Royal Mail Tracked 48 (Yodel is
 * excluded); a heavier one, or one tagged `Signature` or `Heavy`, to DPD Next Day; one to France to DPD
 * Classic Europe; one to the US finds no service (DHL is disabled) and fails allocation; one tagged
 * `TestManifestFailure` goes to Unreliable Freight, whose manifests fail (state `ManifestFailed`).
 *
 * Organisation rules: exclude carrier `YODEL`; `ROYALMAIL` only up to 2 kg.
 *
 * Service filters: `RM-TRACKED24` is a drop-off service, `DPD-NEXTDAY` a pickup service, and
 * `PF-EXPRESS48` travels `Outbound` only; every other service is neither and travels both ways.
 *
 * Service groups (Allocate With Service Group, Get Service Group Quotes): `economy` (Yodel Xpect 48,
 * Royal Mail Tracked 48 and 24), `valuableGoods` (DPD Next Day, Parcelforce Express 48) and
 * `international` (DPD Classic Europe, DHL Express Worldwide).
 *
 * Delivery options: `EDO-000-001-NXD` (DPD Next Day, London to Manchester), `EDO-000-002-STD` (Royal Mail
 * Tracked 48, London to Bristol), `EDO-000-003-EUR` (DPD Classic Europe, London to Paris). Each window
 * is the day its service delivers on when shipping on the store's first day, 2026-01-05, so a
 * consignment packed from one allocates to the option's service without a `ShippingDate`.
 */
export function seedAreaA(state: AreaAState): void {
  const UK = { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } };
  state.addShippingLocation({
    Reference: 'SL-LONDON',
    Name: 'London Warehouse',
    CompanyName: 'Mugs Ltd',
    AddressLine1: '1 Warehouse Way',
    Town: 'London',
    Postcode: 'E1 1AA',
    Country: UK,
  });
  state.addShippingLocation({
    Reference: 'SL-LEEDS',
    Name: 'Leeds Returns Centre',
    CompanyName: 'Mugs Ltd Returns',
    AddressLine1: '20 Wellington Street',
    Town: 'Leeds',
    Postcode: 'LS1 4DL',
    Country: UK,
  });

  const GB = ['GB'];
  state.addCarrierService({
    CarrierReference: 'YODEL',
    CarrierName: 'Yodel',
    ServiceReference: 'YODEL-XPECT48',
    ServiceName: 'Yodel Xpect 48',
    Countries: GB,
    Price: 2.5,
    TransitDays: 2,
  });
  state.addCarrierService({
    CarrierReference: 'ROYALMAIL',
    CarrierName: 'Royal Mail',
    ServiceReference: 'RM-TRACKED48',
    ServiceName: 'Royal Mail Tracked 48',
    Countries: GB,
    Price: 3.2,
    TransitDays: 2,
  });
  state.addCarrierService({
    CarrierReference: 'ROYALMAIL',
    CarrierName: 'Royal Mail',
    ServiceReference: 'RM-TRACKED24',
    ServiceName: 'Royal Mail Tracked 24',
    Countries: GB,
    Price: 4.1,
    TransitDays: 1,
    IsDropOff: true,
  });
  state.addCarrierService({
    CarrierReference: 'DPD',
    CarrierName: 'DPD',
    ServiceReference: 'DPD-NEXTDAY',
    ServiceName: 'DPD Next Day',
    Countries: GB,
    Price: 6.5,
    TransitDays: 1,
    Tags: ['Signature', 'Heavy'],
    IsPickUp: true,
  });
  state.addCarrierService({
    CarrierReference: 'PARCELFORCE',
    CarrierName: 'Parcelforce',
    ServiceReference: 'PF-EXPRESS48',
    ServiceName: 'Parcelforce Express 48',
    Countries: GB,
    Price: 9,
    TransitDays: 2,
    Tags: ['Heavy'],
    ServiceDirection: 'Outbound',
  });
  state.addCarrierService({
    CarrierReference: 'DPD',
    CarrierName: 'DPD',
    ServiceReference: 'DPD-CLASSIC-EU',
    ServiceName: 'DPD Classic Europe',
    Countries: ['FR', 'DE', 'IE', 'NL', 'BE', 'ES', 'IT'],
    Price: 11.9,
    TransitDays: 4,
    Tags: ['Signature'],
  });
  state.addCarrierService({
    CarrierReference: 'DHL',
    CarrierName: 'DHL',
    ServiceReference: 'DHL-WORLDWIDE',
    ServiceName: 'DHL Express Worldwide',
    Countries: ['*'],
    Price: 24,
    TransitDays: 3,
    Enabled: false,
  });
  state.addCarrierService({
    CarrierReference: 'UNRELIABLE',
    CarrierName: 'Unreliable Freight',
    ServiceReference: 'UNRELIABLE-STD',
    ServiceName: 'Unreliable Standard',
    Countries: GB,
    Price: 49,
    TransitDays: 2,
    Tags: ['TestManifestFailure'],
    failsManifest: true,
  });

  state.addAllocationRule({
    Type: 'ExcludeCarrier',
    CarrierReference: 'YODEL',
    Description: 'The organisation does not use Yodel',
  });
  state.addAllocationRule({
    Type: 'MaxWeight',
    CarrierReference: 'ROYALMAIL',
    MaxWeightKg: 2,
    Description: 'Royal Mail only for consignments up to 2 kg',
  });

  state.addServiceGroup({
    Reference: 'economy',
    Name: 'Economy',
    Description: 'Tracked services in two to three days',
    ServiceReferences: ['YODEL-XPECT48', 'RM-TRACKED48', 'RM-TRACKED24'],
  });
  state.addServiceGroup({
    Reference: 'valuableGoods',
    Name: 'Valuable goods',
    Description: 'Next-day and insured services',
    ServiceReferences: ['DPD-NEXTDAY', 'PF-EXPRESS48'],
  });
  state.addServiceGroup({
    Reference: 'international',
    Name: 'International',
    Description: 'Services outside the UK',
    ServiceReferences: ['DPD-CLASSIC-EU', 'DHL-WORLDWIDE'],
  });

  const london = address('Origin', {
    ShippingLocationReference: 'SL-LONDON',
    CompanyName: 'Mugs Ltd',
    AddressLine1: '1 Warehouse Way',
    Town: 'London',
    Postcode: 'E1 1AA',
    Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
  });
  const order = (destination: JsonObject, sku: string): JsonObject => ({
    Packages: [
      {
        Items: [{ Sku: sku, Description: sku, Weight: { Value: 0.4, Unit: 'Kg' } }],
        Weight: { Value: 0.5, Unit: 'Kg' },
        Dimensions: { Unit: 'Cm', Width: 10, Length: 15, Height: 12 },
      },
    ],
    Addresses: [london, destination],
  });
  state.addDeliveryOption({
    Reference: 'EDO-000-001-NXD',
    CarrierServiceReference: 'DPD-NEXTDAY',
    EarliestDeliveryDate: '2026-01-06T08:00:00+00:00',
    LatestDeliveryDate: '2026-01-06T18:00:00+00:00',
    Order: order(
      address('Destination', {
        Contact: { FirstName: 'Ada', LastName: 'Lovelace' },
        AddressLine1: '12 Analytical Row',
        Town: 'Manchester',
        Postcode: 'M1 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      }),
      'MUG-BLUE',
    ),
  });
  state.addDeliveryOption({
    Reference: 'EDO-000-002-STD',
    CarrierServiceReference: 'RM-TRACKED48',
    EarliestDeliveryDate: '2026-01-07T08:00:00+00:00',
    LatestDeliveryDate: '2026-01-07T18:00:00+00:00',
    Order: order(
      address('Destination', {
        Contact: { FirstName: 'Isambard', LastName: 'Brunel' },
        AddressLine1: '3 Clifton Hill',
        Town: 'Bristol',
        Postcode: 'BS8 1AA',
        Country: { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } },
      }),
      'TEAPOT-RED',
    ),
  });
  state.addDeliveryOption({
    Reference: 'EDO-000-003-EUR',
    CarrierServiceReference: 'DPD-CLASSIC-EU',
    EarliestDeliveryDate: '2026-01-09T08:00:00+00:00',
    LatestDeliveryDate: '2026-01-09T18:00:00+00:00',
    Order: order(
      address('Destination', {
        Contact: { FirstName: 'Marie', LastName: 'Curie' },
        AddressLine1: '11 Rue Pierre et Marie Curie',
        Town: 'Paris',
        Postcode: '75005',
        Country: { Name: 'France', IsoCode: { TwoLetterCode: 'FR' } },
      }),
      'MUG-BLUE',
    ),
  });

  // Pickup shops near any UK destination (the mock has no map: each has a fixed distance).
  const GB_COUNTRY = { Name: 'United Kingdom', IsoCode: { TwoLetterCode: 'GB' } };
  for (const [ShopReference, Name, AddressLine1, Town, Postcode, DistanceKm] of [
    ['GB14002', 'Corner News', '41 Whitworth Street West', 'Manchester', 'M1 5BD', 0.15],
    ['GB14017', 'High Street Post', '2 High Street', 'Manchester', 'M4 1AB', 0.8],
    ['GB22031', 'Station Lockers', 'Piccadilly Station', 'Manchester', 'M60 7RA', 2.4],
  ] as const) {
    state.addPickupShop({
      ShopReference,
      Name,
      Address: { AddressLine1, Town, Postcode, Country: GB_COUNTRY, IsCached: false },
      DistanceKm,
    });
  }
}

function address(type: string, fields: JsonObject): JsonObject {
  return { AddressType: type, ...fields };
}
