import type { Language } from '@laundry/contracts';
import type { AccountLinkRepository } from './account-link-store.ts';
import { issueLink } from './account-links.ts';
import { composeAccountMail, type AccountMailTexts, type CommonMailTexts } from './account-mails.ts';
import type { Mailer } from './mailer.ts';
import type { UserRepository } from './user-store.ts';

export const accountMailQueueName = 'identity-account-mail';

/** A mail server away for a minute still gets the mail: retried after 5, 10, 20 and 40 s. */
export const accountMailJobOptions = { attempts: 5, backoffMs: 5_000 };

/**
 * The e-mails are written and sent in a job, not in the request: a sign-up does not wait for the mail
 * server, and a forgotten password is answered after the same work whether or not the address has an
 * account. A job names the person, never a link: the link's secret exists only in the mail.
 */
export type AccountMailJob =
  | { kind: 'verify-email'; userId: string }
  | { kind: 'reset-password'; email: string; language?: Language }
  // The link to a new address, and the word to the current one that a change was asked for.
  | { kind: 'confirm-email-change'; userId: string; newEmail: string }
  | { kind: 'email-change-notice'; userId: string; newEmail: string };

export interface AccountMailSettings {
  /** The start of the links (PUBLIC_URL); without it they are paths on the origin the outbox is read on. */
  publicUrl: string | undefined;
  verificationTtlSeconds: number;
  resetTtlSeconds: number;
}

export interface AccountMailLanguageTexts {
  verifyEmail: AccountMailTexts;
  resetPassword: AccountMailTexts;
  changeEmail: AccountMailTexts;
  emailChangeNotice: AccountMailTexts;
  common: CommonMailTexts;
}

export interface SendAccountMailDeps {
  users: UserRepository;
  links: AccountLinkRepository;
  mailer: Mailer;
  texts: (language: Language) => AccountMailLanguageTexts;
  settings: AccountMailSettings;
}

export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';
export const RESET_PASSWORD_PAGE_PATH = '/api/login/reset-password';
export const CONFIRM_EMAIL_CHANGE_PATH = '/api/auth/confirm-email-change';
export const ACCOUNT_PAGE_PATH = '/account';

function linkTo(settings: AccountMailSettings, path: string, token: string, language: Language): string {
  const query = new URLSearchParams({ token, lang: language });
  return `${settings.publicUrl ?? ''}${path}?${query.toString()}`;
}

/** Writes and sends one account e-mail; answers what it did, for the log. */
export async function sendAccountMail(
  deps: SendAccountMailDeps,
  job: AccountMailJob,
): Promise<'sent' | 'no-account' | 'already-verified'> {
  const { settings } = deps;
  if (job.kind === 'confirm-email-change' || job.kind === 'email-change-notice') {
    return sendEmailChangeMail(deps, job);
  }
  if (job.kind === 'verify-email') {
    const user = await deps.users.findById(job.userId);
    if (!user) return 'no-account';
    if (user.emailVerified) return 'already-verified';
    const token = await issueLink(deps, {
      purpose: 'verify-email',
      userId: user.id,
      email: user.email,
      ttlSeconds: settings.verificationTtlSeconds,
    });
    const texts = deps.texts(user.language);
    await deps.mailer.send(
      composeAccountMail({
        to: user.email,
        language: user.language,
        firstName: user.firstName,
        link: linkTo(settings, VERIFY_EMAIL_PATH, token, user.language),
        texts: texts.verifyEmail,
        common: texts.common,
        ttlSeconds: settings.verificationTtlSeconds,
      }),
    );
    return 'sent';
  }

  // An unknown address gets nothing, and the one who asked cannot tell (the answer was given already).
  const user = await deps.users.findByEmail(job.email);
  if (!user) return 'no-account';
  const language = job.language ?? user.language;
  const token = await issueLink(deps, {
    purpose: 'reset-password',
    userId: user.id,
    email: user.email,
    ttlSeconds: settings.resetTtlSeconds,
  });
  const texts = deps.texts(language);
  await deps.mailer.send(
    composeAccountMail({
      to: user.email,
      language,
      firstName: user.firstName,
      link: linkTo(settings, RESET_PASSWORD_PAGE_PATH, token, language),
      texts: texts.resetPassword,
      common: texts.common,
      ttlSeconds: settings.resetTtlSeconds,
    }),
  );
  return 'sent';
}

/** The e-mail change's two mails: the link to the new address, and to the current one the notice. */
async function sendEmailChangeMail(
  deps: SendAccountMailDeps,
  job: Extract<AccountMailJob, { kind: 'confirm-email-change' | 'email-change-notice' }>,
): Promise<'sent' | 'no-account'> {
  const { settings } = deps;
  const user = await deps.users.findById(job.userId);
  if (!user) return 'no-account';
  const texts = deps.texts(user.language);
  const mail = { language: user.language, firstName: user.firstName, common: texts.common };
  const ttlSeconds = settings.verificationTtlSeconds;
  if (job.kind === 'email-change-notice') {
    await deps.mailer.send(
      composeAccountMail({
        ...mail,
        to: user.email,
        link: `${settings.publicUrl ?? ''}${ACCOUNT_PAGE_PATH}`,
        texts: texts.emailChangeNotice,
        values: { email: job.newEmail },
        ttlSeconds,
      }),
    );
    return 'sent';
  }
  const token = await issueLink(deps, {
    purpose: 'change-email',
    userId: user.id,
    email: job.newEmail,
    ttlSeconds,
  });
  await deps.mailer.send(
    composeAccountMail({
      ...mail,
      to: job.newEmail,
      link: linkTo(settings, CONFIRM_EMAIL_CHANGE_PATH, token, user.language),
      texts: texts.changeEmail,
      values: { email: job.newEmail },
      ttlSeconds,
    }),
  );
  return 'sent';
}
