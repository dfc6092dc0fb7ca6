import { languages, type Language } from '@laundry/contracts';
import type { TestCardProblem } from '../../domain/payment-provider.ts';
import { checkoutMessages, languageNames } from './checkout-messages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the page sends the browser back to: the same origin, whatever PUBLIC_URL says. */
export const settingsReturn = {
  added: '/advertiser/settings?payment-method=added',
  cancelled: '/advertiser/settings?payment-method=cancelled',
};

export interface TestCheckoutPageOptions {
  sessionId: string;
  language: Language;
  done: boolean;
  problem?: TestCardProblem;
  /** What was typed, shown again with a refusal so only the wrong part needs changing. */
  values?: { cardNumber: string; expiry: string };
}

/**
 * The test provider's checkout page: a plain form, no script (the gateway's CSP allows none inline), in the
 * visitor's language, that says plainly it is test mode and which cards to use, as Stripe's test Checkout does.
 */
export function testCheckoutPage(options: TestCheckoutPageOptions): string {
  const { language, problem } = options;
  const t = checkoutMessages[language];
  const e = escapeHtml;
  const action = `/api/billing/test-checkout/${e(options.sessionId)}`;
  const invalid = (field: 'cardNumber' | 'expiry') =>
    problem && (field === 'cardNumber') === (problem === 'unknownCard')
      ? ' aria-invalid="true" aria-describedby="checkout-error"'
      : '';
  const body = options.done
    ? `<p role="status">${e(t.saved)}</p>
      <p><a class="button" href="${settingsReturn.added}">${e(t.backToSettings)}</a></p>`
    : `<form method="post" action="${action}">
        <input type="hidden" name="language" value="${language}">
        <label for="cardNumber">${e(t.cardNumber)}</label>
        <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required
               maxlength="40" placeholder="4242 4242 4242 4242" value="${e(options.values?.cardNumber ?? '')}"${invalid('cardNumber')}>
        <label for="expiry">${e(t.expiry)}</label>
        <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required
               maxlength="9" placeholder="12 / 34" value="${e(options.values?.expiry ?? '')}"${invalid('expiry')}>
        ${problem ? `<p role="alert" id="checkout-error" class="error">${e(t.errors[problem])}</p>` : ''}
        <button type="submit">${e(t.submit)}</button>
      </form>
      <p class="hint">${e(t.hint)}</p>
      <p><a href="${settingsReturn.cancelled}">${e(t.cancel)}</a></p>`;
  const languageLinks = languages
    .map((code) =>
      code === language
        ? `<a href="${action}?lang=${code}" lang="${code}" aria-current="true">${e(languageNames[code])}</a>`
        : `<a href="${action}?lang=${code}" lang="${code}">${e(languageNames[code])}</a>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.pageTitle)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
  .badge { display: inline-block; background: #f59e0b; color: #111; font-weight: 600; padding: .2rem .6rem; border-radius: .4rem; }
  label { display: block; margin: 1.5rem 0 .4rem; font-weight: 600; }
  input { width: 100%; font-size: 1.1rem; padding: .6rem; box-sizing: border-box; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  button, .button { display: inline-block; margin-top: 1rem; font-size: 1rem; padding: .6rem 1.2rem; }
  .error { color: #b91c1c; }
  .hint { color: #4b5563; font-size: .9rem; margin-top: 1.5rem; }
  a { color: #1d4ed8; }
  nav { display: flex; flex-wrap: wrap; gap: .4rem 1rem; margin-top: 2rem; font-size: .9rem; }
  nav a[aria-current="true"] { color: inherit; font-weight: 700; text-decoration: none; }
</style>
</head>
<body>
<main>
<p class="badge">${e(t.testMode)}</p>
<h1>${e(t.title)}</h1>
<p>${e(t.intro)}</p>
${body}
<nav aria-label="${e(t.languageLabel)}">${languageLinks}</nav>
</main>
</body>
</html>
`;
}
