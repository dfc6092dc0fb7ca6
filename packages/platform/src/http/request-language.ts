import type { Request } from 'express';
import { languages, type Language } from '@laundry/contracts';
import { readCookie } from '../auth/session.ts';

/**
 * The cookie the shell's language detector mirrors the person's choice into (packages/ui's
 * languageCookieName), so pages the servers render speak the language chosen in the app.
 */
export const LANGUAGE_COOKIE = 'i18next';

/** One of our languages named by a value: 'zh-CN', 'fr_FR' and 'ES' all name one; anything else none. */
export function supportedLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return languages.find((language) => language === primary);
}

/**
 * The language a request asks for, undefined when it names none of ours: the body's own `language` (a
 * form posted from a page in that language), then ?lang=, then the language cookie, then Accept-Language,
 * where `*` (what fetch sends unless told) names none.
 */
export function requestLanguage(
  req: Pick<Request, 'body' | 'query' | 'headers' | 'acceptsLanguages'>,
): Language | undefined {
  const body: unknown = req.body;
  const acceptLanguage = req.headers['accept-language'] ?? '';
  return (
    supportedLanguage(
      body !== null && typeof body === 'object' && 'language' in body ? body.language : undefined,
    ) ??
    supportedLanguage(req.query.lang) ??
    supportedLanguage(readCookie(req.headers.cookie, LANGUAGE_COOKIE)) ??
    (/^\s*\*?\s*$/.test(acceptLanguage) ? undefined : supportedLanguage(req.acceptsLanguages(...languages)))
  );
}
