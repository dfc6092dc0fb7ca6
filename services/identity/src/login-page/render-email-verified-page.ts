import type { VerificationResult } from '../domain/email-verification.ts';
import { loginPageMessages, type Language } from './messages.ts';
import { escapeHtml, renderPage } from './page-layout.ts';

export const EMAIL_VERIFIED_PAGE_PATH = '/api/login/email-verified';

/** Where the verification link lands: the address is verified, or why not. */
export function renderEmailVerifiedPage(options: {
  language: Language;
  result: VerificationResult;
  nonce: string;
}): string {
  const { language, result, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const body = `  <section id="panel-verified" class="${result === 'verified' ? 'done' : 'refusal'}">
    <h2>${e(t.verified[`${result}Heading`])}</h2>
    <p${result === 'verified' ? ' class="notice success"' : ''}>${e(t.verified[`${result}Text`])}</p>
    <a class="button" href="/">${e(t.verified.continue)}</a>
  </section>
`;
  return renderPage({
    language,
    messages: t,
    title: t.verified.pageTitle,
    nonce,
    body,
    pageInLanguage: (code) =>
      `${EMAIL_VERIFIED_PAGE_PATH}?${new URLSearchParams({ result, lang: code }).toString()}`,
    back: { href: '/', label: t.back },
  });
}
