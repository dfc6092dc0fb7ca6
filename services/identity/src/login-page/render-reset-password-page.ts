import { fill, loginPageMessages, type Language } from './messages.ts';
import { escapeHtml, renderPage } from './page-layout.ts';
import { LOGIN_PAGE_PATH, loginPageUrl } from './render-login-page.ts';

export const RESET_PASSWORD_PAGE_PATH = '/api/login/reset-password';

export type ResetLinkView =
  { state: 'usable'; token: string; email: string } | { state: 'used' | 'expired' | 'invalid' };

export interface ResetPasswordPageOptions {
  language: Language;
  link: ResetLinkView;
  nonce: string;
}

/**
 * Opened from the reset e-mail: the new password's form, or, for a link that can no longer be used, why
 * and a way to ask for a new one. The link's secret goes in the form, not in what the address bar keeps.
 */
export function renderResetPasswordPage(options: ResetPasswordPageOptions): string {
  const { language, link, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const forgotUrl = loginPageUrl({ language, returnTo: '/', mode: 'forgot' });

  const body =
    link.state === 'usable'
      ? `  <noscript><p class="notice">${e(t.noScript)}</p></noscript>
  <section id="panel-reset">
    <h2>${e(t.reset.heading)}</h2>
    <form data-endpoint="/api/auth/reset-password" data-done="reset-done" method="post" action="${LOGIN_PAGE_PATH}">
      <p class="hint">${e(fill(t.reset.intro, { email: link.email }))}</p>
      <input type="hidden" name="token" value="${e(link.token)}">
      <input type="text" name="username" value="${e(link.email)}" autocomplete="username" hidden>
      <label for="reset-password">${e(t.reset.newPassword)}</label>
      <input id="reset-password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="200" aria-describedby="reset-password-hint">
      <p class="hint" id="reset-password-hint">${e(t.passwordHint)}</p>
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.reset.submit)}</button>
    </form>
    <div id="reset-done" class="done" role="status" tabindex="-1" hidden>
      <p class="notice success">${e(t.reset.done)}</p>
      <a class="button" href="/">${e(t.reset.continue)}</a>
    </div>
  </section>
`
      : `  <section id="panel-reset" class="refusal">
    <h2>${e(t.reset[`${link.state}Heading`])}</h2>
    <p>${e(t.reset[`${link.state}Text`])}</p>
    <a class="button" href="${e(forgotUrl)}">${e(t.reset.requestNew)}</a>
  </section>
`;
  // The page in another language still needs the link's secret (no Referer carries it: helmet's no-referrer).
  const pageInLanguage = (code: Language, token?: string) => {
    const query = new URLSearchParams(token ? { token, lang: code } : { lang: code });
    return `${RESET_PASSWORD_PAGE_PATH}?${query.toString()}`;
  };
  return renderPage({
    language,
    messages: t,
    title: t.reset.pageTitle,
    nonce,
    body,
    pageInLanguage: (code) => pageInLanguage(code, link.state === 'usable' ? link.token : undefined),
    back: { href: '/', label: t.back },
    clientData:
      link.state === 'usable'
        ? {
            returnTo: '/',
            working: t.working,
            genericError: t.genericError,
            networkError: t.networkError,
            server: t.server,
            // Once read, the link's secret leaves the address bar (and the history, and a shared screen).
            cleanUrl: pageInLanguage(language),
          }
        : undefined,
  });
}
