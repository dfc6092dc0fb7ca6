import { z } from 'zod';
import { baseConfigSchema, secretSchema } from '@laundry/platform';

import { serviceNames, urlVariable } from '../../services.ts';

/** Where each service of the list listens (IDENTITY_URL …); an unset one answers 503. */
const serviceUrls = Object.fromEntries(
  serviceNames.map((name) => [urlVariable(name), z.url().optional()]),
) as {
  [N in (typeof serviceNames)[number] as ReturnType<typeof urlVariable<N>>]: z.ZodOptional<z.ZodURL>;
};

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    SESSION_SECRET: secretSchema(32),
    ...serviceUrls,
    /**
     * Which hops may set X-Forwarded-For (Express 'trust proxy'): only the machine itself by default, so a
     * client cannot pick its own IP for the rate limits; set it to the ingress's network behind a load balancer.
     */
    TRUST_PROXY: z.string().default('loopback'),
    /**
     * Whether browsers reach the product over HTTPS (directly or through a TLS-terminating ingress): then the
     * answers carry HSTS and upgrade-insecure-requests. Defaults to true in production only.
     */
    HTTPS: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    /** Photos are the only large bodies; everything else stays small. */
    UPLOAD_BODY_LIMIT: z.string().default('12mb'),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    GEOCODE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Folder holding shell/, mf-finder/, mf-advertiser/ and mf-admin/ builds (each with its dist/). */
    STATIC_ROOT: z.string().default('.'),
    /**
     * The third-party ad network's script (docs/product.md, Ads), loaded by the home page's network slot only
     * with the visitor's advertising consent; unset, no network is configured and the slot never shows. Its
     * origin is added to the page's script-src and frame-src.
     */
    AD_NETWORK_SCRIPT_URL: z
      .url({ protocol: /^https$/, error: 'must be an https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .transform((config) => ({
    ...config,
    HTTPS: config.HTTPS === undefined ? config.NODE_ENV === 'production' : config.HTTPS === 'true',
  }));

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
