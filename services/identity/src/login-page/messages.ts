import { languages } from '@laundry/contracts';
import en from '../../../../packages/ui/src/locales/en.json' with { type: 'json' };
import es from '../../../../packages/ui/src/locales/es.json' with { type: 'json' };
import fr from '../../../../packages/ui/src/locales/fr.json' with { type: 'json' };
import hi from '../../../../packages/ui/src/locales/hi.json' with { type: 'json' };
import zh from '../../../../packages/ui/src/locales/zh.json' with { type: 'json' };

export type Language = (typeof languages)[number];
export const supportedLanguages: readonly Language[] = languages;

export interface LoginPageMessages {
  pageTitle: string;
  tagline: string;
  signInTab: string;
  createAccountTab: string;
  signInHeading: string;
  createAccountHeading: string;
  email: string;
  password: string;
  passwordHint: string;
  firstName: string;
  lastName: string;
  optional: string;
  confirmAge: string;
  signInButton: string;
  createAccountButton: string;
  working: string;
  back: string;
  language: string;
  noScript: string;
  genericError: string;
  networkError: string;
  /** Translations of the API's English messages, keyed by the message itself. */
  server: Record<string, string>;
}

// The strings live with every other string of the product, in the UI package's locale files (under
// `loginPage`; the language label and names are the shell's own, `common.languages`). They are read by path
// rather than through @laundry/ui, so the service image carries these five files and not the UI package.
interface LocaleFile {
  common: { languages: { label: string } };
  loginPage: typeof en.loginPage;
}
const locales: Record<Language, LocaleFile> = { en, zh, hi, es, fr };

/** The API's English message for each id of `loginPage.server`. */
const englishServerMessages: Record<string, string> = en.loginPage.server;

function pageMessages(locale: LocaleFile): LoginPageMessages {
  const { server, ...page } = locale.loginPage;
  return {
    ...page,
    language: locale.common.languages.label,
    // Keyed by the API's English message; a message that reads the same in English needs no entry.
    server: Object.fromEntries(
      Object.entries(server).flatMap(([id, text]: [string, string]) => {
        const english = englishServerMessages[id] ?? id;
        return text === english ? [] : [[english, text]];
      }),
    ),
  };
}

export const loginPageMessages = Object.fromEntries(
  supportedLanguages.map((language) => [language, pageMessages(locales[language])]),
) as Record<Language, LoginPageMessages>;

/** Each language's own name, for the language links. */
export const languageNames: Record<Language, string> = Object.fromEntries(
  supportedLanguages.map((language) => [language, en.common.languages[language]]),
) as Record<Language, string>;
