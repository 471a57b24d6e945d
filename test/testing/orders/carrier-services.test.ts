import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

describe('area A mock: carrier services, carriers, package sizes and collection calendars', () => {
  it('lists the enabled carrier services as { MpdCarrierServices }, under both paths', async () => {
    const answer = await api.ok('GET', '/carrierservices');
    expect(answer.body).toMatchObject({ Success: true, ErrorMessage: null });
    const references = answer.body.MpdCarrierServices.map(
      (service: { Reference: string }) => service.Reference,
    );
    expect(references).toContain('RM-TRACKED48');
    expect(answer.body.MpdCarrierServices).toContainEqual(
      expect.objectContaining({
        Reference: 'RM-TRACKED48',
        MpdCarrierReference: 'ROYALMAIL',
        CarrierName: 'Royal Mail',
        IsConfigured: true,
      }),
    );
    expect((await api.ok('GET', '/carriers')).body).toEqual(answer.body);
  });

  it('follows the configured services: a disabled one is not offered, an added one is', async () => {
    mock.store.orders.addCarrierService({
      CarrierReference: 'ACME',
      CarrierName: 'Acme Couriers',
      ServiceReference: 'ACME-SAMEDAY',
      ServiceName: 'Same Day',
      Countries: ['GB'],
      Price: 9,
      TransitDays: 0,
    });
    const service = mock.store.orders.carrierServices.get('RM-TRACKED48');
    if (service) service.Enabled = false;
    const { body } = await api.ok('GET', '/carrierservices');
    const references = body.MpdCarrierServices.map((entry: { Reference: string }) => entry.Reference);
    expect(references).toContain('ACME-SAMEDAY');
    expect(references).not.toContain('RM-TRACKED48');
  });

  it('lists each carrier once, as { Reference, Name }', async () => {
    const { body } = await api.ok('GET', '/carriers/getcarriers');
    expect(body).toContainEqual({ Reference: 'ROYALMAIL', Name: 'Royal Mail' });
    const references = body.map((carrier: { Reference: string }) => carrier.Reference);
    expect(new Set(references).size).toBe(references.length);
  });

  it('lists the package sizes, one of them the default', async () => {
    const { body } = await api.ok('GET', '/packagesizes');
    expect(body).toContainEqual(expect.objectContaining({ Reference: 'SMALL-PARCEL', IsDefault: true }));
    expect(body.filter((size: { IsDefault: boolean }) => size.IsDefault)).toHaveLength(1);
  });

  it("answers a carrier's collection calendar at a shipping location, and 404 for an unknown either", async () => {
    const { body } = await api.ok('GET', '/collectioncalendar/SL-LONDON/ROYALMAIL');
    expect(body).toMatchObject({
      MpdCarrierReference: 'ROYALMAIL',
      ShippingLocationReference: 'SL-LONDON',
      CalendarExceptions: [],
    });
    expect(body.ApplicableMpdCarrierServices).toEqual(
      expect.arrayContaining(['RM-TRACKED48', 'RM-TRACKED24']),
    );
    expect(body.CalendarRules).toHaveLength(5);
    expectAreaAError(
      await api.call('GET', '/collectioncalendar/SL-NOWHERE/ROYALMAIL'),
      404,
      'ShippingLocationNotFound',
    );
    expectAreaAError(
      await api.call('GET', '/collectioncalendar/SL-LONDON/NOCARRIER'),
      404,
      'ResourceNotFound',
    );
  });
});
