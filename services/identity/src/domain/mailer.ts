/** One e-mail, in both forms every client can show. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where mail goes: SMTP (infra/smtp-mailer.ts), the embedded mode's local outbox
 * (infra/local-outbox-mailer.ts), or nowhere with a warning (infra/unsent-mailer.ts).
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

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
