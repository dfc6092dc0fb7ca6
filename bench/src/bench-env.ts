/**
 * The servers and sizes the benchmark uses. The URLs default to the standard loopback ports, where this
 * project's machines run PostgreSQL, RabbitMQ and Redis; set them to point elsewhere on this machine.
 */
export interface BenchEnv {
  databaseUrl: string;
  amqpUrl: string;
  redisUrl: string;
  /** Schema of the directory's data under test, kept apart from the app's own `directory` schema. */
  schema: string;
  count: number;
  /** Seconds of each measurement in each round. */
  durationSeconds: number;
  warmupSeconds: number;
  /** Rounds of every measurement, taken in turn, so a drift of the machine's speed reaches them all alike. */
  rounds: number;
  connections: number;
}

/** A positive number from the environment, or `fallback` when the variable is unset or empty. */
export function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function benchEnv(env: NodeJS.ProcessEnv = process.env): BenchEnv {
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    amqpUrl: env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    schema: env.BENCH_DB_SCHEMA ?? 'bench_directory',
    count: positive('BENCH_COUNT', 1_000_000),
    durationSeconds: positive('BENCH_DURATION', 10),
    warmupSeconds: positive('BENCH_WARMUP', 3),
    connections: positive('BENCH_CONNECTIONS', 10),
    rounds: Math.round(positive('BENCH_ROUNDS', 5)),
  };
}
