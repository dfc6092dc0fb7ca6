import { languageNames, loginPageMessages, supportedLanguages, type Language } from './messages.ts';
import { loginPageScript } from './login-page-script.ts';
import { loginPageStyles } from './login-page-styles.ts';

export const PRODUCT_NAME = 'Laundromat Finder';
export const LOGIN_PAGE_PATH = '/api/login';

export type LoginMode = 'signin' | 'register';

export interface LoginPageOptions {
  language: Language;
  returnTo: string;
  mode: LoginMode;
  /** Per-response CSP nonce for the one inline style and script. */
  nonce: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function pageUrl(params: { language: Language; returnTo: string; mode: LoginMode }): string {
  const query = new URLSearchParams({ mode: params.mode, returnTo: params.returnTo, lang: params.language });
  return `${LOGIN_PAGE_PATH}?${query.toString()}`;
}

const washerIcon = `<svg aria-hidden="true" width="40" height="40" viewBox="0 0 40 40" fill="none">
  <rect x="4" y="3" width="32" height="34" rx="7" fill="currentColor" opacity=".15"/>
  <rect x="4" y="3" width="32" height="34" rx="7" stroke="currentColor" stroke-width="2.5"/>
  <circle cx="20" cy="22" r="9" stroke="currentColor" stroke-width="2.5"/>
  <path d="M13.5 23.5c2.2-2 4.3-2 6.5 0s4.3 2 6.5 0" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>
  <circle cx="11" cy="9" r="1.8" fill="currentColor"/><circle cx="16.5" cy="9" r="1.8" fill="currentColor"/>
</svg>`;

export function renderLoginPage(options: LoginPageOptions): string {
  const { language, returnTo, mode, nonce } = options;
  const t = loginPageMessages[language];
  const e = escapeHtml;
  const signIn = mode === 'signin';
  const clientData = {
    returnTo,
    working: t.working,
    genericError: t.genericError,
    networkError: t.networkError,
    server: t.server,
  };
  const languageLinks = supportedLanguages
    .map((code) => {
      const current = code === language ? ' aria-current="true"' : '';
      return `<a href="${e(pageUrl({ language: code, returnTo, mode }))}" lang="${code}" hreflang="${code}"${current}>${e(languageNames[code])}</a>`;
    })
    .join('');

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.pageTitle)} · ${PRODUCT_NAME}</title>
<style nonce="${nonce}">${loginPageStyles}</style>
</head>
<body>
<main class="card">
  <header class="brand">
    ${washerIcon}
    <div>
      <h1>${PRODUCT_NAME}</h1>
      <p>${e(t.tagline)}</p>
    </div>
  </header>
  <noscript><p class="notice">${e(t.noScript)}</p></noscript>
  <div class="tabs" role="tablist" aria-label="${e(PRODUCT_NAME)}">
    <a role="tab" id="tab-signin" href="${e(pageUrl({ language, returnTo, mode: 'signin' }))}" aria-controls="panel-signin" aria-selected="${signIn}" tabindex="${signIn ? 0 : -1}">${e(t.signInTab)}</a>
    <a role="tab" id="tab-register" href="${e(pageUrl({ language, returnTo, mode: 'register' }))}" aria-controls="panel-register" aria-selected="${!signIn}" tabindex="${signIn ? -1 : 0}">${e(t.createAccountTab)}</a>
  </div>

  <section id="panel-signin" role="tabpanel" aria-labelledby="tab-signin"${signIn ? '' : ' hidden'}>
    <h2>${e(t.signInHeading)}</h2>
    <form data-endpoint="/api/auth/login" method="post">
      <label for="signin-email">${e(t.email)}</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength="254">
      <label for="signin-password">${e(t.password)}</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength="200">
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.signInButton)}</button>
    </form>
  </section>

  <section id="panel-register" role="tabpanel" aria-labelledby="tab-register"${signIn ? ' hidden' : ''}>
    <h2>${e(t.createAccountHeading)}</h2>
    <form data-endpoint="/api/auth/register" method="post">
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
      <p class="error" role="alert" hidden></p>
      <button type="submit">${e(t.createAccountButton)}</button>
    </form>
  </section>

  <footer>
    <a class="back" href="${e(returnTo)}">← ${e(t.back)}</a>
    <nav aria-label="${e(t.language)}" class="languages">${languageLinks}</nav>
  </footer>
</main>
<script type="application/json" id="login-data" nonce="${nonce}">${scriptJson(clientData)}</script>
<script nonce="${nonce}">${loginPageScript}</script>
</body>
</html>
`;
}
