import { json } from '../../router.js';
import { inListingOrder, prospectiveConsignment, shortlist } from '../allocation/shortlist.js';
import { ErrorCode, fail, invalid } from '../errors.js';
import { orderLinks, prepareOrder } from '../orders.js';
import type { CarrierService, JsonObject, OrdersContext, OrdersStore } from '../state.js';
import {
  addressOfType,
  countryOf,
  dayOf,
  dayOfEpoch,
  epochDay,
  isDeliveryOptionReference,
  isObject,
} from '../util.js';
import { checkOrderAddresses, metaDataOf, optionalString, requireBodyObject } from '../validate.js';

/**
 * Delivery and pickup options in the mock. Options come from the same shortlist as allocation (enabled
 * services that ship to the destination and meet the delivery promise, the organisation's rules, the
 * tags), listed by service reference and not by price, dated from the store's today; each becomes an `EDO-` option that
 * `selectDeliveryOption` turns into an order, once.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const VAT = 0.2;
const money = (amount: number) => Math.round(amount * 100) / 100;

/** One option per eligible service, by service reference (not by price: nothing promises an order), stored so that `selectDeliveryOption` can use it. */
function quote(store: OrdersStore, body: JsonObject, order: JsonObject): JsonObject[] {
  const consignment = prospectiveConsignment(store, { ...body, ...order });
  const shipping = dayOf(consignment.ShippingDate) ?? store.now().toISOString().slice(0, 10);
  return inListingOrder(shortlist(store, consignment).eligible).map((service) => {
    const day = dayOfEpoch(epochDay(shipping) + service.TransitDays);
    const date = `${day}T00:00:00+00:00`;
    const reference = store.nextReference('EDO-');
    const answer = optionAnswer(reference, service, day, shipping);
    store.orders.addDeliveryOption({
      Reference: reference,
      CarrierServiceReference: service.ServiceReference,
      EarliestDeliveryDate: date,
      LatestDeliveryDate: date,
      Order: structuredClone(order),
      Answer: structuredClone(answer),
    });
    return answer;
  });
}

export function optionAnswer(
  reference: string,
  service: CarrierService,
  day: string,
  shipping: string,
): JsonObject {
  const weekday = DAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return {
    Reference: reference,
    EstimatedDeliveryDate: { Date: `${day}T00:00:00+00:00`, Guaranteed: true, DayOfWeek: weekday },
    DeliveryWindow: { Start: '00:00:00', End: '23:59:00', UtcOffset: '+00:00' },
    Carrier: service.CarrierName,
    CarrierService: service.ServiceName,
    CarrierServiceReference: service.ServiceReference,
    CarrierServiceTypes: ['Standard'],
    Price: {
      Net: service.Price,
      Gross: money(service.Price * (1 + VAT)),
      TaxRate: { Reference: 'GB-0.2000', CountryIsoCode: 'GB', Type: 'Standard', Rate: VAT },
      VatAmount: money(service.Price * VAT),
      Currency: { Name: 'Pound Sterling', IsoCode: 'GBP' },
    },
    AllocationCutOff: `${shipping}T15:30:00+00:00`,
    OperationalCutOff: `${shipping}T15:00:00+00:00`,
    ServiceDirection: 'Inbound, Outbound',
  };
}

/** POST /deliveryoptions: 201 `{ DeliveryOptions }`, by service reference; none is an empty list. */
export function getDeliveryOptions(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  return json({ DeliveryOptions: quote(context.store, body, body) }, 201);
}

/**
 * POST /deliveryoptions/pickupoptions: the seeded pickup shops in the destination's country within
 * `Distance` (km), nearest first, at most `MaxResults` (1 to 50), each with the options that deliver to
 * it (selecting one makes an order to the shop).
 */
export function getPickupOptions(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  const distance = isObject(body.Distance) ? body.Distance.Value : body.Distance;
  if (typeof distance !== 'number' || !(distance > 0))
    invalid('Distance', 'must be { Value, Unit } with a positive Value');
  const max = body.MaxResults;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 50) {
    invalid('MaxResults', 'must be an integer from 1 to 50');
  }
  const addresses = checkOrderAddresses(context.store, body.Addresses);
  const country = countryOf(addressOfType(addresses, 'Destination'));
  const shops = [...context.store.orders.pickupShops.values()]
    .filter((shop) => countryOf(shop.Address) === country && shop.DistanceKm <= distance)
    .sort((a, b) => a.DistanceKm - b.DistanceKm)
    .slice(0, max);
  const Locations = shops.map((shop) => {
    const toShop = addresses.map((address) =>
      address.AddressType === 'Destination'
        ? { ...shop.Address, AddressType: 'Destination', Contact: address.Contact ?? null }
        : address,
    );
    const { Distance: _distance, MaxResults: _max, ...request } = body;
    const order: JsonObject = { ...request, Addresses: toShop };
    return {
      Name: shop.Name,
      ShopReference: shop.ShopReference,
      Address: shop.Address,
      Distance: shop.DistanceKm,
      OpeningTimes: Object.fromEntries(
        DAY_NAMES.slice(1)
          .concat(DAY_NAMES[0]!)
          .map((day) => [
            day,
            day === 'Sunday' ? [] : [{ Start: '09:00:00', End: '17:30:00', UtcOffset: '+00:00' }],
          ]),
      ),
      DeliveryOptions: quote(context.store, order, order),
    };
  });
  return json({ Distance: body.Distance, MaxResults: max, Locations }, 201);
}

