import { describe, expect, it } from 'vitest';
import { useMockService } from '../../support/mock-service.js';
import { expectAreaAError, wire } from '../../support/orders-mock.js';

const { mock } = useMockService();
const api = wire(mock);

/** An item as the C# contract's `BaseItem` requires it: weight, dimensions and value. */
const mug = (extra: Record<string, unknown> = {}) => ({
  Sku: 'MUG-RED',
  ItemReferenceProvidedByCustomer: 'LINE-3',
  Weight: { Value: 0.4, Unit: 'Kg' },
  Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 12 },
  Value: { Amount: 8, Currency: { IsoCode: 'GBP' } },
  ...extra,
});
const packagesOf = (reference: string) => mock.store.orders.getConsignment(reference)?.Packages ?? [];
const itemsOf = (reference: string, index = 0) =>
  (packagesOf(reference)[index]?.Items ?? []) as {
    Reference: string;
    ItemReferenceProvidedByCustomer?: string;
  }[];
const noBody = (answer: { status: number; text: string }) => ({ status: answer.status, text: answer.text });

describe('area A mock: Add Item and Add Items', () => {
  it('adds an item with a new reference, answering 200 with no body', async () => {
    const consignment = await api.consignment();
    const pkg = String(packagesOf(consignment)[0]?.Reference);
    const answer = await api.call('PUT', `/items/${pkg}`, { ...mug(), PackageReference: pkg });
    expect(noBody(answer)).toEqual({ status: 200, text: '' });
    expect(itemsOf(consignment).at(-1)).toMatchObject({
      ...mug(),
      Reference: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(itemsOf(consignment).at(-1)).not.toHaveProperty('PackageReference');
    const added = await api.call('PUT', '/items/additems', {
      PackageReference: pkg,
      Items: [
        mug({ ItemReferenceProvidedByCustomer: 'LINE-4' }),
        mug({ ItemReferenceProvidedByCustomer: 'LINE-5' }),
      ],
    });
    expect(noBody(added)).toEqual({ status: 200, text: '' });
    expect(
      itemsOf(consignment)
        .map((item) => item.ItemReferenceProvidedByCustomer)
        .slice(-3),
    ).toEqual(['LINE-3', 'LINE-4', 'LINE-5']);
  });

  it('refuses an incomplete item, a mismatched package, an unknown package and an allocated consignment', async () => {
    const consignment = await api.consignment();
    const pkg = String(packagesOf(consignment)[0]?.Reference);
    const before = itemsOf(consignment).length;
    for (const missing of ['Weight', 'Dimensions', 'Value']) {
      const { [missing]: _gone, ...item } = mug() as Record<string, unknown>;
      expectAreaAError(await api.call('PUT', `/items/${pkg}`, item), 400, 'InvalidRequest');
      expectAreaAError(
        await api.call('PUT', '/items/additems', { PackageReference: pkg, Items: [mug(), item] }),
        400,
        'InvalidRequest',
      );
    }
    expectAreaAError(
      await api.call('PUT', `/items/${pkg}`, mug({ Reference: 'a'.repeat(32) })),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('PUT', '/items/additems', { PackageReference: pkg, Items: [] }),
      400,
      'InvalidRequest',
    );
    expectAreaAError(
      await api.call('PUT', `/items/${pkg}`, mug({ PackageReference: 'EP-9' })),
      400,
      'ReferenceMismatch',
    );
    expect(itemsOf(consignment)).toHaveLength(before);
    expectAreaAError(await api.call('PUT', '/items/EP-999-999-999', mug()), 404, 'PackageNotFound');
    const allocated = await api.allocated();
    expectAreaAError(
      await api.call('PUT', `/items/${String(packagesOf(allocated)[0]?.Reference)}`, mug()),
      400,
      'InvalidConsignmentState',
    );
  });
});

describe('area A mock: Move Item and Remove Item', () => {
  it('moves an item between packages, and refuses a move to where it is', async () => {
    const consignment = await api.consignment();
    const second = await api.ok('POST', `/consignments/${consignment}/addpackage`, {
      Weight: { Value: 0.5, Unit: 'Kg' },
      Dimensions: { Unit: 'Cm', Width: 10, Length: 10, Height: 10 },
      Description: 'Spare parts',
      Value: { Amount: 5, Currency: { IsoCode: 'GBP' } },
    });
    const [item] = itemsOf(consignment);
    const move = { ItemReference: item?.Reference, TargetPackageReference: second.body.Reference };
    expect(noBody(await api.call('PUT', '/items/move', move))).toEqual({ status: 200, text: '' });
    expect(itemsOf(consignment, 0)).toEqual([]);
    expect(itemsOf(consignment, 1)).toEqual([item]);
    expectAreaAError(await api.call('PUT', '/items/move', move), 400, 'InvalidRequest');
    expectAreaAError(
      await api.call('PUT', '/items/move', { ...move, ItemReference: 'f'.repeat(32) }),
      404,
      'ItemNotFound',
    );
    expectAreaAError(
      await api.call('PUT', '/items/move', { ...move, TargetPackageReference: 'EP-999-999-999' }),
      404,
      'PackageNotFound',
    );
    expectAreaAError(
      await api.call('PUT', '/items/move', { ItemReference: item?.Reference }),
      400,
      'InvalidRequest',
    );
  });

  it('removes an item (the package may be left empty); 404 for an item not in the package', async () => {
    const consignment = await api.consignment();
    const pkg = String(packagesOf(consignment)[0]?.Reference);
    const [item] = itemsOf(consignment);
    expect(noBody(await api.call('DELETE', `/items/${pkg}/${item?.Reference}`))).toEqual({
      status: 200,
      text: '',
    });
    expect(itemsOf(consignment)).toEqual([]);
    expectAreaAError(await api.call('DELETE', `/items/${pkg}/${item?.Reference}`), 404, 'ItemNotFound');
    const allocated = await api.allocated();
    const [allocatedItem] = itemsOf(allocated);
    expectAreaAError(
      await api.call(
        'DELETE',
        `/items/${String(packagesOf(allocated)[0]?.Reference)}/${allocatedItem?.Reference}`,
      ),
      400,
      'InvalidConsignmentState',
    );
  });
});

describe('area A mock: Set Customer Reference Via Label Bar Code', () => {
  it("sets the first item's reference of the package whose label has the barcode", async () => {
    const allocated = await api.allocated();
    const [barcode] = mock.store.orders.getConsignment(allocated)?.TrackingReferences ?? [];
    const path = `/items/${barcode}/setcustomerprovidedreference`;
    expect(noBody(await api.call('PUT', path, { Reference: 'PICK-1' }))).toEqual({ status: 200, text: '' });
    expect(itemsOf(allocated)[0]?.ItemReferenceProvidedByCustomer).toBe('PICK-1');
    expectAreaAError(
      await api.call('PUT', '/items/NOLABEL1/setcustomerprovidedreference', { Reference: 'X' }),
      404,
      'PackageNotFound',
    );
  });
});
