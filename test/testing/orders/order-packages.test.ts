import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

const gbp = (Amount: number) => ({ Amount, Currency: { IsoCode: 'GBP' } });
// biome-ignore lint/suspicious/noExplicitAny: the mock's stored orders are read loosely
const packagesOf = (order: string): any[] => mock.store.orders.orders.get(order)?.Packages ?? [];
const box = (extra: Record<string, unknown> = {}) => ({
  PackageReferenceProvidedByCustomer: 'BOX-2',
  Dimensions: { Unit: 'Cm', Width: 10, Length: 20, Height: 5 },
  Items: [{ Sku: 'PLATE', Quantity: 2, Weight: { Value: 0.3, Unit: 'Kg' }, Value: gbp(4) }],
  ...extra,
});

describe('area A mock: an order’s packages', () => {
  it('adds packages 201 true, each with an EP- reference and its items with 32-hex references; Get Order shows them', async () => {
    const order = await api.createOrder();
    const answer = await api.call('POST', '/orders/addorderpackages', {
      OrderReference: order,
      OrderPackages: [box()],
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 201, body: true });
    const read = await api.getOrder(order);
    const added = read.Packages.find(
      (pkg: { PackageReferenceProvidedByCustomer?: string }) =>
        pkg.PackageReferenceProvidedByCustomer === 'BOX-2',
    );
    expect(added).toMatchObject({
      Reference: expect.stringMatching(/^EP-/),
      // Left out, the weight is the items' added up.
      Weight: { Value: 0.6, Unit: 'Kg' },
      Items: [{ Sku: 'PLATE', Reference: expect.stringMatching(/^[0-9a-f]{32}$/) }],
    });
  });

  it('a package size stands for the dimensions; without either, 400 and nothing is added', async () => {
    const order = await api.createOrder();
    const sizes = (await api.ok('GET', '/packagesizes')).body;
    const size = (Array.isArray(sizes) ? sizes : (sizes.PackageSizes ?? sizes.Results))[0];
    await api.ok('POST', '/orders/addorderpackages', {
      OrderReference: order,
      OrderPackages: [box({ Dimensions: undefined, PackageSizeReference: size.Reference })],
    });
    expect(packagesOf(order).at(-1).Dimensions).toMatchObject({ Width: size.Width, Length: size.Length });
    const before = packagesOf(order).length;
    const refused = await api.call('POST', '/orders/addorderpackages', {
      OrderReference: order,
      OrderPackages: [box({ PackageReferenceProvidedByCustomer: 'BOX-3' }), box({ Dimensions: undefined })],
    });
    expectAreaAError(refused, 400, 'InvalidRequest');
    expect(refused.body.Details[0].Target).toBe('OrderPackages[1].Dimensions');
    expect(packagesOf(order)).toHaveLength(before);
  });

  it('an item without Value is refused, as the reference requires it', async () => {
    const order = await api.createOrder();
    const refused = await api.call('POST', '/orders/addorderpackages', {
      OrderReference: order,
      OrderPackages: [box({ Items: [{ Sku: 'PLATE' }] })],
    });
    expectAreaAError(refused, 400, 'InvalidRequest');
    expect(refused.body.Details[0].Target).toBe('OrderPackages[0].Items[0].Value');
  });

  it('updates a package named by its reference 200 true: what is given replaces, the rest is kept', async () => {
    const order = await api.createOrder();
    const [pkg] = packagesOf(order);
    const [mug] = pkg.Items;
    const answer = await api.call('PUT', '/orders/updateorderpackages', {
      OrderReference: order,
      OrderPackages: [
        {
          Reference: pkg.Reference,
          Description: 'Boxed',
          Items: [{ Reference: mug.Reference, Quantity: 3, Value: gbp(5) }],
        },
      ],
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: true });
    const [updated] = packagesOf(order);
    expect(updated).toMatchObject({
      Reference: pkg.Reference,
      Description: 'Boxed',
      Dimensions: pkg.Dimensions,
    });
    expect(updated.Items[0]).toMatchObject({ Reference: mug.Reference, Sku: mug.Sku, Quantity: 3 });
    expect(updated.Items).toHaveLength(pkg.Items.length);
  });

  it('deletes packages 200 true; one not on the order is 404 PackageNotFound and none is deleted', async () => {
    const order = await api.createOrder();
    await api.ok('POST', '/orders/addorderpackages', { OrderReference: order, OrderPackages: [box()] });
    const [first, second] = packagesOf(order).map((pkg) => pkg.Reference);
    const missing = await api.call('POST', '/orders/deleteorderpackages', {
      OrderReference: order,
      OrderPackageReferences: [second, 'EP-404'],
    });
    expectAreaAError(missing, 404, 'PackageNotFound');
    expect(packagesOf(order).map((pkg) => pkg.Reference)).toEqual([first, second]);
    const answer = await api.call('POST', '/orders/deleteorderpackages', {
      OrderReference: order,
      OrderPackageReferences: [second],
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: true });
    expect(packagesOf(order).map((pkg) => pkg.Reference)).toEqual([first]);
    // A second send finds nothing to delete.
    const again = await api.call('POST', '/orders/deleteorderpackages', {
      OrderReference: order,
      OrderPackageReferences: [second],
    });
    expectAreaAError(again, 404, 'PackageNotFound');
  });

  it('an unknown order is 404 OrderNotFound, a missing OrderReference 400', async () => {
    const unknown = await api.call('POST', '/orders/addorderpackages', {
      OrderReference: 'EO-404',
      OrderPackages: [box()],
    });
    expectAreaAError(unknown, 404, 'OrderNotFound');
    const none = await api.call('PUT', '/orders/updateorderpackages', { OrderPackages: [box()] });
    expectAreaAError(none, 400, 'InvalidRequest');
  });
});