/**
 * POST /deliveryoptions/selectorder: `{ Reference }` (spec) or `{ DeliveryOptions: [{ Reference,
 * OrderReferenceProvidedByCustomer?, MetaData? }] }` (real service). Each selection creates an order from
 * the option's order template, with the selection's own reference and metadata; an option is selected
 * once (by either select). In the spec's form, an unknown or used option fails the request (404, 400). In
 * the real form, it fails only its own result (`Status` 404 or 400, `OrderReference: null`, a `Message`),
 * and the others still make their orders; a template that cannot make a valid order fails the whole
 * request, before any order is stored. Answers 200 `{ SelectOrderResults: [...] }`, one per selection, in order.
 */
export function selectDeliveryOption(context: OrdersContext): Response {
  const body = requireBodyObject(context.body);
  let selections: JsonObject[];
  const listed = body.Reference === undefined;
  if (!listed) selections = [{ Reference: body.Reference }];
  else if (Array.isArray(body.DeliveryOptions) && body.DeliveryOptions.length > 0) {
    selections = body.DeliveryOptions.map((option) => (isObject(option) ? option : {}));
  } else return invalid('Reference', 'is required (or DeliveryOptions: [{ Reference }])');
  const seen = new Set<string>();
  const checked = selections.map((selection) => {
    const reference = selection.Reference;
    if (!isDeliveryOptionReference(reference)) {
      return fail(
        400,
        ErrorCode.InvalidReferenceFormat,
        `'${String(reference)}' is not a delivery option reference`,
      );
    }
    optionalString(selection, 'OrderReferenceProvidedByCustomer');
    metaDataOf(selection);
    const option = context.store.orders.deliveryOptions.get(reference);
    const made = option?.SelectedOrderReference ?? option?.SelectedConsignmentReference;
    const refusal = !option
      ? {
          Status: 404,
          Code: ErrorCode.DeliveryOptionNotFound,
          Message: `Delivery option ${reference} not found`,
        }
      : made || seen.has(reference)
        ? {
            Status: 400,
            Code: ErrorCode.DeliveryOptionAlreadySelected,
            Message: `Delivery option ${reference} was already selected${made ? `: it made ${made}` : ''}`,
          }
        : undefined;
    seen.add(reference);
    if (refusal && !listed) return fail(refusal.Status, refusal.Code, refusal.Message);
    return { reference, selection, option: refusal ? undefined : option, refusal };
  });
  // Every option's order is checked before any is stored: one bad template creates none of them.
  const prepared = checked.map((entry) => {
    if (!entry.option) return { ...entry, order: undefined };
    const { option, selection } = entry;
    const template: JsonObject = { ...option.Order };
    if (typeof selection.OrderReferenceProvidedByCustomer === 'string') {
      template.OrderReferenceProvidedByCustomer = selection.OrderReferenceProvidedByCustomer;
    }
    if (Array.isArray(selection.MetaData)) template.MetaData = selection.MetaData;
    const order = prepareOrder(context.store, template, {
      DeliveryOptionReference: option.Reference,
      EarliestDeliveryDate: option.EarliestDeliveryDate,
      LatestDeliveryDate: option.LatestDeliveryDate,
      CarrierServiceReference: option.CarrierServiceReference,
    });
    return { ...entry, order };
  });
  const results = prepared.map(({ reference, option, order, refusal }) => {
    if (!option || !order) {
      return {
        DeliveryOptionReference: reference,
        OrderReference: null,
        Status: refusal?.Status ?? 400,
        Message: refusal?.Message ?? null,
        Links: [],
      };
    }
    const { OrderReference } = order.commit();
    option.SelectedOrderReference = OrderReference;
    return {
      OrderReference,
      DeliveryOptionReference: option.Reference,
      Status: 201,
      Message: null,
      ApiLinks: orderLinks(context, OrderReference),
    };
  });
  return json({ SelectOrderResults: results });
}
