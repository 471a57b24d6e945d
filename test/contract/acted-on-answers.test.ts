/**
 * Answers the vendor documents for calls the service has acted on (an allocation, a manifest, a
 * cancellation…) are read without an error: refusing one would hide that the service acted.
 */
import { describe, expect, it } from 'vitest';
import type {
  DeliveryOptionReference,
  OrderReference,
  ShipmentGroupReference,
  ShipmentsClient,
} from '../../src/index.js';

import { consignment, json, orders, shipments, stub, summary } from './stub.js';

describe('documented answers of calls the service has acted on are read without an error', () => {
  it('selectDeliveryOption sends { DeliveryOptions: [{ Reference }] } and reads SelectOrderResults with Message null (reference: Select Delivery Option)', async () => {
    const { fetch, sent } = stub(
      json(
        {
          SelectOrderResults: [
            {
              DeliveryOptionReference: 'EDO-000-6DX-6XP',
              OrderReference: 'EO-000-002-0TT',
              Status: 201,
              Message: null,
              Links: [{ Rel: 'Detail', Href: 'https://api.electioapp.com/orders/EO-000-002-0TT' }],
            },
          ],
        },
        201,
      ),
    );
    await expect(
      orders(fetch).deliveryOptions.selectAsOrder('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
    expect(sent[0]!.body).toEqual({ DeliveryOptions: [{ Reference: 'EDO-000-6DX-6XP' }] });
    expect(sent[0]!.url).toMatch(/\/deliveryoptions\/selectorder$/);
  });

  it('selectDeliveryOption finds the order through its Detail link when OrderReference is null', async () => {
    const { fetch } = stub(
      json({
        SelectOrderResults: [
          {
            DeliveryOptionReference: 'EDO-000-6DX-6XP',
            OrderReference: null,
            Status: 201,
            Message: null,
            Links: [{ Rel: 'Detail', Href: 'https://api.electioapp.com/orders/EO-000-002-0TT' }],
          },
        ],
      }),
    );
    await expect(
      orders(fetch).deliveryOptions.selectAsOrder('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
  });

  it('selectDeliveryOption reads the spec answer shape too', async () => {
    const { fetch } = stub(json({ OrderReference: 'EO-000-002-0TT' }, 201));
    await expect(
      orders(fetch).deliveryOptions.selectAsOrder('EDO-000-6DX-6XP' as DeliveryOptionReference),
    ).resolves.toBe('EO-000-002-0TT');
  });

  it('createOrder reads the 201 list of links (reference: Create Order)', async () => {
    const { fetch } = stub(
      json([{ Rel: 'Order', Href: 'https://api.electioapp.com/orders/EO-000-002-0TS' }], 201),
    );
    const order = {
      Packages: [{ Items: [{ Description: 'Mug', Quantity: 1 }] }],
      Addresses: [
        { AddressType: 'Origin', ShippingLocationReference: 'SL-LEEDS-01', IsCached: false },
        {
          AddressType: 'Destination',
          AddressLine1: '1 High St',
          Town: 'York',
          Postcode: 'YO1 1AA',
          Country: { IsoCode: { TwoLetterCode: 'GB' } },
        },
      ],
    };
    await expect(orders(fetch).create(order)).resolves.toBe('EO-000-002-0TS');
  });

  it('packOrder reads Results with ConsignmentCreated and ReturnConsignmentCreated (reference: Pack Order)', async () => {
    const link = (reference: string) => [
      { Rel: 'Consignment', Href: `https://api.electioapp.com/consignments/${reference}` },
    ];
    const { fetch } = stub(
      json(
        {
          Results: [
            {
              Result: 'ReturnConsignmentCreated',
              Message: 'Created',
              Data: 'EC-000-05B-MQ2',
              ApiLinks: link('EC-000-05B-MQ2'),
            },
            {
              Result: 'ConsignmentCreated',
              Message: null,
              Data: 'EC-000-05B-MQ1',
              ApiLinks: link('EC-000-05B-MQ1'),
            },
          ],
        },
        201,
      ),
    );
    const request = {
      OrderReference: 'EO-000-002-0TS' as OrderReference,
      GenerateReturn: true,
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
    };
    await expect(orders(fetch).pack('EO-000-002-0TS' as OrderReference, request)).resolves.toEqual([
      'EC-000-05B-MQ1',
      'EC-000-05B-MQ2',
    ]);
  });

  it('packOrder reads the consignment from Data when a result has ApiLinks null (reference: Pack Order)', async () => {
    const { fetch } = stub(
      json(
        {
          Results: [{ Result: 'ConsignmentCreated', Message: null, Data: 'EC-000-05B-MQ1', ApiLinks: null }],
        },
        201,
      ),
    );
    const request = {
      OrderReference: 'EO-000-002-0TS' as OrderReference,
      Packages: [{ Items: [{ Sku: 'MUG', Quantity: 1 }] }],
    };
    await expect(orders(fetch).pack('EO-000-002-0TS' as OrderReference, request)).resolves.toEqual([
      'EC-000-05B-MQ1',
    ]);
  });

  it('allocateConsignments reads summaries with null fields (reference: Allocate Using Default Rules)', async () => {
    const sparse = {
      ...summary,
      Description: null,
      ConsignmentLegs: null,
      ApiLinks: null,
      CarrierName: null,
    };
    const { fetch } = stub(json([summary, sparse]));
    await expect(orders(fetch).allocation.allocate([consignment])).resolves.toEqual([summary, sparse]);
  });

  it('manifestConsignments reads results with ApiLinks null and a Message null (reference: Manifest Consignments)', async () => {
    const results = [
      { IsSuccess: true, Message: null, Data: 'EC-000-05B-MQ1', ApiLinks: null },
      {
        IsSuccess: false,
        Message: 'Not allocated',
        Data: 'EC-000-05B-MQ2',
        ApiLinks: [{ Rel: 'Link', Href: null }],
      },
    ];
    const { fetch } = stub(json(results));
    await expect(orders(fetch).manifests.manifest([consignment])).resolves.toEqual(results);
    const { fetch: again } = stub(json(results));
    await expect(orders(again).consignments.setReadyToShip([consignment])).resolves.toEqual(results);
  });

  it('manifestConsignmentsFromQuery reads an answer with only Message (reference: Manifest Consignments From Query)', async () => {
    const body = { Message: 'Query found 0 consignment(s).' };
    const { fetch } = stub(json(body));
    await expect(orders(fetch).manifests.manifestFromQuery({ States: ['ReadyToShip'] })).resolves.toEqual({
      ...body,
      counts: { found: 0, queued: undefined, failed: undefined },
    });
  });

  it('getCustomerManifests reads Created with 7 fractional digits and null names (reference: Get Customer Manifests)', async () => {
    const manifests = [
      {
        ManifestReference: '0f8fad5bd9cb469fa16570867728950e',
        ShippingLocationReference: 'SL-LEEDS-01',
        ShippingLocationName: null,
        Created: '2020-02-10T11:21:07.8156519+00:00',
        CarrierName: 'Royal Mail',
        BookingsCount: 2,
        ManifestFileNameSentToCarrier: null,
      },
    ];
    const { fetch } = stub(json(manifests));
    await expect(orders(fetch).manifests.list()).resolves.toEqual(manifests);
  });

  const group = 'sg_00000000000000000000000001' as ShipmentGroupReference;
  it.each([
    ['message missing', { reference: group }],
    [
      'message and the optional fields null',
      { reference: group, message: null, custom_reference: null, version: null, _links: null },
    ],
    [
      'every field (reference: Resource result)',
      {
        reference: group,
        custom_reference: 'evening-collection',
        version: 2,
        message: 'Shipment group locked',
        _links: [
          {
            href: 'https://api.sorted.com/pro/shipment_groups/sg_1',
            rel: 'self',
            reference: group,
            type: 'shipment_group',
          },
        ],
      },
    ],
  ])('shipment group results with %s are read as sent', async (_, body) => {
    const calls = [
      (client: ShipmentsClient) => client.groups.lock(group),
      (client: ShipmentsClient) => client.groups.unlock(group),
      (client: ShipmentsClient) =>
        client.groups.update({ reference: group, add_shipments: ['sp_00000000000000000000000001'] }),
      (client: ShipmentsClient) =>
        client.groups.addShipment({ reference: group }, 'sp_00000000000000000000000001'),
      (client: ShipmentsClient) =>
        client.groups.removeShipment({ reference: group }, 'sp_00000000000000000000000001'),
    ];
    for (const call of calls) {
      const { fetch } = stub(json(body));
      await expect(call(shipments(fetch))).resolves.toEqual(body);
    }
  });
});
