import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Secrets that were ever written in this repository (old defaults, development overlays). Anyone can read
 * them, so a process configured with one refuses to start, in every mode.
 */
export const publishedSecrets: ReadonlySet<string> = new Set([
  'embedded-internal-secret-change-me',
  'embedded-session-secret-change-me-please-0001',
  'dev-only-internal-secret-change-me',
  'dev-only-session-secret-change-me',
]);

/**
 * A signing secret with no default: `npm start` and `npm run start:distributed` generate one per data
 * folder; containers and clusters must be given one.
 */
export function secretSchema(minLength: number) {
  return z
    .string({ error: `must be set (at least ${minLength} random characters)` })
    .min(minLength, `must be at least ${minLength} characters`)
    .refine((value) => !publishedSecrets.has(value) && !/change-?me/i.test(value), {
      error: 'must not be a published example value; generate one (for example: openssl rand -hex 32)',
    });
}

/** Keys every process understands; each service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.url().optional(),
  /**
   * PostgreSQL connections the process keeps at most. Every process of a stack shares the server's
   * max_connections, so a busy service may be given more and the others keep the default.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional(),
  AMQP_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Prefixes broker names and Redis keys, so several stacks (or test runs) can share one set of servers. */
  BUS_NAMESPACE: z.string().default(''),
  INTERNAL_SECRET: secretSchema(16),
  BODY_LIMIT: z.string().default('100kb'),
  /** The identity service, which keeps the data retention policies every service applies. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** How often the service applies its retention policies; 0 turns the scheduled run off. */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Parses the environment once at start-up. A bad value stops the process with a message naming the key,
 * so a misconfigured deployment fails loudly instead of half-working.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = result.data as z.infer<S>;
  return config;
}
