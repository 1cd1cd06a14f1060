// Where tests find the machine's Redis server. Tests share it, so each uses its own key prefix
// (randomBusPrefix) and never flushes the database.
const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** PHOTON_TEST_REDIS_URL when set, else the local server on the default port. */
export function testRedisUrl(): string {
  const fromEnv = process.env['PHOTON_TEST_REDIS_URL'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_TEST_REDIS_URL;
}
