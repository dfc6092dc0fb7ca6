import {
  isNotificationType,
  type InternalMailRequest,
  type InternalMailResponse,
  type Language,
  type MailContent,
  type NotificationType,
} from '@laundry/contracts';
import { AppError } from '@laundry/platform/errors';
import type { JobQueue } from '@laundry/platform/jobs';
import { accountMailJobOptions, type AccountMailJob } from './account-mail-job.ts';
import type { Mail, Mailer } from './mailer.ts';
import { wantsNotification, type NotificationPreferenceStore } from './notification-preferences.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';
import type { UserRepository } from './user-store.ts';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** Mail handed over by another service, written in full and kept until the mail job sent it. */
export interface RelayedMailStore {
  /** False when a mail with this id was taken before (a retried call). */
  insert(mailId: string, type: string, userId: string | null, mail: Mail): Promise<boolean>;
  remove(mailId: string): Promise<void>;
  /** The mail while it is not sent yet. */
  unsent(mailId: string): Promise<Mail | undefined>;
  /** Sent: its address and content are cleared, its id stays so a late retry still sends nothing. */
  markSent(mailId: string): Promise<void>;
  /** Its last try failed: the address and content are cleared all the same, nothing keeps them. */
  giveUp(mailId: string): Promise<void>;
}

/** The footer's words in one language (login-page/notification-texts.ts). */
export interface NotificationFooterTexts {
  types: Record<NotificationType, string>;
  footer: string;
  unsubscribe: string;
}

export interface RelayMailDeps {
  users: Pick<UserRepository, 'findById'>;
  preferences: NotificationPreferenceStore;
  relayed: RelayedMailStore;
  mailJobs: Pick<JobQueue<AccountMailJob>, 'add'>;
  texts: (language: Language) => NotificationFooterTexts;
  unsubscribeKey: Buffer;
  /** The start of the unsubscribe link (PUBLIC_URL); without it, a path on the outbox's origin. */
  publicUrl: string | undefined;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The caller's text as simple HTML, where it gave no HTML form. */
const textAsHtml = (text: string, language: Language) =>
  `<!doctype html>\n<html lang="${language}">\n<body>\n${text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n')}\n</body>\n</html>\n`;

/**
 * The mail as it goes out. A notification gets, in the person's language, the line saying why it came with
 * its unsubscribe link, and the List-Unsubscribe headers a mail client shows as one button (RFC 8058).
 */
export function composeRelayedMail(
  deps: Pick<RelayMailDeps, 'texts' | 'unsubscribeKey' | 'publicUrl'>,
  input: {
    to: string;
    language: Language;
    content: MailContent;
    notification?: { userId: string; type: NotificationType };
  },
  now = new Date(),
): Mail {
  const { content, language } = input;
  const html = content.html ?? textAsHtml(content.text, language);
  if (!input.notification) return { to: input.to, subject: content.subject, text: content.text, html };
  const texts = deps.texts(language);
  const token = signUnsubscribeToken(deps.unsubscribeKey, input.notification, now);
  const link = `${deps.publicUrl ?? ''}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token, lang: language }).toString()}`;
  const why = texts.footer.replace('{{topic}}', texts.types[input.notification.type]);
  const footerHtml = `<p style="color:#475569;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(link)}">${escapeHtml(texts.unsubscribe)}</a></p>\n`;
  const at = html.lastIndexOf('</body>');
  return {
    to: input.to,
    subject: content.subject,
    text: `${content.text.replace(/\s+$/, '')}\n\n--\n${why}\n${texts.unsubscribe}: ${link}\n`,
    html: at === -1 ? html + footerHtml : html.slice(0, at) + footerHtml + html.slice(at),
    headers: {
      // A mail client needs an absolute link; without PUBLIC_URL (the local outbox) there is none to give.
      ...(deps.publicUrl && {
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }),
    },
  };
}

/**
 * Takes another service's mail: to a person, at their address and in their language unless they turned the
 * type off; to an address of no account, as it is. Written now and sent by the account mail job, with its
 * retries; a mailId seen before is not queued again.
 */
export async function relayMail(
  deps: RelayMailDeps,
  request: InternalMailRequest,
): Promise<InternalMailResponse> {
  let to: string;
  let language: Language;
  let notification: { userId: string; type: NotificationType } | undefined;
  if (request.userId !== undefined) {
    const user = await deps.users.findById(request.userId);
    if (!user) return { outcome: 'no-account' };
    if (isNotificationType(request.type)) {
      if (!(await wantsNotification(deps.preferences, user.id, request.type)))
        return { outcome: 'turned-off' };
      notification = { userId: user.id, type: request.type };
    }
    to = user.email;
    language = user.language;
  } else {
    to = request.to!;
    language = request.language ?? 'en';
  }
  const content = request.content[language] ?? request.content.en;
  const mail = composeRelayedMail(deps, { to, language, content, notification });
  if (!(await deps.relayed.insert(request.mailId, request.type, request.userId ?? null, mail)))
    return { outcome: 'duplicate' };
  try {
    await deps.mailJobs.add({ kind: 'relayed', mailId: request.mailId }, accountMailJobOptions);
  } catch {
    // Not queued, so not taken: the caller's retry with the same mailId must be able to queue it.
    await deps.relayed.remove(request.mailId);
    throw new AppError(
      503,
      'Mail cannot be queued right now. Please try again in a moment.',
      'MAIL_UNAVAILABLE',
    );
  }
  return { outcome: 'queued' };
}

/**
 * The mail job's part: sends a relayed mail once; one already sent (a repeated job) is left alone. When
 * the last try fails, the address and content (a claim's code) are cleared rather than kept for nobody.
 */
export async function sendRelayedMail(
  deps: { relayed: RelayedMailStore; mailer: Mailer },
  mailId: string,
  lastTry = false,
): Promise<'sent' | 'already-sent'> {
  const mail = await deps.relayed.unsent(mailId);
  if (!mail) return 'already-sent';
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    if (lastTry) await deps.relayed.giveUp(mailId);
    throw error;
  }
  await deps.relayed.markSent(mailId);
  return 'sent';
}
