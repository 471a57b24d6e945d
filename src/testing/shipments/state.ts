import type {
  ConsignmentReference,
  ContentsReference,
  ShipmentGroupReference,
  ShipmentReference,
} from '../../core/references.js';
import type { MockStore } from '../store.js';
import { type Lifecycle, lifecycleOf } from './records.js';

/**
 * Area B's part of the mock's store: shipments (made when area A allocates a consignment, through the
 * bridge, or seeded),
 * shipment groups and the customer's label extension.
 *
 * Seeding from a test (after `mock.reset()` the store is a fresh one):
 *
 * ```ts
 * const shipment = mock.store.shipments.addShipment({ carrierName: 'Acme' });
 * const group = mock.store.shipments.addShipmentGroup({ custom_reference: 'evening-run', shipments: [shipment.reference] });
 * mock.store.shipments.setLabelExtension('Returns: example.com/returns');
 * const fromOrders = mock.store.shipments.shipmentForConsignment('EC-…');
 * ```
 */

/** The label formats a carrier may offer. */
export type LabelFormatName = 'PDF' | 'ZPL' | 'BMP';

/** One contents item of a shipment: one per package, each with its own contents label. */
export interface MockContentsItem {
  /** `sc_…` */
  reference: ContentsReference;
  /** The package's `Description`, or `Package <n>`; printed on the contents label. */
  description: string;
}

/** A shipment in the mock, as `mock.store.shipments.shipments` holds it. */
export interface MockShipment {
  /** `sp_…` */
  reference: ShipmentReference;
  /** Labels exist only for an allocated shipment. */
  allocated: boolean;
  /** Printed on its labels. */
  carrierName: string;
  /** The carrier service it was allocated to, when known. */
  carrierServiceName?: string;
  /** The area A consignment it ships, when it came from an allocation. */
  consignmentReference?: ConsignmentReference;
  /** Its contents items, one per package. */
  contents: MockContentsItem[];
  /** The formats the carrier offers. Default all three. */
  labelFormats: LabelFormatName[];
}

/** A shipment group in the mock, as `mock.store.shipments.groups` holds it. */
export interface MockShipmentGroup {
  /** `sg_…` */
  reference: ShipmentGroupReference;
  /** URL-safe, 5 to 50 characters, unique among groups not closed; `null` when none was given. */
  custom_reference: string | null;
  /**
   * How many groups have used its custom reference, this one included: the first `evening-run` is 1, the
   * next one made after it closed is 2. Membership changes, locking and closing leave it as it is.
   */
  version: number;
  /**
   * `open` (its members can change), `locked` (they cannot, until it is unlocked) or `closed` (final).
   * A shipment is in at most one group that is not closed.
   */
  state: 'open' | 'locked' | 'closed';
  /** Its members' `sp_` references. */
  shipments: string[];
  /** When it was made (ISO 8601, the store's clock). */
  created?: string;
  /** When it was last locked, while it is. */
  lockedAt?: string | undefined;
  /** When it was closed. */
  closedAt?: string;
}

/** What `addShipment` takes; every field is optional. */
export interface AddShipmentInput {
  /** Default: a new `sp_` reference. */
  reference?: string;
  /** Default true. */
  allocated?: boolean;
  /** Default `Mock Carrier`. */
  carrierName?: string;
  /** Default none. */
  carrierServiceName?: string;
  /** The area A consignment it ships, printed on its labels. Default none. */
  consignmentReference?: string;
  /** How many contents items (one per package). Default 1; ignored when `packageDescriptions` is given. */
  packages?: number;
  /** One contents item per entry, described by it. */
  packageDescriptions?: string[];
  /** The formats its carrier offers; others are answered 400 `format_not_supported`. Default all three. */
  labelFormats?: LabelFormatName[];
}

/** What `addShipmentGroup` takes (groups are made in the service's portal, so only the mock makes them). */
export interface AddShipmentGroupInput {
  /** Default: a new `sg_` reference. */
  reference?: string;
  /** Default `group-<n>`; `null` for none. */
  custom_reference?: string | null;
  /** Default: one more than the groups already made with its custom reference (1 for the first). */
  version?: number;
  /** Default `open`. */
  state?: 'open' | 'locked' | 'closed';
  /** The same as `state: 'locked'` when true (an open group otherwise). */
  locked?: boolean;
  /** Its members' `sp_` references. Default none. */
  shipments?: string[];
}

/**
 * Area B's state, as `mock.store.shipments`: shipments (made when area A allocates, or seeded with
 * `addShipment`), shipment groups and the label extension.
 */
