/**
 * The Postgres ledger's tables, by version. `migrate` applies the steps past the version a database holds,
 * in one transaction under an advisory lock; a database at a newer version than this list is refused,
 * never taken down. A new version adds a step at the end: steps already released never change.
 */
export const VERSION_TABLE = 'consignkit_ledger_version';
export const ENTRIES_TABLE = 'consignkit_ledger_entries';
export const PAUSES_TABLE = 'consignkit_ledger_pauses';

/** A number only the ledger's migrations lock on, so that two processes migrating at once take turns. */
export const MIGRATION_LOCK = 7_301_902_411;

export const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: the entries, one per environment, area, operation and reference.
  [
    `CREATE TABLE ${ENTRIES_TABLE} (
      environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
      area text NOT NULL CHECK (area IN ('orders', 'shipments')),
      operation text NOT NULL,
      reference text NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'done', 'refused', 'unknown')),
      claim uuid NOT NULL,
      claimed_at timestamptz NOT NULL,
      lease_until timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      call jsonb NOT NULL,
      note text,
      previous_state text,
      previous_call jsonb,
      PRIMARY KEY (environment, area, operation, reference)
    )`,
    `CREATE INDEX ${ENTRIES_TABLE}_unsettled ON ${ENTRIES_TABLE} (updated_at) WHERE state IN ('pending', 'unknown')`,
  ],
  // 2: the shared pause, one "not before" per environment, area and API key fingerprint (postgres-pause.ts).
  [
    `CREATE TABLE IF NOT EXISTS ${PAUSES_TABLE} (
      environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
      area text NOT NULL CHECK (area IN ('orders', 'shipments')),
      api_key text NOT NULL,
      not_before timestamptz NOT NULL,
      reason text,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (environment, area, api_key)
    )`,
  ],
  // 3: keys that say what a call does (issue 45): the account (the API key's fingerprint, as the pause
  // keeps it) and what the call asks of its reference. 0.3.0's entries keep account '' (unknown): a call
  // whose own key has no entry settles the 0.3.0 entry of its reference first (postgres.ts). What each
  // entry reads to settle is its own reference, as 0.3.0 read it, except Delete Package's, which reads
  // the consignment named with the package; what 0.3.0 kept of what a call asked becomes its `asks`.
  [
    `ALTER TABLE ${ENTRIES_TABLE} ADD COLUMN account text NOT NULL DEFAULT '', ADD COLUMN asks text NOT NULL DEFAULT ''`,
    `ALTER TABLE ${ENTRIES_TABLE} DROP CONSTRAINT ${ENTRIES_TABLE}_pkey`,
    `ALTER TABLE ${ENTRIES_TABLE} ADD PRIMARY KEY (environment, account, area, operation, reference, asks)`,
    `UPDATE ${ENTRIES_TABLE}
        SET call = jsonb_set(call, '{references}',
              CASE WHEN reference = '*' OR reference LIKE '~unsettleable:%' THEN '[]'::jsonb
                   ELSE jsonb_build_array(reference) END)
      WHERE operation <> 'deletePackage' AND jsonb_array_length(call->'references') > 1`,
    `UPDATE ${ENTRIES_TABLE} SET asks = call #>> '{settleWith,body,state}'
      WHERE operation = 'changeShipmentState' AND call #>> '{settleWith,body,state}' IS NOT NULL`,
    `UPDATE ${ENTRIES_TABLE} SET asks = call #>> '{settleWith,body,PackageReferenceProvidedByCustomer}'
      WHERE operation = 'addPackage' AND call #>> '{settleWith,body,PackageReferenceProvidedByCustomer}' IS NOT NULL`,
  ],
];

/** The version this copy of consignkit reads and writes. */
export const LEDGER_SCHEMA_VERSION = MIGRATIONS.length;
