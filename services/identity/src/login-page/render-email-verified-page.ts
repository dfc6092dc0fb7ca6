import type { VerificationResult } from '../domain/email-verification.ts';
import { fill, loginPageMessages, type Language } from './messages.ts';
import { escapeHtml, renderPage } from './page-layout.ts';
import { LOGIN_PAGE_PATH } from './render-login-page.ts';

export const EMAIL_VERIFIED_PAGE_PATH = '/api/login/email-verified';

/**
 * Where the verification link lands: the address is verified, or why not, with a way to have a new link
 * sent (to the signed-in person; the answer says to sign in otherwise).
 */
export function renderEmailVerifiedPage(options: {
  language: Language;
  result: VerificationResult;
  nonce: string;
  /** How long a verification link lasts, for the notice after a new one is sent. */
  verificationTtlSeconds: number;
}): string {
  const { language, result, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const verified = result === 'verified';
  const resend = verified
    ? ''
    : `    <form data-endpoint="/api/auth/verify-email/resend" data-done="resent" method="post" action="${LOGIN_PAGE_PATH}">
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.verified.resend)}</button>
    </form>
    <p class="notice success" id="resent" role="status" tabindex="-1" hidden>${e(fill(t.verified.resent, { hours: String(Math.round(options.verificationTtlSeconds / 3600)) }))}</p>
`;
  const body = `  <section id="panel-verified" class="${verified ? 'done' : 'refusal'}">
    <h2>${e(t.verified[`${result}Heading`])}</h2>
    <p${verified ? ' class="notice success"' : ''}>${e(t.verified[`${result}Text`])}</p>
${resend}    <a class="button${verified ? '' : ' secondary'}" href="/">${e(t.verified.continue)}</a>
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
    clientData: verified
      ? undefined
      : {
          returnTo: '/',
          working: t.working,
          genericError: t.genericError,
          networkError: t.networkError,
          server: t.server,
        },
  });
}