export interface AreaBState {
  /** Every shipment, by `sp_` reference. */
  readonly shipments: Map<string, MockShipment>;
  /** Every shipment group, by `sg_` reference. */
  readonly groups: Map<string, MockShipmentGroup>;
  /** The customer's single label extension; `undefined` when the customer has none. */
  readonly labelExtension: string | undefined;
  /**
   * The shipment lifecycle: the vendor's shipment records, quotes, manifests, paperless documents, and
   * the seeded carrier services and service groups (add your own), with a clock to move on
   * (`advance(ms)`) so that quotes expire.
   */
  readonly lifecycle: Lifecycle;
  /** Adds a shipment (allocated, so it has labels, unless `allocated: false`). */
  addShipment(input?: AddShipmentInput): MockShipment;
  /**
   * Throws when a shipment is already in another group that is not closed, or such a group has that custom
   * reference.
   */
  addShipmentGroup(input?: AddShipmentGroupInput): MockShipmentGroup;
  /** Sets the customer's label extension text, or removes it with `undefined`. */
  setLabelExtension(text: string | undefined): void;
  /** The shipment made when area A allocated `consignmentReference`, if any. */
  shipmentForConsignment(consignmentReference: string): MockShipment | undefined;
  /** The groups made with this custom reference, oldest (version 1) first; none for `null`. */
  groupsWithCustomReference(customReference: string | null): MockShipmentGroup[];
  /** The group not closed (open or locked) holding the shipment, if any (there is at most one). */
  openGroupOf(shipmentReference: string): MockShipmentGroup | undefined;
}

export const DEFAULT_LABEL_EXTENSION = 'Thank you for shopping with us - returns at example.com/returns';

export function createAreaBState(store: MockStore): AreaBState {
  let labelExtension: string | undefined = DEFAULT_LABEL_EXTENSION;
  const shipments = new Map<string, MockShipment>();
  const groups = new Map<string, MockShipmentGroup>();

  const contentsItems = (descriptions: string[]): MockContentsItem[] =>
    descriptions.map((description) => ({ reference: store.nextReference('sc_'), description }));
  const numbered = (count: number) => Array.from({ length: count }, (_, index) => `Package ${index + 1}`);

  const state: AreaBState = {
    shipments,
    groups,
    get lifecycle() {
      return lifecycleOf(store);
    },
    get labelExtension() {
      return labelExtension;
    },
    addShipment(input = {}) {
      const shipment: MockShipment = {
        // A reference given by a test is taken as it is, even one the SDK would refuse.
        reference: (input.reference as ShipmentReference | undefined) ?? store.nextReference('sp_'),
        allocated: input.allocated ?? true,
        carrierName: input.carrierName ?? 'Mock Carrier',
        contents: contentsItems(input.packageDescriptions ?? numbered(input.packages ?? 1)),
        labelFormats: [...(input.labelFormats ?? ['PDF', 'ZPL', 'BMP'])],
      };
      if (input.carrierServiceName !== undefined) shipment.carrierServiceName = input.carrierServiceName;
      if (input.consignmentReference !== undefined)
        shipment.consignmentReference = input.consignmentReference as ConsignmentReference;
      shipments.set(shipment.reference, shipment);
      return shipment;
    },
    addShipmentGroup(input = {}) {
      const customReference =
        input.custom_reference === undefined
          ? `group-${String(groups.size + 1).padStart(4, '0')}`
          : input.custom_reference;
      const group: MockShipmentGroup = {
        reference: (input.reference as ShipmentGroupReference | undefined) ?? store.nextReference('sg_'),
        custom_reference: customReference,
        version: input.version ?? state.groupsWithCustomReference(customReference).length + 1,
        state: input.state ?? (input.locked ? 'locked' : 'open'),
        shipments: [...new Set(input.shipments ?? [])],
        created: store.now().toISOString(),
      };
      if (group.state === 'locked') group.lockedAt = group.created;
      if (group.state !== 'closed') {
        const clash = state
          .groupsWithCustomReference(customReference)
          .find((other) => other.state !== 'closed');
        if (clash) throw new Error(`Group ${clash.reference}, not closed, already has ${customReference}`);
        for (const reference of group.shipments) {
          const holder = state.openGroupOf(reference);
          if (holder) throw new Error(`Shipment ${reference} is already in open group ${holder.reference}`);
        }
      }
      groups.set(group.reference, group);
      return group;
    },
    groupsWithCustomReference: (customReference) =>
      customReference === null
        ? []
        : [...groups.values()].filter((group) => group.custom_reference === customReference),
    setLabelExtension(text) {
      labelExtension = text;
    },
    shipmentForConsignment: (consignmentReference) =>
      [...shipments.values()].find((shipment) => shipment.consignmentReference === consignmentReference),
    openGroupOf: (shipmentReference) =>
      [...groups.values()].find(
        (group) => group.state !== 'closed' && group.shipments.includes(shipmentReference),
      ),
  };

  return state;
}
