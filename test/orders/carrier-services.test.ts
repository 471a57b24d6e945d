import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, OrdersClient, RequestValidationError } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { packedConsignment } from '../support/orders-mock.js';

let mock: MockService;
let orders: OrdersClient;

beforeEach(() => {
  mock = createMockService();
  orders = new OrdersClient({ apiKey: mock.apiKey, fetch: mock.fetch, maxRetries: 1 });
});

describe('carrier services, carriers, package sizes and collection calendars', () => {
  it('finds the reference allocateWithCarrierService takes, and allocates with it', async () => {
    const services = await orders.carrierServices.list();
    const tracked = services.find((service) => service.Name === 'Royal Mail Tracked 48');
    expect(tracked).toMatchObject({ Reference: 'RM-TRACKED48', MpdCarrierReference: 'ROYALMAIL' });
    const consignment = await packedConsignment(orders);
    await orders.allocation.allocateWithCarrierService([consignment], tracked?.Reference as string);
    const read = await orders.consignments.get(consignment);
    expect(read.ConsignmentState).toBe('Allocated');
    expect(read.Allocation?.MpdCarrierServiceReference).toBe('RM-TRACKED48');
  });

  it('reads the same services under GET /carriers', async () => {
    expect(await orders.carrierServices.listForSubscription()).toEqual(await orders.carrierServices.list());
  });

  it('lists the carriers, whose references the collection calendar takes', async () => {
    const carriers = await orders.carrierServices.listCarriers();
    expect(carriers).toContainEqual({ Reference: 'ROYALMAIL', Name: 'Royal Mail' });
    const calendar = await orders.collectionCalendar.get('SL-LONDON', 'ROYALMAIL');
    expect(calendar).toMatchObject({
      MpdCarrierReference: 'ROYALMAIL',
      ShippingLocationReference: 'SL-LONDON',
    });
    expect(calendar.ApplicableMpdCarrierServices).toContain('RM-TRACKED48');
    await expect(orders.collectionCalendar.get('SL-LONDON', 'NOBODY')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a carrier reference that would change the path, and sends nothing', async () => {
    await expect(orders.collectionCalendar.get('SL-LONDON', '../orders')).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(mock.requests('getCollectionCalendar')).toHaveLength(0);
  });

  it('lists the package sizes a package can name', async () => {
    const sizes = await orders.packageSizes.list();
    expect(sizes.map((size) => size.Reference)).toEqual(['SMALL-PARCEL', 'LARGE-PARCEL']);
    expect(sizes.find((size) => size.IsDefault)?.Reference).toBe('SMALL-PARCEL');
  });

  it('reads the default package size, the one the list marks IsDefault', async () => {
    const sizes = await orders.packageSizes.list();
    expect(await orders.packageSizes.getDefault()).toEqual(sizes.find((size) => size.IsDefault));
    mock.failNext('getDefaultPackageSize', { status: 404, body: { Message: 'No default package size' } });
    await expect(orders.packageSizes.getDefault()).rejects.toBeInstanceOf(NotFoundError);
  });
});
