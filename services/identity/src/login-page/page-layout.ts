import { languageNames, supportedLanguages, type Language, type LoginPageMessages } from './messages.ts';
import { loginPageScript } from './login-page-script.ts';
import { loginPageStyles } from './login-page-styles.ts';

export const PRODUCT_NAME = 'Laundromat Finder';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const washerIcon = `<svg aria-hidden="true" width="40" height="40" viewBox="0 0 40 40" fill="none">
  <rect x="4" y="3" width="32" height="34" rx="7" fill="currentColor" opacity=".15"/>
  <rect x="4" y="3" width="32" height="34" rx="7" stroke="currentColor" stroke-width="2.5"/>
  <circle cx="20" cy="22" r="9" stroke="currentColor" stroke-width="2.5"/>
  <path d="M13.5 23.5c2.2-2 4.3-2 6.5 0s4.3 2 6.5 0" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>
  <circle cx="11" cy="9" r="1.8" fill="currentColor"/><circle cx="16.5" cy="9" r="1.8" fill="currentColor"/>
</svg>`;

export interface PageOptions {
  language: Language;
  messages: LoginPageMessages;
  title: string;
  /** Per-response CSP nonce for the one inline style and scripts. */
  nonce: string;
  /** The card's content, already escaped. */
  body: string;
  /** The same page in another language. */
  pageInLanguage: (language: Language) => string;
  back: { href: string; label: string };
  /** What the page's script reads; without it the page has no script. */
  clientData?: Record<string, unknown>;
  /** A wider card, for the outbox's mails. */
  wide?: boolean;
}

/** The server-rendered pages' one frame: the brand, the card, the way back and the language links. */
export function renderPage(options: PageOptions): string {
  const { language, messages: t, nonce } = options;
  const e = escapeHtml;
  const languageLinks = supportedLanguages
    .map((code) => {
      const current = code === language ? ' aria-current="true"' : '';
      return `<a href="${e(options.pageInLanguage(code))}" lang="${code}" hreflang="${code}"${current}>${e(languageNames[code])}</a>`;
    })
    .join('');
  const scripts = options.clientData
    ? `<script type="application/json" id="login-data" nonce="${nonce}">${scriptJson(options.clientData)}</script>
<script nonce="${nonce}">${loginPageScript}</script>
`
    : '';

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(options.title)} · ${PRODUCT_NAME}</title>
<style nonce="${nonce}">${loginPageStyles}</style>
</head>
<body>
<main class="card${options.wide ? ' wide' : ''}">
  <header class="brand">
    ${washerIcon}
    <div>
      <h1>${PRODUCT_NAME}</h1>
      <p>${e(t.tagline)}</p>
    </div>
  </header>
${options.body}
  <footer>
    <a class="back" href="${e(options.back.href)}">← ${e(options.back.label)}</a>
    <nav aria-label="${e(t.language)}" class="languages">${languageLinks}</nav>
  </footer>
</main>
${scripts}</body>
</html>
`;
}
