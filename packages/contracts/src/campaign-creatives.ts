import { z } from 'zod';
import { idSchema, webUrlSchema } from './common.ts';

/** A campaign shows at most this many creatives: its own title, description, image and link, and four more. */
export const maxCreatives = 5;
export const tooManyCreativesMessage = `A campaign has at most ${maxCreatives} creatives: its own and ${maxCreatives - 1} more.`;

/**
 * Where an image the advertiser uploaded is served (POST /api/photos/ad-image): our own origin, so a
 * visitor's browser never asks the advertiser's host for an ad's image.
 */
export const adImagePathPattern = /^\/objects\/ad-images\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/;
export const isOwnAdImage = (url: string | null | undefined): url is string =>
  typeof url === 'string' && adImagePathPattern.test(url);

/** POST /api/photos/ad-image: where the uploaded, resized image is served. */
export const adImageUploadResponseSchema = z.object({ imageUrl: z.string().regex(adImagePathPattern) });
export type AdImageUploadResponse = z.infer<typeof adImageUploadResponseSchema>;

/** An ad's image: none (''), one uploaded here, or (for campaigns made before uploads) a web address. */
export const campaignImageSchema = z
  .string({ error: 'Please enter a valid URL' })
  .trim()
  .pipe(
    z.union([z.literal(''), z.string().regex(adImagePathPattern), webUrlSchema('Please enter a valid URL')], {
      error: 'Please enter a valid URL',
    }),
  );

export const creativeTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, { error: 'Title is required' })
  .max(255, { error: 'Title must be at most 255 characters' });
export const creativeDescriptionSchema = z
  .string()
  .trim()
  .max(2000, { error: 'Description must be at most 2000 characters' })
  .default('');
export const creativeTargetUrlSchema = z
  .string({ error: 'Please enter a valid URL' })
  .trim()
  .pipe(webUrlSchema('Please enter a valid URL'));

/** One further creative as the form sends it; `id` names one the campaign already has, so its counts stay. */
export const creativeInputSchema = z.object({
  id: idSchema.optional(),
  title: creativeTitleSchema,
  // null as the API answers an empty one, or '' as the form sends it.
  description: creativeDescriptionSchema.nullable(),
  imageUrl: campaignImageSchema.nullable().default(''),
  targetUrl: creativeTargetUrlSchema,
});
export type CreativeInput = z.infer<typeof creativeInputSchema>;

export const creativesInputSchema = z
  .array(creativeInputSchema)
  .max(maxCreatives - 1, { error: tooManyCreativesMessage })
  .default([]);

/** A further creative as stored and answered. */
export const creativeSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string(),
});
export type Creative = z.infer<typeof creativeSchema>;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const noScheduleDaysMessage = 'The schedule has no days: choose at least one day the ad may show.';
export const noScheduleHoursMessage =
  'The schedule has no hours: the ad would never show. Choose an end hour after the start hour.';

/**
 * When a campaign may serve, each week: the days (0 Sunday … 6 Saturday) and the hours of each of those days,
 * from `fromHour` up to (not including) `toHour`, in `timeZone`, which becomes the campaign's time zone (its
 * budget's day too). No schedule: every hour of every day.
 */
export const campaignScheduleSchema = z
  .object({
    timeZone: z
      .string({ error: 'Choose a time zone' })
      .min(1, { error: 'Choose a time zone' })
      .max(64)
      .refine(isTimeZone, { error: 'Unknown time zone' }),
    days: z
      .array(z.number().int().min(0).max(6), { error: 'Days are numbers from 0 (Sunday) to 6 (Saturday)' })
      .max(7),
    fromHour: z
      .number({ error: 'The start hour must be a whole hour from 0 to 23' })
      .int({ error: 'The start hour must be a whole hour from 0 to 23' })
      .min(0, { error: 'The start hour must be a whole hour from 0 to 23' })
      .max(23, { error: 'The start hour must be a whole hour from 0 to 23' }),
    toHour: z
      .number({ error: 'The end hour must be a whole hour from 1 to 24' })
      .int({ error: 'The end hour must be a whole hour from 1 to 24' })
      .min(1, { error: 'The end hour must be a whole hour from 1 to 24' })
      .max(24, { error: 'The end hour must be a whole hour from 1 to 24' }),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.days).size === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: noScheduleDaysMessage });
    if (s.toHour <= s.fromHour)
      ctx.addIssue({ code: 'custom', path: ['toHour'], message: noScheduleHoursMessage });
  });
export type CampaignSchedule = z.infer<typeof campaignScheduleSchema>;
