import type { Request } from 'express';
import type { Language } from '@laundry/contracts';
import { requestLanguage } from '@laundry/platform/http';
import en from '../../../../packages/ui/src/locales/en.json' with { type: 'json' };
import es from '../../../../packages/ui/src/locales/es.json' with { type: 'json' };
import fr from '../../../../packages/ui/src/locales/fr.json' with { type: 'json' };
import hi from '../../../../packages/ui/src/locales/hi.json' with { type: 'json' };
import zh from '../../../../packages/ui/src/locales/zh.json' with { type: 'json' };

// The strings live with every other string of the product, in the UI package's locale files (under
// `adGone`), read by path as the identity and billing services read their pages', so the service image
// carries these five files (the services' Dockerfile copies them) and not the UI package.
const messages: Record<Language, typeof en.adGone> = {
  en: en.adGone,
  zh: zh.adGone,
  hi: hi.adGone,
  es: es.adGone,
  fr: fr.adGone,
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reader's language as the other server pages pick it (?lang=, the language cookie, Accept-Language). */
export const adGoneLanguage = (req: Request): Language => requestLanguage(req) ?? 'en';

/**
 * What a click on an ad that can no longer be followed shows, instead of sending the reader anywhere: the
 * ad's link has outlived its time, or its campaign stopped or changed its link since the ad was served.
 */
export function adGonePage(language: Language): string {
  const t = messages[language];
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t.pageTitle)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; line-height: 1.5; }
  h1 { font-size: 1.5rem; }
  .button { display: inline-block; margin-top: 1rem; padding: .6rem 1.2rem; border-radius: .4rem; background: #1d4ed8; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${e(t.heading)}</h1>
<p>${e(t.body)}</p>
<p><a class="button" href="/">${e(t.findLaundromat)}</a></p>
</main>
</body>
</html>`;
}
