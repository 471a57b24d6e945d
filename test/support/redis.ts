// The BullMQ tests' Redis: the one starter the tests and `npm run demo` share.
export {
  REDIS_MISSING,
  type RedisServer,
  redisServerBinary,
  startRedis,
} from '../../scripts/embedded-redis.mjs';
