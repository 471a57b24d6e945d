/**
 * Compile-time checks of the request types, run by `npm run typecheck` (tsc over `test/`): each
 * `@ts-expect-error` fails the type check if its misspelt key ever compiles again, and the rest must
 * compile as written. Nothing here runs.
 */
import type {
  Address,
  ConsignmentFilter,
  CreateOrderInput,
  CreateShipmentGroupInput,
  DeliveryOptionsRequest,
  Item,
  ManifestQuery,
  OrderChanges,
  OrderReference,
  OrdersClient,
  Package,
  PackOrderRequest,
  PickupOptionsRequest,
  ShipmentsClient,
  UpdateOrderInput,
  UpdateShipmentGroupInput,
} from 'consignkit';
import { withExtraFields } from 'consignkit';

declare const orders: OrdersClient;
declare const shipments: ShipmentsClient;
declare const ref: OrderReference;

const origin: Address = { AddressType: 'Origin', ShippingLocationReference: 'SL-LONDON' };
const destination: Address = {
  AddressType: 'Destination',
  Town: 'Leeds',
  Postcode: 'LS1 4AP',
  Country: { IsoCode: { TwoLetterCode: 'GB' } },
};

export async function misspeltKeysDoNotCompile() {
  await orders.create({
    // @ts-expect-error OrderRefernceProvidedByCustomer is not a field of Create Order
    OrderRefernceProvidedByCustomer: 'WEB-1',
    Packages: [{ Items: [{ Sku: 'A' }] }],
    Addresses: [origin, destination],
  });
  // @ts-expect-error Wieght is not a field of an item
  const item: Item = { Sku: 'A', Wieght: { Value: 1, Unit: 'Kg' } };
  // @ts-expect-error Weigth is not a field of a package
  const pkg: Package = { Items: [item], Weigth: { Value: 1 } };
  // @ts-expect-error Postcde is not a field of an address
  const address: Address = { AddressType: 'Destination', Postcde: 'LS1 4AP' };
  // @ts-expect-error Vaule is not a field of a weight
  const weight: Item = { Weight: { Vaule: 1 } };
  // @ts-expect-error TwoLetterCod is not a field of a country code
  const country: Address = { AddressType: 'Origin', Country: { IsoCode: { TwoLetterCod: 'GB' } } };
  const update: UpdateOrderInput = {
    OrderReference: ref,
    OrderReferenceProvidedByCustomer: null,
    RequiredDeliveryDate: null,
    ShippingDate: null,
    CustomsDocumentation: null,
    MetaData: null,
    // @ts-expect-error Tag is not a field of Update Order
    Tag: ['Fragile'],
  };
  // @ts-expect-error Tag is not a field of an order's changes
  const changes: OrderChanges = { Tag: ['Fragile'] };
  // @ts-expect-error GenerateReturns is not a field of Pack Order
  const pack: PackOrderRequest = { OrderReference: ref, Packages: [], GenerateReturns: true };
  // @ts-expect-error State is not a field of a manifest query (States is)
  const query: ManifestQuery = { States: ['Allocated'], State: 'Allocated' };
  // @ts-expect-error Stat is not a field of a consignment filter
  const filter: ConsignmentFilter = { Stat: 'Allocated' };
  // @ts-expect-error Adresses is not a field of a delivery options request
  const options: DeliveryOptionsRequest = { Packages: [], Addresses: [], Adresses: [] };
  // @ts-expect-error MaxResult is not a field of a pickup options request
  const pickup: PickupOptionsRequest = { Packages: [], Addresses: [], MaxResult: 5 };
  // @ts-expect-error shipment is not a field of a group update
  const group: UpdateShipmentGroupInput = { reference: 'sg_1', shipment: ['sp_1'] };
  // @ts-expect-error customReference is not a field of a new group
  const created: CreateShipmentGroupInput = { customReference: 'evening' };
  await orders.patch(ref, changes);
  await orders.update(ref, update);
  await orders.pack(ref, pack);
  await orders.manifests.manifestFromQuery(query);
  await orders.consignments.getReferences(filter);
  await orders.deliveryOptions.list(options);
  await orders.deliveryOptions.listPickup(pickup);
  await shipments.groups.update(group);
  await shipments.groups.create(created);
  return [pkg, address, weight, country];
}

export async function whatWasReadCanBeWrittenBack() {
  const order = await orders.get(ref);
  // Get Order's answer keeps fields the SDK does not name, and writes back whole.
  await orders.update(ref, { ...order, Tags: ['Fragile'] });
  const unknownField: unknown = 'SomethingNew' in order ? order.SomethingNew : undefined;
  const [firstAddress] = order.Addresses ?? [];
  if (firstAddress) await orders.updateAddress(ref, { ...firstAddress, Town: 'York' });
  return unknownField;
}

export async function theEscapeHatchSendsAnUnnamedFieldOnPurpose() {
  const input: CreateOrderInput = withExtraFields(
    { Packages: [{ Items: [{ Sku: 'A' }] }], Addresses: [origin, destination] },
    { CarrierSpecificField: 'x' },
  );
  await orders.create(input);
}
