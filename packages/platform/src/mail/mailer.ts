/** One e-mail, in both forms every client can show. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a notification's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Where a service's mail goes: SMTP (`@laundry/platform/mail/smtp`), identity's local outbox in the embedded
 * mode, or nowhere with a warning (createUnsentMailer).
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
