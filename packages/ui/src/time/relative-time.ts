import type { I18nText } from '../i18n/i18n-text.ts';

export const relativeTimeKeys = {
  justNow: 'shell:offline.justNow',
  minutesAgo: 'shell:offline.minutesAgo',
  hoursAgo: 'shell:offline.hoursAgo',
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Either a translated phrase or, after 24 hours, a date already formatted for the locale. */
export type LastOnline = { kind: 'relative'; text: I18nText } | { kind: 'date'; date: string };

/**
 * The offline banner's 'Last online' time: 'Just now' under a minute (or when the clock ran backwards),
 * '{n}m ago' under an hour, '{n}h ago' under 24 hours, then the date. Null when never online.
 */
export function lastOnline(
  lastOnlineAt: Date | number | null | undefined,
  now: Date | number,
  locale: string,
  timeZone?: string,
): LastOnline | null {
  if (lastOnlineAt === null || lastOnlineAt === undefined) return null;
  const then = typeof lastOnlineAt === 'number' ? lastOnlineAt : lastOnlineAt.getTime();
  if (!Number.isFinite(then)) return null;
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - then;
  if (elapsed < MINUTE_MS) return { kind: 'relative', text: { key: relativeTimeKeys.justNow } };
  if (elapsed < HOUR_MS) {
    return {
      kind: 'relative',
      text: { key: relativeTimeKeys.minutesAgo, values: { n: Math.floor(elapsed / MINUTE_MS) } },
    };
  }
  if (elapsed < DAY_MS) {
    return {
      kind: 'relative',
      text: { key: relativeTimeKeys.hoursAgo, values: { n: Math.floor(elapsed / HOUR_MS) } },
    };
  }
  return {
    kind: 'date',
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(then),
  };
}
