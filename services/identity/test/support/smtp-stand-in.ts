import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Content-Language or html lang of the mail, as a client would show it. */
  htmlLang: string | undefined;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How long the server takes to accept each mail: a slow mail server. */
  acceptDelayMs: number;
  /** The first mail to `to` received after `since` mails, within the timeout. */
  nextMailTo(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives, parsed as a mail client would: the
 * identity service sends to it with nodemailer exactly as it would to a provider.
 */
export async function startSmtpStandIn(options: { port?: number } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const standIn = { acceptDelayMs: 0 };
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        if (standIn.acceptDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, standIn.acceptDelayMs));
        const html = typeof parsed.html === 'string' ? parsed.html : '';
        received.push({
          from: parsed.from?.text ?? '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html,
          htmlLang: /<html lang="([^"]+)"/.exec(html)?.[1],
        });
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get acceptDelayMs() {
      return standIn.acceptDelayMs;
    },
    set acceptDelayMs(ms: number) {
      standIn.acceptDelayMs = ms;
    },
    async nextMailTo(to, { since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.slice(since).find((candidate) => candidate.to.includes(to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one link of an account e-mail's text. */
export function linkIn(mail: { text: string }): URL {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in the mail: ${mail.text}`);
  return new URL(match[1]);
}

/**
 * Reads the stand-in's mail for the shared signUp helper (registerMailReader): the path and query of the
 * newest link to `path` sent to `email`.
 */
export function smtpMailReader(smtp: Pick<SmtpStandIn, 'received'>) {
  return async (email: string, path: string): Promise<string> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = [...smtp.received]
        .reverse()
        .find((candidate) => candidate.to.includes(email.toLowerCase()) && candidate.text.includes(path));
      if (mail) {
        const link = linkIn(mail);
        return `${link.pathname}${link.search}`;
      }
      if (Date.now() > deadline) throw new Error(`no mail with a link to ${path} reached ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
