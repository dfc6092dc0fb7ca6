import { fill, loginPageMessages, type Language } from './messages.ts';
import { escapeHtml, PRODUCT_NAME, renderPage } from './page-layout.ts';

export { PRODUCT_NAME };
export const LOGIN_PAGE_PATH = '/api/login';

export type LoginMode = 'signin' | 'register' | 'forgot';

export interface LoginPageOptions {
  language: Language;
  returnTo: string;
  mode: LoginMode;
  /** Per-response CSP nonce for the one inline style and script. */
  nonce: string;
  /** How long a reset link lasts, for the notice after asking for one. */
  resetLinkTtlSeconds: number;
}

export function loginPageUrl(params: { language: Language; returnTo: string; mode: LoginMode }): string {
  const query = new URLSearchParams({ mode: params.mode, returnTo: params.returnTo, lang: params.language });
  return `${LOGIN_PAGE_PATH}?${query.toString()}`;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const { language, returnTo, mode, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const signIn = mode === 'signin';
  const forgot = mode === 'forgot';
  const url = (mode: LoginMode) => e(loginPageUrl({ language, returnTo, mode }));
  const languageField = `<input type="hidden" name="language" value="${language}">`;

  // 'Forgot password?' is a panel of its own, reached by a link rather than a tab.
  const tabs = forgot
    ? ''
    : `
  <div class="tabs" role="tablist" aria-label="${e(PRODUCT_NAME)}">
    <a role="tab" id="tab-signin" href="${url('signin')}" aria-controls="panel-signin" aria-selected="${signIn}" tabindex="${signIn ? 0 : -1}">${e(t.signInTab)}</a>
    <a role="tab" id="tab-register" href="${url('register')}" aria-controls="panel-register" aria-selected="${!signIn}" tabindex="${signIn ? -1 : 0}">${e(t.createAccountTab)}</a>
  </div>
`;
  const body = `  <noscript><p class="notice">${e(t.noScript)}</p></noscript>
${tabs}
  <section id="panel-signin" role="tabpanel" aria-labelledby="tab-signin"${signIn ? '' : ' hidden'}>
    <h2>${e(t.signInHeading)}</h2>
    <form data-endpoint="/api/auth/login" method="post">
      <label for="signin-email">${e(t.email)}</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength="254">
      <label for="signin-password">${e(t.password)}</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength="200">
      <p class="aside"><a id="forgot-link" href="${url('forgot')}">${e(t.forgotPasswordLink)}</a></p>
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.signInButton)}</button>
    </form>
  </section>

  <section id="panel-register" role="tabpanel" aria-labelledby="tab-register"${mode === 'register' ? '' : ' hidden'}>
    <h2>${e(t.createAccountHeading)}</h2>
    <form data-endpoint="/api/auth/register" data-done="register-sent" method="post">
      <label for="register-email">${e(t.email)}</label>
      <input id="register-email" name="email" type="email" autocomplete="email" required maxlength="254">
      <label for="register-password">${e(t.password)}</label>
      <input id="register-password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="200" aria-describedby="register-password-hint">
      <p class="hint" id="register-password-hint">${e(t.passwordHint)}</p>
      <div class="row">
        <div>
          <label for="register-first-name">${e(t.firstName)} <span class="optional">(${e(t.optional)})</span></label>
          <input id="register-first-name" name="firstName" type="text" autocomplete="given-name" maxlength="100">
        </div>
        <div>
          <label for="register-last-name">${e(t.lastName)} <span class="optional">(${e(t.optional)})</span></label>
          <input id="register-last-name" name="lastName" type="text" autocomplete="family-name" maxlength="100">
        </div>
      </div>
      <label class="check" for="register-age"><input id="register-age" name="confirmAge13" type="checkbox" required> ${e(t.confirmAge)}</label>
      ${languageField}
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.createAccountButton)}</button>
    </form>
    <p class="notice success" id="register-sent" role="status" tabindex="-1" hidden>${e(t.registerCheckMail)}</p>
  </section>

  <section id="panel-forgot" aria-labelledby="forgot-heading"${forgot ? '' : ' hidden'}>
    <h2 id="forgot-heading">${e(t.forgotHeading)}</h2>
    <form data-endpoint="/api/auth/forgot-password" data-done="forgot-sent" method="post">
      <p class="hint">${e(t.forgotIntro)}</p>
      <label for="forgot-email">${e(t.email)}</label>
      <input id="forgot-email" name="email" type="email" autocomplete="email" required maxlength="254">
      ${languageField}
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.sendResetLink)}</button>
    </form>
    <p class="notice success" id="forgot-sent" role="status" tabindex="-1" hidden>${e(fill(t.resetLinkSent, { minutes: String(Math.round(options.resetLinkTtlSeconds / 60)) }))}</p>
    <p class="aside"><a href="${url('signin')}">${e(t.backToSignIn)}</a></p>
  </section>
`;
  return renderPage({
    language,
    messages: t,
    title: forgot ? t.forgotHeading : t.pageTitle,
    nonce,
    body,
    pageInLanguage: (code) => loginPageUrl({ language: code, returnTo, mode }),
    back: { href: returnTo, label: t.back },
    clientData: {
      returnTo,
      working: t.working,
      genericError: t.genericError,
      networkError: t.networkError,
      unconfirmedSignIn: t.unconfirmedSignIn,
      unconfirmedHint: t.unconfirmedHint,
      server: t.server,
    },
  });
}
