import type { Request } from 'express';
import { readCookie } from '@laundry/platform/auth';
import { supportedLanguages, type Language } from './messages.ts';

export interface LanguageSources {
  query: unknown;
  /** The shell's i18next detector caches the chosen language in this cookie (and in local storage). */
  cookie: unknown;
  /** Best supported match of Accept-Language, or false when none matches. */
  acceptLanguage: string | false;
}

function supported(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  // 'zh-CN', 'fr_FR' and 'ES' all name a language we have.
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return supportedLanguages.find((language) => language === primary);
}

/** ?lang= first, then the i18nextLng cookie, then Accept-Language; undefined when none names one of ours. */
export function findLanguage(sources: LanguageSources): Language | undefined {
  return supported(sources.query) ?? supported(sources.cookie) ?? supported(sources.acceptLanguage);
}

/** As findLanguage, else English. */
export function pickLanguage(sources: LanguageSources): Language {
  return findLanguage(sources) ?? 'en';
}

/**
 * The language a request names: ?lang=, the body's `language`, the i18nextLng cookie or Accept-Language;
 * undefined when none does.
 */
export function requestedLanguage(req: Request): Language | undefined {
  const body: unknown = req.body;
  const fromBody =
    body !== null && typeof body === 'object' && 'language' in body ? body.language : undefined;
  return findLanguage({
    query: req.query.lang ?? fromBody,
    cookie: readCookie(req.headers.cookie, 'i18nextLng'),
    // `*` (what fetch sends unless told) names no language; the account's own then applies.
    acceptLanguage: /^\s*\*?\s*$/.test(req.get('accept-language') ?? '')
      ? false
      : req.acceptsLanguages(...supportedLanguages),
  });
}

/** As requestedLanguage, else English. */
export const languageOf = (req: Request): Language => requestedLanguage(req) ?? 'en';
