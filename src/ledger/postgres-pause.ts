/**
 * The Postgres ledger's shared pause (see pause.ts): one row per environment, area and API key
 * fingerprint, read before every send by every process sharing the database. The database's clock
 * decides, as it does for leases, so that workers' clocks never disagree.
 */
import type { PauseScope, SharedPause } from '../core/ledger-contract.js';
import { PAUSES_TABLE } from './postgres-schema.js';

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export function createPostgresPause(query: Query, ready: () => Promise<void>): SharedPause {
  return {
    async notBefore(scope: PauseScope) {
      await ready();
      const { rows } = await query(
        `SELECT not_before FROM ${PAUSES_TABLE}
          WHERE environment = $1 AND area = $2 AND api_key = $3 AND not_before > clock_timestamp()`,
        [scope.environment, scope.area, scope.key],
      );
      const found = rows[0]?.not_before;
      return found instanceof Date ? found : undefined;
    },
    async pauseUntil(scope: PauseScope, until: Date, reason: string) {
      await ready();
      // The wait is measured here (Retry-After is relative) and stored as an instant of the database's
      // clock: from now, as the database reads it, plus what is left of it.
      const waitMs = Math.max(0, until.getTime() - Date.now());
      await query(
        `INSERT INTO ${PAUSES_TABLE} AS p (environment, area, api_key, not_before, reason, updated_at)
         VALUES ($1, $2, $3, clock_timestamp() + make_interval(secs => $4::float8 / 1000), $5, clock_timestamp())
         ON CONFLICT (environment, area, api_key) DO UPDATE
            SET not_before = GREATEST(p.not_before, EXCLUDED.not_before), reason = EXCLUDED.reason,
                updated_at = EXCLUDED.updated_at`,
        [scope.environment, scope.area, scope.key, waitMs, reason],
      );
    },
  };
}
