/** A redis-server of the caller's own (scripts/embedded-redis.mjs), on a loopback port. */
export interface RedisServer {
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** The `redis-server` binary on PATH (or REDIS_SERVER), or undefined. */
export const redisServerBinary: string | undefined;

/** The one line a skipped Redis test file, or the demo, prints. */
export const REDIS_MISSING: string;

/** Starts redis-server on 127.0.0.1 and a free port, persisting nothing. */
export function startRedis(): Promise<RedisServer>;
