import type { StoredMail } from '../domain/mailer.ts';
import { loginPageMessages, type Language } from './messages.ts';
import { escapeHtml, renderPage } from './page-layout.ts';

export const DEV_MAIL_PATH = '/dev/mail';

/** Links in a mail's text, absolute or (without PUBLIC_URL) a path on this origin. */
const LINK = /(https?:\/\/[^\s<>"']+|\/api\/[^\s<>"']+)/g;

/** The text escaped, with its links made links. */
function linkified(text: string): string {
  return text
    .split(LINK)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/** The embedded mode's local outbox: every mail it kept, newest first, links ready to follow. */
export function renderDevMailPage(options: {
  language: Language;
  mails: StoredMail[];
  recipient: string | undefined;
  nonce: string;
}): string {
  const { language, mails, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const timeFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const list =
    mails.length === 0
      ? `<p class="notice">${e(t.devMail.empty)}</p>`
      : mails
          .map(
            (mail) => `    <article class="mail" aria-labelledby="mail-${e(mail.id)}">
      <h3 id="mail-${e(mail.id)}">${e(mail.subject)}</h3>
      <dl>
        <dt>${e(t.devMail.to)}</dt><dd>${e(mail.to)}</dd>
        <dt>${e(t.devMail.sent)}</dt><dd><time datetime="${mail.createdAt.toISOString()}">${e(timeFormat.format(mail.createdAt))}</time></dd>
      </dl>
      <pre>${linkified(mail.text)}</pre>
    </article>`,
          )
          .join('\n');
  const body = `  <section id="panel-outbox">
    <h2>${e(t.devMail.pageTitle)}</h2>
    <p class="hint">${e(t.devMail.intro)}</p>
${list}
  </section>
`;
  return renderPage({
    language,
    messages: t,
    title: t.devMail.pageTitle,
    nonce,
    body,
    pageInLanguage: (code) =>
      `${DEV_MAIL_PATH}?${new URLSearchParams({ ...(options.recipient ? { to: options.recipient } : {}), lang: code }).toString()}`,
    back: { href: '/', label: t.back },
    wide: true,
  });
}
