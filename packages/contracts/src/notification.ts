import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { languages } from './constants/domain.ts';

/**
 * The notification mails a person may turn off, each on its own (GET/PUT /api/me/notifications, or the
 * one-click link at the foot of each). Every one is on until the person turns it off.
 */
export const notificationTypes = [
  'owner.review',
  'owner.suggestion',
  'owner.out-of-order',
  'owner.claim-decided',
  'advertiser.campaign-decided',
  'advertiser.budget',
  'advertiser.billing',
  // Business verification decided, account suspended.
  'advertiser.account',
  // To a reviewer: the laundromat's owner answered their review.
  'reviewer.owner-reply',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * Mails a person asked for or cannot do without (a claim's code, an invitation to an advertiser's team):
 * always sent, no unsubscribe link.
 */
export const transactionalMailTypes = [
  'owner.claim-code',
  'advertiser.team-invitation',
  // A laundromat handed over to the address by its verified owner.
  'owner.claim-transfer',
] as const;
export type TransactionalMailType = (typeof transactionalMailTypes)[number];

export const mailTypes = [...notificationTypes, ...transactionalMailTypes] as const;
export type MailType = (typeof mailTypes)[number];

export const isNotificationType = (type: string): type is NotificationType =>
  (notificationTypes as readonly string[]).includes(type);

const mailContentSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  text: z.string().min(1).max(20_000),
  /** The HTML form; without it identity makes one from the text. */
  html: z.string().min(1).max(100_000).optional(),
});
export type MailContent = z.infer<typeof mailContentSchema>;

/**
 * POST /internal/mail (service to service): identity sends the mail through its own mail path (SMTP, or the
 * local outbox of `npm start`) with its retries. To a person (`userId`): identity finds the address and the
 * language, picks that language's content (else English) and skips a type the person turned off. To an
 * address that is nobody's account (`to`): only a transactional type, in `language`. The same `mailId`
 * sends once, however often the call is retried.
 */
export const internalMailRequestSchema = z
  .object({
    mailId: z.string().regex(/^[A-Za-z0-9_.:-]{8,120}$/, 'mailId must be 8 to 120 letters, digits or _.:-'),
    type: z.enum(mailTypes, { error: 'Unknown mail type' }),
    userId: idSchema.optional(),
    to: emailSchema.optional(),
    /** With `to`: the language the content is chosen in. */
    language: z.enum(languages).optional(),
    /** The mail in the languages the caller has it in; English is required, as the fallback. */
    content: z
      .object({
        en: mailContentSchema,
        zh: mailContentSchema.optional(),
        hi: mailContentSchema.optional(),
        es: mailContentSchema.optional(),
        fr: mailContentSchema.optional(),
      })
      .strict(),
  })
  .strict()
  .refine((mail) => (mail.userId === undefined) !== (mail.to === undefined), {
    error: 'Give either userId or to, not both',
    path: ['userId'],
  })
  .refine((mail) => mail.userId !== undefined || !isNotificationType(mail.type), {
    error: 'A notification goes to a person (userId): only they can turn it off',
    path: ['to'],
  });
export type InternalMailRequest = z.infer<typeof internalMailRequestSchema>;

/**
 * What identity did: queued (it goes out with retries), already queued under this mailId, or not sent
 * because the person turned the type off or has no account any more.
 */
export const internalMailResponseSchema = z.object({
  outcome: z.enum(['queued', 'duplicate', 'turned-off', 'no-account']),
});
export type InternalMailResponse = z.infer<typeof internalMailResponseSchema>;

export const INTERNAL_MAIL_PATH = '/internal/mail';

/** Which notification mails the person gets; every type is listed. */
export const notificationPreferencesSchema = z.object({
  preferences: z.object(
    Object.fromEntries(notificationTypes.map((type) => [type, z.boolean()])) as Record<
      NotificationType,
      z.ZodBoolean
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The types sent change; the others stay as they were. */
export const updateNotificationPreferencesSchema = z
  .object({
    preferences: z
      .record(z.string(), z.boolean({ error: 'Each preference must be true or false' }))
      .refine((given) => Object.keys(given).every(isNotificationType), {
        error: `Unknown notification type: the types are ${notificationTypes.join(', ')}`,
      }),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** The signed unsubscribe token of a notification mail's link (the person and the type, until it expires). */
export const unsubscribeTokenSchema = z
  .string({ error: 'The unsubscribe link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/, 'The unsubscribe link is not valid');
