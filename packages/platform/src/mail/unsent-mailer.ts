import type { Logger } from '../logging/index.ts';
import type { Mailer } from './mailer.ts';

/**
 * Where no mail server is configured: nothing is sent and each mail is logged as not sent, by subject only
 * (its link or code is a credential, and its address personal data).
 */
export function createUnsentMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.warn({ subject: mail.subject }, 'e-mail not sent: SMTP_URL is not set');
    },
  };
}
