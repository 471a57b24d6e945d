import { json } from '../../router.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import type { JsonObject, OrdersContext, OrdersStore, StoredConsignment } from '../state.js';
import { dayOf, isObject, isOrderReference, packageWeightKg } from '../util.js';
import { requireBodyObject, requireConsignment } from '../validate.js';
import { failedAllocationOf, milestonesOf } from './milestones.js';

/**
 * A consignment read: whole (Get Consignment), its state alone (Get Consignment Status), and the
 * consignments of orders (Get Consignments For Orders); and the figures and links the other consignment
 * and manifest routes share.
 */

/** Whether the consignment has a carrier service: read whole, it then shows its allocation and legs. */
export const isAllocated = (consignment: StoredConsignment) =>
  consignment.CarrierServiceReference !== undefined;

/** `[{ Rel: 'detail' }]`, as manifest and ready-to-ship results link a consignment. */
export const detailLink = (context: OrdersContext, reference: string) => [
  { Rel: 'detail', Href: `${context.baseUrl}/consignments/${reference}` },
];

/** `[{ Rel: 'Link' }]`, as Create and Update Consignment (and the status's `ApiLink`) link it. */
export const link = (context: OrdersContext, reference: string) => [
  { Rel: 'Link', Href: `${context.baseUrl}/consignments/${reference}` },
];

/** An amount in pounds, as consignments and their summaries carry `Value`. */
export const money = (amount: number) => ({
  Amount: amount,
  Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' },
});

export function weightOf(consignment: StoredConsignment) {
  const kg = consignment.Packages.reduce((sum, pkg) => sum + packageWeightKg(pkg), 0);
  return { Value: Math.round(kg * 1000) / 1000, Unit: 'Kg' };
}

export function declaredValue(consignment: StoredConsignment): number {
  return consignment.Packages.reduce((sum, pkg) => {
    const value = isObject(pkg.Value) ? pkg.Value.Amount : undefined;
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}

/** GET /consignments/:consignmentReference: the whole consignment, in the real field names. */
export function getConsignment(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  return json(consignmentBody(context.store, consignment));
}

export function consignmentBody(store: OrdersStore, consignment: StoredConsignment): JsonObject {
  const allocated = isAllocated(consignment);
  const price = consignment.AllocatedPrice ?? 0;
  const dates = milestonesOf(store, consignment);
  return {
    Reference: consignment.Reference,
    ConsignmentState: consignment.State,
    ConsignmentReferenceProvidedByCustomer: consignment.OrderReferenceProvidedByCustomer ?? '',
    Source: 'Api',
    Direction: consignment.Direction ?? (consignment.IsReturn ? 'Inbound' : 'Outbound'),
    DateCreated: consignment.DateCreated,
    ShippingDate: consignment.ShippingDate ?? null,
    RequestedDeliveryDate: dayOf(consignment.RequiredDeliveryDate) ?? null,
    EarliestDeliveryDate: consignment.EarliestDeliveryDate ?? null,
    LatestDeliveryDate: consignment.LatestDeliveryDate ?? null,
    CollectionDate: dates.collected,
    DateCollected: dates.collected,
    DateShipped: dates.shipped,
    DateDelivered: dates.delivered,
    FirstAttemptedDeliveryDate: dates.firstAttempted,
    AttemptedDeliveryDate: dates.attempted,
    DateReturned: dates.returned,
    IsLate: false,
    LateForCustomer: false,
    LabelCount: allocated ? consignment.Packages.length : 0,
    LabelsPrinted: consignment.LabelsPrinted,
    DateLabelsWereFirstPrinted: null,
    Weight: weightOf(consignment),
    Value: money(declaredValue(consignment)),
    Allocation: allocated
      ? {
          CarrierServiceGroupReference: '',
          MpdCarrierServiceGroupName: null,
          MpdCarrierServiceReference: consignment.CarrierServiceReference,
          MpdCarrierServiceName: consignment.CarrierServiceName ?? null,
          AllocationDate: consignment.AllocationDate ?? null,
          Price: {
            Net: price,
            Gross: price,
            TaxRate: { Reference: 'GB-0.0000', CountryIsoCode: 'GB', Type: 'Zero', Rate: 0 },
            VatAmount: 0,
            Currency: money(0).Currency,
          },
        }
      : null,
    FailedAllocation: failedAllocationOf(consignment),
    ConsignmentLegs: allocated
      ? [
          {
            Leg: 1,
            TrackingReferences: [...consignment.TrackingReferences],
            CarrierReference: consignment.CarrierReference ?? null,
            CarrierServiceReference: consignment.CarrierServiceReference,
            CarrierName: consignment.CarrierName ?? null,
          },
        ]
      : [],
    Addresses: consignment.Addresses,
    Packages: consignment.Packages,
    MetaData: consignment.MetaData ?? [],
    Tags: consignment.Tags ?? [],
    CustomsDocumentation: consignment.CustomsDocumentation ?? null,
    LocationInformation: null,
    ShippingLocationReference: consignment.ShippingLocationReference,
    ...(consignment.OrderReference && store.orders.orders.has(consignment.OrderReference)
      ? { OrderReference: consignment.OrderReference }
      : {}),
  };
}

/** GET /consignments/:consignmentReference/status: `{ ConsignmentReferenceForAllLegsAssignedByMpd, Status, ExpectedDeliveryDate, ApiLink }`. */
export function getConsignmentStatus(context: OrdersContext): Response {
  const consignment = requireConsignment(context.store, context.params.consignmentReference);
  const expected = consignment.LatestDeliveryDate ?? dayOf(consignment.RequiredDeliveryDate);
  return json({
    ConsignmentReferenceForAllLegsAssignedByMpd: consignment.Reference,
    Status: consignment.State,
    ExpectedDeliveryDate: expected
      ? expected.length === 10
        ? `${expected}T00:00:00+00:00`
        : expected
      : null,
    ApiLink: link(context, consignment.Reference)[0],
  });
}

/**
 * PUT /orders/consignments `{ OrderReferences }`: per order, 200 and its consignments (each outbound one
 * with the return packed beside it), or 404 for an unknown order. Answers 200 `{ OrderConsignmentsResults }`.
 */
export function getConsignmentsForOrders(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const references = body.OrderReferences;
  if (!Array.isArray(references) || references.length === 0) {
    invalid('OrderReferences', 'must be a non-empty array of order references');
  }
  const results = (references as unknown[]).map((reference, index) => {
    if (!isOrderReference(reference)) {
      return fail(
        400,
        ErrorCode.InvalidReferenceFormat,
        `OrderReferences[${index}] '${String(reference)}' is not an order reference`,
      );
    }
    if (!context.store.orders.orders.has(reference)) {
      return {
        OrderReference: reference,
        Status: 404,
        Message: `Order ${reference} not found`,
        Consignments: [],
      };
    }
    const packed = [...context.store.orders.consignments.values()].filter(
      (consignment) => consignment.OrderReference === reference && !consignment.IsReturn,
    );
    return {
      OrderReference: reference,
      Status: 200,
      Message: `${packed.length} consignment(s)`,
      Consignments: packed.map((consignment) => ({
        ConsignmentReference: consignment.Reference,
        ReturnConsignmentReference: consignment.ReturnConsignmentReference ?? null,
      })),
    };
  });
  return json({ OrderConsignmentsResults: results });
}
