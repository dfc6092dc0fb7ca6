import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';
import { parsePeriodLength } from './domain/billing-period.ts';
import { feeRateToBasisPoints } from './domain/statement-figures.ts';
import { defaultViesUrl } from './infra/vies-client.ts';

const durationUnits: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** '250ms', '30s', '10min', '1h' or '3d' in milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})(ms|s|min|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * durationUnits[match[2]!]! : undefined;
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const billingConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4006),
    /** A statement period: `1m` a calendar month (UTC), `1d` a day, `7d` a week, `12h` (h, d or m, count up to 9999). */
    BILLING_PERIOD: z
      .string()
      .default('1m')
      .transform((text, context) => {
        const length = parsePeriodLength(text);
        if (!length) {
          context.addIssue({ code: 'custom', message: 'must be a count and h, d or m, such as 1m or 1d' });
          return z.NEVER;
        }
        return length;
      }),
    /** The platform's fee, a share of each statement's revenue added to the charge: 0 to 1, up to 4 decimals. */
    BILLING_PLATFORM_FEE_RATE: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(0.15)
      .transform((rate, context) => {
        try {
          return feeRateToBasisPoints(rate);
        } catch {
          context.addIssue({ code: 'custom', message: 'must have at most 4 decimals' });
          return z.NEVER;
        }
      }),
    /** How often the period-closing job looks for a period whose end has passed. */
    BILLING_CLOSE_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
    /** How often due charges are looked for. */
    BILLING_CHARGE_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
    /**
     * The waits before each retry of a declined charge; after the last retry fails the advertiser's account is
     * suspended and its campaigns pause.
     */
    BILLING_CHARGE_RETRY_DELAYS: z
      .string()
      .default('1d,3d,5d')
      .transform((text, context) => {
        const delays = text
          .split(',')
          .filter((item) => item.trim())
          .map(parseDuration);
        if (delays.some((delay) => delay === undefined)) {
          context.addIssue({
            code: 'custom',
            message: 'must be durations such as 1h,1d,3d (ms, s, min, h, d)',
          });
          return z.NEVER;
        }
        return delays as number[];
      }),
    /**
     * Stripe's secret key; without it billing uses its built-in test provider (a local checkout page, no
     * money moves) and every billing screen says 'Test mode'.
     */
    STRIPE_SECRET_KEY: optionalText,
    /** The signing secret of the webhook endpoint /api/billing/stripe/webhook (required with a secret key). */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Where the Stripe client sends its requests: a stand-in server in tests, Stripe's API by default. */
    STRIPE_API_HOST: optionalText,
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    /** Who issues the invoices: the seller's legal name and address, printed on every invoice. */
    SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).default('Laundromat Finder Ltd'),
    /** The seller's address lines, separated by `|` (each printed on its own line). */
    SELLER_ADDRESS: z
      .string()
      .default('1 Main Street|Dublin D01 F5P2')
      .transform((text) =>
        text
          .split('|')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    /** The seller's country (ISO code): decides domestic VAT and reverse charge. */
    SELLER_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter ISO country code' })
      .default('IE'),
    /** The seller's own VAT number, printed on every invoice (none by default). */
    SELLER_TAX_ID: z.string().trim().max(40).default(''),
    /** The EU's VAT number check (VIES REST); a stand-in server in tests. */
    VIES_URL: z.url().default(defaultViesUrl),
    /** How often VAT numbers VIES did not answer for are asked again. */
    BILLING_VAT_RETRY_MS: z.coerce.number().int().min(100).default(900_000),
    /** The product's public address, where Checkout sends the advertiser back to. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
  })
  .refine((config) => !config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'must be set when STRIPE_SECRET_KEY is',
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;
