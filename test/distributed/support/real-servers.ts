export interface RealServers {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
}

/**
 * vitest.config.ts leaves these tests out when the servers are not configured, except in CI, where a
 * missing URL is a broken set-up that must fail loudly rather than pass by running nothing.
 */
export function requireRealServers(): RealServers {
  const { DATABASE_URL, AMQP_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !AMQP_URL || !REDIS_URL) {
    const missing = Object.entries({ DATABASE_URL, AMQP_URL, REDIS_URL })
      .filter(([, value]) => !value)
      .map(([key]) => key);
    throw new Error(
      `The distributed-mode tests need real servers, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
        'CI (.ci/run) sets DATABASE_URL, AMQP_URL and REDIS_URL; set them to run these tests locally.',
    );
  }
  return { databaseUrl: DATABASE_URL, amqpUrl: AMQP_URL, redisUrl: REDIS_URL };
}
