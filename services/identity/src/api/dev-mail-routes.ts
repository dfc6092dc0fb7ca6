import { isIP } from 'node:net';
import type { Request, Router } from 'express';
import { emailSchema } from '@laundry/contracts';
import { forbidden } from '@laundry/platform/errors';
import type { MailOutboxReader } from '../domain/mailer.ts';
import { loginPageMessages } from '../login-page/messages.ts';
import { DEV_MAIL_PATH, renderDevMailPage } from '../login-page/render-dev-mail-page.ts';
import { languageOf } from '../login-page/pick-language.ts';
import { pageMiddleware, sendPage } from './login-page-routes.ts';

const SHOWN = 50;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * The local outbox, mounted only in the embedded mode without SMTP (app.ts decides; the gateway routes
 * /dev/mail only in the embedded mode). It shows every account's links, so it answers only to a browser
 * on the machine that runs the product, not to the rest of the network `npm start` listens on.
 */
export function devMailRoutes(router: Router, outbox: MailOutboxReader): void {
  router.get(DEV_MAIL_PATH, ...pageMiddleware, async (req: Request, res) => {
    const language = languageOf(req);
    if (!isLoopback(req.clientAddress)) throw forbidden(loginPageMessages[language].devMail.onlyHere);
    const recipient = emailSchema.safeParse(req.query.to);
    const mails = await outbox.list({
      recipient: recipient.success ? recipient.data : undefined,
      limit: SHOWN,
    });
    const html = renderDevMailPage({
      language,
      mails,
      recipient: recipient.success ? recipient.data : undefined,
      nonce: String(res.locals.cspNonce),
    });
    sendPage(res, language, html);
  });
}
