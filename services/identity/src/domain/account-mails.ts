import type { Mail } from './mailer.ts';

/** The words of one kind of account e-mail in one language (packages/ui's locale files, `loginPage.mail`). */
export interface AccountMailTexts {
  subject: string;
  intro: string;
  action: string;
  /** Says how long the link lasts; `{{hours}}` or `{{minutes}}` is filled in. Absent where the link never expires. */
  expiry?: string;
  /** What to do if the person did not ask for the mail; absent for a mail that answers their own act. */
  ignore?: string;
}

/** The words every account e-mail shares. */
export interface CommonMailTexts {
  greeting: string;
  linkFallback: string;
  signature: string;
}

export interface AccountMailInput {
  to: string;
  language: string;
  link: string;
  texts: AccountMailTexts;
  common: CommonMailTexts;
  /** How long the link lasts, for the `expiry` sentence. */
  ttlSeconds: number;
  /** Filled into the intro (`{{email}}`: the new address of an e-mail change). */
  values?: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A short e-mail with one link, as plain text and as simple HTML in the person's language. It greets
 * nobody by name: whoever signs up with an address chooses the name, and a mail carrying it would put a
 * stranger's words (a fake warning, a link) into a genuine mail from us to that address.
 */
export function composeAccountMail(input: AccountMailInput): Mail {
  const { texts, common } = input;
  const greeting = common.greeting;
  const expiry = fill(texts.expiry ?? '', {
    hours: String(Math.round(input.ttlSeconds / 3600)),
    minutes: String(Math.round(input.ttlSeconds / 60)),
  });
  const intro = fill(texts.intro, input.values ?? {});
  const closing = [expiry, texts.ignore ?? ''].filter(Boolean);
  const text = [greeting, '', intro, '', input.link, '', ...closing, ...(closing.length ? [''] : [])]
    .concat([common.signature, ''])
    .join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(input.language)}">
<body style="margin:0;padding:24px;background:#f1f5f9;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p style="margin:28px 0"><a href="${e(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;border-radius:8px;font-weight:700;text-decoration:none">${e(texts.action)}</a></p>
${closing.length ? `<p>${closing.map(e).join(' ')}</p>\n` : ''}<p style="color:#475569;font-size:14px">${e(common.linkFallback)}<br><a href="${e(input.link)}" style="color:#2563eb;word-break:break-all">${e(input.link)}</a></p>
<p>${e(common.signature)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject: texts.subject, text, html };
}