describe('area A mock: the items of an order’s package', () => {
  it('adds 201, updates 200 and deletes 200 items of a package; Get Order shows each change', async () => {
    const order = await api.createOrder();
    const [pkg] = packagesOf(order);
    const added = await api.call('POST', '/orders/addorderpackageitems', {
      OrderReference: order,
      PackageReference: pkg.Reference,
      OrderItems: [{ ItemReferenceProvidedByCustomer: 'LINE-3', Sku: 'PLATE', Value: gbp(4) }],
    });
    expect({ status: added.status, body: added.body }).toEqual({ status: 201, body: true });
    const item = packagesOf(order)[0].Items.find((each: { Sku: string }) => each.Sku === 'PLATE');
    expect(item.Reference).toMatch(/^[0-9a-f]{32}$/);
    const updated = await api.call('PUT', '/orders/updateorderpackageitems', {
      OrderReference: order,
      PackageReference: pkg.Reference,
      OrderItems: [{ Reference: item.Reference, Quantity: 5, Value: gbp(4) }],
    });
    expect({ status: updated.status, body: updated.body }).toEqual({ status: 200, body: true });
    expect(packagesOf(order)[0].Items.find((each: { Sku: string }) => each.Sku === 'PLATE')).toMatchObject({
      Quantity: 5,
      ItemReferenceProvidedByCustomer: 'LINE-3',
    });
    const deleted = await api.call('POST', '/orders/deleteorderpackageitems', {
      OrderReference: order,
      PackageReference: pkg.Reference,
      OrderItemReferences: [item.Reference],
    });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: true });
    expect(packagesOf(order)[0].Items.map((each: { Reference: string }) => each.Reference)).not.toContain(
      item.Reference,
    );
  });

  it('a package not on the order is 404 PackageNotFound; an item not in it 404 and nothing changes', async () => {
    const order = await api.createOrder();
    const [pkg] = packagesOf(order);
    const noPackage = await api.call('POST', '/orders/addorderpackageitems', {
      OrderReference: order,
      PackageReference: 'EP-404',
      OrderItems: [{ Value: gbp(1) }],
    });
    expectAreaAError(noPackage, 404, 'PackageNotFound');
    const noItem = await api.call('PUT', '/orders/updateorderpackageitems', {
      OrderReference: order,
      PackageReference: pkg.Reference,
      OrderItems: [
        { Reference: pkg.Items[0].Reference, Quantity: 9 },
        { Reference: 'f'.repeat(32), Quantity: 9 },
      ],
    });
    expectAreaAError(noItem, 404, 'ItemNotFoundOnOrder');
    expect(packagesOf(order)[0].Items[0].Quantity).toBe(pkg.Items[0].Quantity);
  });

  it('items added to an order are what Pack Order can pack', async () => {
    const order = await api.createOrder();
    const [pkg] = packagesOf(order);
    await api.ok('POST', '/orders/addorderpackageitems', {
      OrderReference: order,
      PackageReference: pkg.Reference,
      OrderItems: [{ Sku: 'PLATE', Value: gbp(4) }],
    });
    const [consignment] = await api.pack(order, { Packages: [{ Items: [{ Sku: 'PLATE', Quantity: 1 }] }] });
    expect(mock.store.orders.getConsignment(consignment as string)?.Packages[0]?.Items).toMatchObject([
      { Sku: 'PLATE' },
    ]);
  });
});
