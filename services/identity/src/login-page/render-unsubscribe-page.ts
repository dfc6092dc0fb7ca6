import type { NotificationType } from '@laundry/contracts';
import { fill, loginPageMessages, type Language } from './messages.ts';
import { notificationTexts } from './notification-texts.ts';
import { escapeHtml, renderPage } from './page-layout.ts';

export const UNSUBSCRIBE_PAGE_PATH = '/api/notifications/unsubscribe';

export type UnsubscribePageState =
  | { kind: 'confirm'; token: string; type: NotificationType }
  | { kind: 'done'; token: string; type: NotificationType }
  | { kind: 'invalid' };

/**
 * The unsubscribe link's page: asks to confirm with one button (a mail scanner that opens the link changes
 * nothing), says it is done, or that the link does not work. No script: the button posts a plain form.
 */
export function renderUnsubscribePage(options: {
  language: Language;
  state: UnsubscribePageState;
  nonce: string;
}): string {
  const { language, state, nonce } = options;
  const t = loginPageMessages[language];
  const n = notificationTexts(language);
  const e = escapeHtml;
  const here = (code: Language) =>
    `${UNSUBSCRIBE_PAGE_PATH}?${new URLSearchParams({ ...(state.kind === 'invalid' ? {} : { token: state.token }), lang: code }).toString()}`;
  let body: string;
  if (state.kind === 'invalid') {
    body = `  <section id="panel-unsubscribe" class="refusal">
    <h2>${e(n.invalidHeading)}</h2>
    <p>${e(n.invalidText)}</p>
    <a class="button secondary" href="/account">${e(n.pageTitle)}</a>
  </section>
`;
  } else {
    const topic = n.types[state.type];
    body =
      state.kind === 'confirm'
        ? `  <section id="panel-unsubscribe">
    <h2>${e(n.confirmHeading)}</h2>
    <p>${e(fill(n.confirmText, { topic }))}</p>
    <form method="post" action="${e(here(language))}">
      <button type="submit">${e(n.confirmButton)}</button>
    </form>
    <p class="hint">${e(n.manage)}</p>
  </section>
`
        : `  <section id="panel-unsubscribe" class="done">
    <h2>${e(n.doneHeading)}</h2>
    <p class="notice success" role="status">${e(fill(n.doneText, { topic }))}</p>
    <p class="hint">${e(n.manage)}</p>
    <a class="button" href="/account">${e(n.pageTitle)}</a>
  </section>
`;
  }
  return renderPage({
    language,
    messages: t,
    title: n.pageTitle,
    nonce,
    body,
    pageInLanguage: here,
    back: { href: '/', label: t.back },
  });
}
