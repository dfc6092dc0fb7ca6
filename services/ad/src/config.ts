import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform';
import { decimalToE4 } from '@laundry/contracts/money';
import { basisPointsPerUnit, defaultPlatformFeeRateBp, feeRateToBasisPoints } from '@laundry/contracts';

/** A comma-separated list in one setting; blank items are dropped. */
const list = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

export const adConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /**
   * The platform fee billing adds to each statement (billing reads the same setting): read here only to tell
   * advertisers the price before they spend (GET /api/ads/pricing), 0 to 1 with at most 4 decimals.
   */
  BILLING_PLATFORM_FEE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(defaultPlatformFeeRateBp / basisPointsPerUnit)
    .transform((rate, context) => {
      try {
        return feeRateToBasisPoints(rate);
      } catch {
        context.addIssue({ code: 'custom', message: 'must have at most 4 decimals' });
        return z.NEVER;
      }
    }),
  /** The directory service: its gazetteer checks the cities a campaign targets. */
  DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
  DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /**
   * The finder's public address, where a promoted laundromat's ad lands (its page there); without it, the
   * address the owner's browser used, as the gateway forwards it, and that landing page is reviewed like
   * any link. Empty is unset: compose passes `${PUBLIC_URL:-}`.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The photo service, which stores an advertiser's verification document under its upload rules. */
  PHOTO_URL: z.url().default('http://127.0.0.1:4004'),
  /** Long enough to pass on a 10 MB upload. */
  PHOTO_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Identity, which mails a team's invitations (IDENTITY_URL is every service's setting). */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** A campaign whose risk score reaches this waits for an admin; below it, it is approved at once. */
  MODERATION_REVIEW_THRESHOLD: z.coerce.number().int().min(1).default(30),
  /** Added to the built-in lists of prohibited terms and link-shortener domains. */
  MODERATION_PROHIBITED_TERMS: list,
  MODERATION_SHORTENER_DOMAINS: list,
  /** Domains no ad may link to or load its image from. */
  MODERATION_BLOCKED_DOMAINS: list,
  /** What an advertiser whose business is not verified may budget across campaigns, in dollars. */
  UNVERIFIED_SPENDING_CAP: z.coerce.number().min(0).max(1_000_000).default(500),
  /**
   * What an advertiser with a verified address but no payment method may accrue in all before their
   * campaigns stop: decimal text of dollars ('5.00'), read exactly into E4 (never a float).
   */
  AD_TRIAL_CREDIT: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,4})?$/, { error: 'AD_TRIAL_CREDIT must be an amount such as 5.00' })
    .default('5.00')
    .transform(decimalToE4),
  /** How long a served ad's token may still count its impression and click (30 minutes). */
  AD_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /**
   * How long a served ad's click link leads to the page it showed (4 hours; never less than the token's
   * counting time): later, or once the campaign stops or its link changes, the click shows that the ad is
   * no longer available instead.
   */
  AD_CLICK_LINK_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(14_400),
  /** Events of one kind one client may send in a minute; past that they are kept as invalid ('burst'). */
  AD_BURST_IMPRESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  AD_BURST_CLICKS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Clicks one client address may make in a UTC day across all campaigns (50: room for a household or an
   * office behind one address); past that they are kept as invalid ('daily_click_cap'), not billed.
   */
  AD_DAILY_CLICKS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** The same for one viewer (a signed-in person or a consented browser id), across addresses (20). */
  AD_DAILY_CLICKS_PER_VIEWER: z.coerce.number().int().min(1).default(20),
  /** How often the ad requests counted in memory are added to the reach estimate's daily counts. */
  AD_REQUEST_FLUSH_MS: z.coerce.number().int().min(50).default(15_000),
  /** How often the decision engine reloads the servable campaigns. */
  ADS_REFRESH_MS: z.coerce.number().int().min(100).default(2000),
  /** Serve the product's own 'Advertise here' when no campaign fits a slot. */
  HOUSE_ADS: z
    .enum(['true', 'false'], { error: 'HOUSE_ADS must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});

export type AdConfig = z.infer<typeof adConfigSchema>;
