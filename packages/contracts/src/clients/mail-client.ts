import {
  INTERNAL_MAIL_PATH,
  internalMailResponseSchema,
  type InternalMailRequest,
  type InternalMailResponse,
} from '../notification.ts';
import { ServiceUnavailableError } from './service-unavailable.ts';

/**
 * Every service's mail goes through identity (POST /internal/mail): one mail path (SMTP, or the local
 * outbox `npm start` shows at /dev/mail), one place that knows a person's address, language and which
 * notifications they turned off.
 */
export interface MailClient {
  send(mail: InternalMailRequest): Promise<InternalMailResponse>;
}

export interface MailClientOptions {
  /** IDENTITY_URL of the caller's settings. */
  baseUrl: string;
  timeoutMs: number;
  /** What the caller's user is told when identity cannot take the mail (a 503). */
  unavailableMessage: string;
  /** The header a service-to-service call is signed in (the service kit's INTERNAL_IDENTITY_HEADER). */
  identityHeader: string;
  /** A fresh signed token for each call (the kit's signInternalIdentity with the shared secret). */
  sign: () => string;
}

/**
 * Identity answers 202 once the mail is queued (or was, under the same mailId), so a caller may retry a
 * call whose answer it missed. Anything else is identity's failure: a 503 with the caller's message.
 */
export function createMailClient(options: MailClientOptions): MailClient {
  const unavailable = () => new ServiceUnavailableError(options.unavailableMessage, 'MAIL_UNAVAILABLE');
  return {
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(new URL(INTERNAL_MAIL_PATH, options.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [options.identityHeader]: options.sign() },
          body: JSON.stringify(mail),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw unavailable();
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status !== 202) throw unavailable();
      const parsed = internalMailResponseSchema.safeParse(body);
      if (!parsed.success) throw unavailable();
      return parsed.data;
    },
  };
}
