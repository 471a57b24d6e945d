import type { Environment } from '../../core/options.js';
import type { DriftDifference } from './drift.js';

/** The area a check is about: `orders` (A) or `shipments` (B). */
export type DoctorArea = 'orders' | 'shipments';

/** `ok`, `drift` (the service answers otherwise than consignkit expects), `failed`, or `skipped`. */
export type DoctorCheckStatus = 'ok' | 'drift' | 'failed' | 'skipped';

/** One line of the checklist. */
export interface DoctorCheck {
  /** The area checked. */
  area: DoctorArea;
  /** What was checked: `key`, `clock`, `shipping locations`… */
  name: string;
  /** How it went. */
  status: DoctorCheckStatus;
  /** What was found, in words that hold no value of an answer and no key. */
  detail: string;
  /** The id of the operation a read check sent. */
  operation?: string;
  /** Where the answer differs from what consignkit expects. */
  differences?: DriftDifference[];
  /** Fields the answer has that consignkit does not name: not drift (the service may add fields). */
  unnamedFields?: string[];
  /** The service's correlation ids of the exchanges the check made, for its support staff. */
  correlationIds: string[];
  /** How long the check took, in milliseconds. */
  durationMs?: number;
  /** The latency check's figures, in milliseconds. */
  latencyMs?: {
    /** The median of the five reads. */
    median: number;
    /** The slowest of them. */
    worst: number;
  };
  /** The clock check's figure: the service's clock minus ours. */
  clockSkewSeconds?: number;
}

/** What `--write` created, and whether it was cleaned up. */
export interface DoctorCreated {
  /** The area it was created in. */
  area: DoctorArea;
  /** The `EC-` or `sp_` reference. */
  reference: string;
  /** Cancelled (or deleted) again; `false` means it is left in the sandbox, and the report says so. */
  cleanedUp: boolean;
}

/** What {@link runDoctor} found: safe to share (no key, no value of any answer). */
export interface DoctorReport {
  /** No check failed or drifted. */
  ok: boolean;
  /** The SDK that ran the checks. */
  sdk: {
    /** `consignkit`. */
    name: 'consignkit';
    /** Its version. */
    version: string;
  };
  /** `node 20.20.2`, `bun 1.2.0`… */
  runtime: string;
  /** The environment checked. */
  environment: Environment;
  /** When the checks started (ISO 8601). */
  startedAt: string;
  /** When they ended (ISO 8601). */
  finishedAt: string;
  /** Every check, in the order run. */
  checks: DoctorCheck[];
  /** With `write`: what was created. */
  created?: DoctorCreated[];
}

/** @internal */
export interface WriteRun {
  created: DoctorCreated[];
}
