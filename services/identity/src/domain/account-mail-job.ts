import type { Language } from '@laundry/contracts';
import type { AccountLinkRepository } from './account-link-store.ts';
import { issueLink } from './account-links.ts';
import { composeAccountMail, type AccountMailTexts, type CommonMailTexts } from './account-mails.ts';
import type { Mailer } from './mailer.ts';
import type { UserRepository } from './user-store.ts';
import { sendRelayedMail, type RelayedMailStore } from './relay-mail.ts';

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
  | { kind: 'email-change-notice'; userId: string; newEmail: string }
  // Words to an address's owner, found by the address after the answer has gone: someone tried to sign up
  // with it, or the account's sign-ins now wait after many wrong passwords. Nothing the stranger typed.
  | { kind: 'sign-up-attempt'; email: string }
  | { kind: 'sign-in-delay'; email: string }
  // The outcome of an edit the person suggested (laundromat.suggestion-decided.v1), with the admin's reason.
  | {
      kind: 'suggestion-decided';
      userId: string;
      laundromatName: string;
      status: 'approved' | 'rejected';
      reason: string | null;
      points: number;
    }
  // Another service's mail (POST /internal/mail), written in full in relayed_mails: the job names its id.
  | { kind: 'relayed'; mailId: string };

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
  signUpAttempt: AccountMailTexts;
  signInDelay: AccountMailTexts;
  suggestionApproved: AccountMailTexts;
  suggestionRejected: AccountMailTexts;
  /** To a reviewer, handed to the relay (review.owner-replied.v1): `{{name}}` in the subject too. */
  reviewOwnerReply: AccountMailTexts;
  common: CommonMailTexts;
}

export interface SendAccountMailDeps {
  users: UserRepository;
  links: AccountLinkRepository;
  mailer: Mailer;
  texts: (language: Language) => AccountMailLanguageTexts;
  settings: AccountMailSettings;
  relayed: RelayedMailStore;
}

export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';
export const RESET_PASSWORD_PAGE_PATH = '/api/login/reset-password';
export const CONFIRM_EMAIL_CHANGE_PATH = '/api/auth/confirm-email-change';
export const ACCOUNT_PAGE_PATH = '/account';
/** The sign-in page, opened on its 'Forgot password?' panel. */
export const FORGOT_PASSWORD_PAGE_PATH = '/api/login';

function linkTo(settings: AccountMailSettings, path: string, token: string, language: Language): string {
  const query = new URLSearchParams({ token, lang: language });
  return `${settings.publicUrl ?? ''}${path}?${query.toString()}`;
}

/** Writes and sends one account e-mail (`attempt` counts from 1); answers what it did, for the log. */
export async function sendAccountMail(
  deps: SendAccountMailDeps,
  job: AccountMailJob,
  attempt = 1,
): Promise<'sent' | 'no-account' | 'already-verified' | 'already-sent'> {
  const { settings } = deps;
  if (job.kind === 'relayed')
    return sendRelayedMail(deps, job.mailId, attempt >= accountMailJobOptions.attempts);
  if (job.kind === 'confirm-email-change' || job.kind === 'email-change-notice') {
    return sendEmailChangeMail(deps, job);
  }
  if (job.kind === 'sign-up-attempt' || job.kind === 'sign-in-delay') return sendWarningMail(deps, job);
  if (job.kind === 'suggestion-decided') return sendSuggestionMail(deps, job);
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
  const mail = { language: user.language, common: texts.common };
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

/**
 * A warning to an account's owner, in the account's language, with a link to the page where they sign in
 * or ask for a new password: no secret in it, since a stranger's request caused it. An address without an
 * account gets nothing.
 */
async function sendWarningMail(
  deps: SendAccountMailDeps,
  job: Extract<AccountMailJob, { kind: 'sign-up-attempt' | 'sign-in-delay' }>,
): Promise<'sent' | 'no-account'> {
  const user = await deps.users.findByEmail(job.email);
  if (!user) return 'no-account';
  const language = user.language;
  const texts = deps.texts(language);
  const query = new URLSearchParams({ mode: 'forgot', lang: language });
  await deps.mailer.send(
    composeAccountMail({
      to: user.email,
      language,
      link: `${deps.settings.publicUrl ?? ''}${FORGOT_PASSWORD_PAGE_PATH}?${query.toString()}`,
      texts: job.kind === 'sign-up-attempt' ? texts.signUpAttempt : texts.signInDelay,
      common: texts.common,
      ttlSeconds: deps.settings.resetTtlSeconds,
    }),
  );
  return 'sent';
}

/**
 * The outcome of a suggested edit, in the account's language, with a link to the account page that lists
 * the person's suggestions. The laundromat's name and the admin's reason are filled in; no secret, no link
 * that signs anyone in.
 */
async function sendSuggestionMail(
  deps: SendAccountMailDeps,
  job: Extract<AccountMailJob, { kind: 'suggestion-decided' }>,
): Promise<'sent' | 'no-account'> {
  const user = await deps.users.findById(job.userId);
  if (!user) return 'no-account';
  const texts = deps.texts(user.language);
  await deps.mailer.send(
    composeAccountMail({
      to: user.email,
      language: user.language,
      link: `${deps.settings.publicUrl ?? ''}${ACCOUNT_PAGE_PATH}`,
      texts: job.status === 'approved' ? texts.suggestionApproved : texts.suggestionRejected,
      common: texts.common,
      values: { name: job.laundromatName, reason: job.reason ?? '', points: String(job.points) },
      ttlSeconds: 0,
    }),
  );
  return 'sent';
}
