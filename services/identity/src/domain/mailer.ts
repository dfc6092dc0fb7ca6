import type { Mail } from '@laundry/platform/mail';

/**
 * Where mail goes: SMTP (`@laundry/platform/mail/smtp`), the embedded mode's local outbox
 * (infra/local-outbox-mailer.ts), or nowhere with a warning (the kit's createUnsentMailer).
 */
export type { Mail, Mailer } from '@laundry/platform/mail';

/** A mail kept in the local outbox, as /dev/mail lists it. */
export interface StoredMail extends Mail {
  id: string;
  createdAt: Date;
}

/** The local outbox's reading side, for /dev/mail; infra/local-outbox-mailer.ts implements it. */
export interface MailOutboxReader {
  /** The newest first, at most `limit`; only those to `recipient` when given. */
  list(options: { recipient?: string; limit: number }): Promise<StoredMail[]>;
}
