import type { Logger } from '@laundry/platform/logging';
import type { Mailer } from '../domain/mailer.ts';

/**
 * Where no mail server is configured outside the embedded mode: nothing is sent and each mail is logged
 * as not sent, by subject only (its link is a credential, and its address personal data).
 */
export function createUnsentMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.warn({ subject: mail.subject }, 'e-mail not sent: SMTP_URL is not set');
    },
  };
}
