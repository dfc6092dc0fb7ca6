import type { Language } from '@laundry/contracts';
import type { Mail, Mailer } from './mailer.ts';

export const erasureMailQueueName = 'identity-erasure-mail';

/** A mail server away for a while still gets the confirmation: retried after 5, 10, 20 and 40 s. */
export const erasureMailJobOptions = { attempts: 5, backoffMs: 5_000 };

/** The confirmation of an erased account: the address travels in the job, as no row holds it any more. */
export interface ErasureMailJob {
  email: string;
  language: Language;
}

export interface ErasureMailTexts {
  subject: string;
  greeting: string;
  body: string;
  followUp: string;
  signature: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The confirmation, as plain text and simple HTML, in the language the person used the product in. Like the
 * account mails it greets nobody by name: the name was whatever the one who signed up with the address typed.
 */
export function composeErasureMail(job: ErasureMailJob, texts: ErasureMailTexts): Mail {
  const paragraphs = [texts.greeting, texts.body, texts.followUp, texts.signature];
  return {
    to: job.email,
    subject: texts.subject,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html lang="${job.language}"><body>${paragraphs
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('')}</body></html>`,
  };
}

export async function sendErasureMail(
  deps: { mailer: Mailer; texts: (language: Language) => ErasureMailTexts },
  job: ErasureMailJob,
): Promise<void> {
  await deps.mailer.send(composeErasureMail(job, deps.texts(job.language)));
}
