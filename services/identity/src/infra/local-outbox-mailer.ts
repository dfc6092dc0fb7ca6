import type { Db } from '@laundry/platform/db';
import type { Mailer, MailOutboxReader, StoredMail } from '../domain/mailer.ts';

/**
 * The embedded mode's mail: kept in the identity schema's mail_outbox and shown at /dev/mail, so a person
 * running `npm start` can follow the links without a mail server.
 */
export function createLocalOutboxMailer(db: Db): Mailer & MailOutboxReader {
  return {
    async send(mail) {
      await db.query(
        `INSERT INTO mail_outbox (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4)`,
        [mail.to, mail.subject, mail.text, mail.html],
      );
    },
    async list({ recipient, limit }) {
      return db.query<StoredMail>(
        `SELECT id, recipient AS "to", subject, text_body AS text, html_body AS html, created_at AS "createdAt"
         FROM mail_outbox
         WHERE $1::text IS NULL OR lower(recipient) = lower($1)
         ORDER BY created_at DESC, id
         LIMIT $2`,
        [recipient ?? null, limit],
      );
    },
  };
}
