import type { Language } from '@laundry/contracts';
import en from '../../../../../packages/ui/src/locales/en.json' with { type: 'json' };
import es from '../../../../../packages/ui/src/locales/es.json' with { type: 'json' };
import fr from '../../../../../packages/ui/src/locales/fr.json' with { type: 'json' };
import hi from '../../../../../packages/ui/src/locales/hi.json' with { type: 'json' };
import zh from '../../../../../packages/ui/src/locales/zh.json' with { type: 'json' };

/** The test checkout page's words in one language, and the label of its language links. */
export type CheckoutMessages = typeof en.billingCheckout & { languageLabel: string };

// The strings live with every other string of the product, in the UI package's locale files (under
// `billingCheckout`), read by path as the identity service's pages read theirs, so the service image
// carries these five files (the services' Dockerfile copies them) and not the UI package.
const locales = { en, zh, hi, es, fr };

export const checkoutMessages = Object.fromEntries(
  Object.entries(locales).map(([language, locale]) => [
    language,
    { ...locale.billingCheckout, languageLabel: locale.common.languages.label },
  ]),
) as Record<Language, CheckoutMessages>;

/** Each language's own name, for the language links. */
export const languageNames = en.common.languages as Record<Language, string> & { label: string };
