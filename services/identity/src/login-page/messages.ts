import { languages } from '@laundry/contracts';
import en from '../../../../packages/ui/src/locales/en.json' with { type: 'json' };
import es from '../../../../packages/ui/src/locales/es.json' with { type: 'json' };
import fr from '../../../../packages/ui/src/locales/fr.json' with { type: 'json' };
import hi from '../../../../packages/ui/src/locales/hi.json' with { type: 'json' };
import zh from '../../../../packages/ui/src/locales/zh.json' with { type: 'json' };

export type Language = (typeof languages)[number];
export const supportedLanguages: readonly Language[] = languages;

type LoginPageLocale = typeof en.loginPage;

/**
 * The sign-in, reset, verification and outbox pages' words, and the account e-mails' (`mail`), with the
 * language label and `server`: translations of the API's English messages, keyed by the message itself.
 */
export type LoginPageMessages = Omit<LoginPageLocale, 'server'> & {
  language: string;
  server: Record<string, string>;
};

// The strings live with every other string of the product, in the UI package's locale files (under
// `loginPage`; the language label and names are the shell's own, `common.languages`). They are read by path
// rather than through @laundry/ui, so the service image carries these five files and not the UI package.
interface LocaleFile {
  common: { languages: { label: string } };
  loginPage: LoginPageLocale;
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

/** `{{name}}` filled in; what is filled is text, escaped where it is placed. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
