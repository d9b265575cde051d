export { freePort, waitForPort, isAlive } from './ports.mjs';
export { startPostgres } from './postgres.mjs';
export { startRedis, ensureRedisServer } from './redis.mjs';
export { startS3 } from './s3.mjs';
export { startInfra, randomSecret } from './stack.mjs';
export { generateJwtKeys, jwtKeysFor, JWT_KEY_NAMES, SERVICE_KEY_OWNERS, servicePrivateKeyName } from './jwt-keys.mjs';
