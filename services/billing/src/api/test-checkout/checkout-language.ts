import type { Request } from 'express';
import { languages, type Language } from '@laundry/contracts';
import { readCookie } from '@laundry/platform/auth';

function supported(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  // 'zh-CN', 'fr_FR' and 'ES' all name a language we have.
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return languages.find((language) => language === primary);
}

/**
 * The checkout page's language, as the identity service's server pages pick theirs: ?lang= (or the form's
 * own `language` field, so a refused card is shown again in the same language), then the i18nextLng cookie
 * the shell keeps the visitor's choice in, then Accept-Language; else English.
 */
export function checkoutLanguage(req: Request): Language {
  const body: unknown = req.body;
  const fromForm =
    body !== null && typeof body === 'object' && 'language' in body ? body.language : undefined;
  const acceptLanguage = req.get('accept-language') ?? '';
  return (
    supported(fromForm) ??
    supported(req.query.lang) ??
    supported(readCookie(req.headers.cookie, 'i18nextLng')) ??
    // `*` (what fetch sends unless told) names no language.
    (/^\s*\*?\s*$/.test(acceptLanguage) ? undefined : supported(req.acceptsLanguages(...languages))) ??
    'en'
  );
}
