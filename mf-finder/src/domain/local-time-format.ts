import { dateTimeFormat } from './intl-formats.ts';

/**
 * Formats a wall-clock 'HH:MM' (or 'H:MM'; '24:00' is midnight) for a locale: 'h:mm AM/PM' in en-US,
 * 24-hour where the locale uses it. The time is already local to the laundromat, so it is formatted in UTC
 * on a fixed date rather than converted. Returns the input unchanged when it is not a time.
 */
export function formatLocalTime(time: string, locale: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59) return time;
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours % 24, minutes),
  );
}

/** Minutes since midnight as 'HH:MM'. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
