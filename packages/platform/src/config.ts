import { z } from 'zod';

export class ConfigError extends Error {}

/** Keys every process understands; each service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.url().optional(),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional(),
  AMQP_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Prefixes broker names and Redis keys, so several stacks (or test runs) can share one set of servers. */
  BUS_NAMESPACE: z.string().default(''),
  INTERNAL_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('embedded-internal-secret-change-me'),
  BODY_LIMIT: z.string().default('100kb'),
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
  const config = result.data as z.infer<S> & Partial<BaseConfig>;
  if (
    config.NODE_ENV === 'production' &&
    config.INTERNAL_SECRET === baseConfigSchema.shape.INTERNAL_SECRET.parse(undefined)
  ) {
    throw new ConfigError('Invalid configuration:\n  INTERNAL_SECRET: must be set in production');
  }
  return config;
}
