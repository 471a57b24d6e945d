import { ConfigurationError } from '../core/errors.js';
import type { OperationName } from '../core/operation-names.js';

/**
 * The mock's store plumbing, which knows no area: references, the clock, the requests received, and the
 * events and questions between areas. Each area registers its own state over it and types its handlers on
 * that part alone; `bridge.ts` assembles them into the `MockStore` both areas share.
 */

/** One request the mock received, in arrival order. */
export interface RecordedRequest {
  /** The operation the request was routed to (`getOrder`), or `unknown` when no route took it. */
  operation: OperationName | 'unknown';
  /** The HTTP method. */
  method: string;
  /** The full URL, query included. */
  url: string;
  /** The area it was sent to: `orders` (A) or `shipments` (B). */
  area: 'orders' | 'shipments';
  /**
   * The references it names (`EO-…`, `EC-…`, `sp_…`, `sg_…`, `SL-…`…), from its path and body, each once,
   * in the order found: what `transmissions()` counts it under.
   */
  references: string[];
}

/** A function called with each value an event carries. */
export type Listener<T> = (value: T) => void;

/**
 * What one area tells the other of a consignment, through the bridge. Area A: `allocated`; `deallocated`
 * (de-allocated or cancelled: its carrier is gone); `changed` (moved on: manifested, cancelled,
 * de-allocated). Area B: `labelPrinted` (a label of the consignment's shipment was made).
 */
export type ConsignmentEvent = 'allocated' | 'deallocated' | 'changed' | 'labelPrinted';

/** What area A asks for a consignment's label: the file of its shipment's label in area B. */
export interface ConsignmentLabelRequest {
  consignmentReference: string;
  /** A package's label: the contents label of the shipment's item at this index. */
  packageIndex?: number;
  /** Area B's formats, and PNG, which only area A serves. */
  format: 'PDF' | 'ZPL' | 'BMP' | 'PNG';
  dpi: number;
}

/**
 * What one area asks of the other; the bridge answers when it assembles the mock (until then each answers
 * `undefined`: a store without the bridge has no other area).
 */
export interface AreaQuestions {
  /** Area A: the label of the consignment's shipment; `undefined` when it has no allocated shipment. */
  consignmentLabel(request: ConsignmentLabelRequest): Uint8Array | undefined;
  /** Area B: the destination of a consignment, as label lines (name, street, town, postcode). */
  consignmentDestination(consignmentReference: string): string[] | undefined;
  /** Area B: a customs form (`title`) of an international consignment; `undefined` otherwise. */
  consignmentCustomsPdf(consignmentReference: string, title: string): Uint8Array | undefined;
}

/** What the store holds whatever the areas: each area adds its state over it. */
export interface StoreCore {
  /** The key both areas require. */
  readonly apiKey: string;
  /** Every request received, including those answered with an injected fault. */
  readonly requests: RecordedRequest[];
  /** A new reference with the given prefix (`EO-`, `EC-`, `sp_`…), deterministic for a given seed. */
  nextReference<Prefix extends string>(prefix: Prefix): `${Prefix}${string}`;
  /** The store's clock: fixed steps from a fixed start, so runs are reproducible. */
  now(): Date;
  /**
   * The clock's time as last read, without stepping it: for a record of a change that read no time of
   * its own (the mock's audit messages), which must not move the times of what follows.
   */
  currentTime(): Date;
  /**
   * Area A calls `emit('allocated', ref)` after allocating, `emit('deallocated', ref)` when the carrier is
   * taken away, and `emit('changed', ref)` after it manifests, cancels or de-allocates; the bridge hands
   * them to area B, whose shipment follows its consignment. Area B emits `labelPrinted`, for area A.
   */
  on(event: ConsignmentEvent, listener: Listener<string>): void;
  /** Tells the listeners of `event` about the consignment. */
  emit(event: ConsignmentEvent, consignmentReference: string): void;
  /**
   * Asks the other area (see {@link AreaQuestions}): the mock's own plumbing, not for tests to call.
   * @internal
   */
  readonly ask: AreaQuestions;
  /**
   * Sets who answers the areas' questions: the bridge, once.
   * @internal
   */
  answer(questions: AreaQuestions): void;
}

export interface StoreOptions {
  apiKey: string;
  seed?: number;
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTVWXYZ';

/**
 * The largest seed: what the three characters after `EO-` can hold (33³ − 1 = 35,936), so that every seed
 * from 0 to this one gives references of its own.
 */
export const MAX_SEED = ALPHABET.length ** 3 - 1;

/** The seed, checked: a reference holds the seed itself, so it has to fit. */
function checkSeed(seed: unknown): number {
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED) return seed;
  throw new ConfigurationError(
    `createMockService: seed must be an integer from 0 to ${MAX_SEED}, got ${typeof seed === 'number' ? seed : typeof seed}`,
  );
}

function encode(value: number, width: number): string {
  let out = '';
  for (let rest = value; out.length < width; rest = Math.floor(rest / ALPHABET.length)) {
    out = ALPHABET[rest % ALPHABET.length] + out;
  }
  return out;
}

/**
 * A store with the areas' states that `areas` makes over it (each may keep the store, to read the others'
 * later; none is read while they are being made).
 */
export function createStore<Areas extends object>(
  options: StoreOptions,
  areas: (store: StoreCore & Areas) => Areas,
): StoreCore & Areas {
  const seed = checkSeed(options.seed ?? 0);
  const counters = new Map<string, number>();
  const listeners = new Map<ConsignmentEvent, Listener<string>[]>();
  let tick = 0;
  let questions: AreaQuestions = {
    consignmentLabel: () => undefined,
    consignmentDestination: () => undefined,
    consignmentCustomsPdf: () => undefined,
  };
  const core: StoreCore = {
    apiKey: options.apiKey,
    requests: [],
    nextReference<Prefix extends string>(prefix: Prefix): `${Prefix}${string}` {
      const count = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, count);
      if (prefix.endsWith('-')) {
        // Area A style: EO-000-002-0TS, the seed first.
        return `${prefix}${encode(seed, 3)}-${encode(Math.floor(count / 1000), 3)}-${encode(count % 1000, 3)}`;
      }
      // Area B style, as the vendor's files write them: 35 characters, the prefix and 32 digits
      // (`sp_00880362752005794848905455730688`); here the seed's 8 digits, then the count's 24.
      return `${prefix}${String(seed).padStart(8, '0')}${String(count).padStart(24, '0')}`;
    },
    now() {
      tick += 1;
      return core.currentTime();
    },
    currentTime() {
      return new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + tick * 1000);
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit(event, consignmentReference) {
      for (const listener of listeners.get(event) ?? []) listener(consignmentReference);
    },
    get ask() {
      return questions;
    },
    answer(answers) {
      questions = answers;
    },
  };
  const store = core as StoreCore & Areas;
  Object.assign(store, areas(store));
  return store;
}
