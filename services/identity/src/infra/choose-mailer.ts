import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { IdentityConfig } from '../config.ts';
import type { Mailer, MailOutboxReader } from '../domain/mailer.ts';
import { createSmtpMailer } from '@laundry/platform/mail/smtp';
import { createLocalOutboxMailer } from './local-outbox-mailer.ts';
import { createUnsentMailer } from '@laundry/platform/mail';

export type ChosenMailer =
  | { kind: 'smtp'; mailer: Mailer; close(): void }
  | { kind: 'local-outbox'; mailer: Mailer; outbox: MailOutboxReader; close(): void }
  | { kind: 'unsent'; mailer: Mailer; close(): void };

/**
 * SMTP_URL sends mail. Without it, the embedded mode (no DATABASE_URL) outside production keeps mail in the
 * local outbox that /dev/mail shows; anywhere else nothing is sent, and the start-up log says so.
 */
export function chooseMailer(config: IdentityConfig, db: Db, logger: Logger): ChosenMailer {
  if (config.SMTP_URL) {
    const smtp = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
    return { kind: 'smtp', mailer: smtp, close: () => smtp.close() };
  }
  if (!config.DATABASE_URL && config.NODE_ENV !== 'production') {
    const outbox = createLocalOutboxMailer(db);
    return { kind: 'local-outbox', mailer: outbox, outbox, close: () => {} };
  }
  logger.warn('SMTP_URL is not set: no e-mail is sent (address verification, password reset)');
  return { kind: 'unsent', mailer: createUnsentMailer(logger), close: () => {} };
}
