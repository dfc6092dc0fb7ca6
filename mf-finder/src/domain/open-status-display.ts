import { computeCurrentOpenStatus, lastWashMinutesBeforeClose, parseDayHours } from '@laundry/contracts';
import type { Hours, CurrentOpenStatus, OpenStatus } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';
import { formatLocalTime, minutesToClock } from './local-time-format.ts';

/** What the open-status readings need from a laundromat list item or favorites row. */
export interface OpenStatusSource {
  hours?: Hours | null;
  timeZone?: string | null;
  openStatus?: OpenStatus | null;
}

/** The viewer's zone stands in only when neither a zone nor a server reading came with the data. */
function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const MINUTE_MS = 60_000;

/**
 * The last reading per laundromat object, with the minute it is for: the card, its marker and every
 * re-render of a list ask for the same laundromat within the same minute, and the reading depends on
 * nothing finer than the local minute.
 */
const readings = new WeakMap<OpenStatusSource, { minute: number; reading: CurrentOpenStatus }>();

/** The server's reading still holds before its next change, and for good when there is none. */
function serverReadingHolds(status: OpenStatus | null | undefined, now: Date): status is OpenStatus {
  return !!status && (status.nextChange === null || now.getTime() < Date.parse(status.nextChange));
}

/**
 * The open status at `now`. The server reads the laundromat's OSM opening_hours with the OSM library
 * (holidays, lunch breaks, past midnight, unknown rules), which the weekly map cannot hold, so its reading
 * is shown until its next change; only after that (a list served long ago, the offline cache) is it
 * recomputed here from the weekly map, and when the zone is missing the server's reading stands.
 */
export function currentOpenStatus(source: OpenStatusSource, now: Date): CurrentOpenStatus {
  if (serverReadingHolds(source.openStatus, now)) return source.openStatus;
  if (!source.timeZone && source.openStatus) return source.openStatus;
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const known = readings.get(source);
  if (known?.minute === minute) return known.reading;
  const reading = computeCurrentOpenStatus(source.hours ?? null, source.timeZone || viewerTimeZone(), now);
  readings.set(source, { minute, reading });
  return reading;
}

/**
 * Open or closed at `now` in the list and map reading. The server's reading still holds before its next
 * change (and for good when there is none: open all week, or never), so it answers without the Intl
 * set-up that reading a zone's clock costs on a page's first use; after that it is recomputed in the zone.
 */
export function isOpenNowAt(source: OpenStatusSource, now: Date): boolean {
  const server = source.openStatus;
  if (serverReadingHolds(server, now)) return server.isOpenNow;
  return currentOpenStatus(source, now).isOpenNow;
}

/**
 * Hours that cannot say open or closed now: none at all, or a rule OSM marks unknown ('call ahead'). They
 * show 'Hours unknown' in a neutral colour, never a red CLOSED.
 */
export function hoursUnknown(status: CurrentOpenStatus): boolean {
  const kind = status.statusText.kind;
  if (status.isOpenNow) return false;
  return !!status.isUnknownNow || kind === 'hours_not_available' || kind === 'call_ahead';
}

/** Detail and favorites reading: the closing minute still counts as open. */
export function isOpenInclusive(status: CurrentOpenStatus): boolean {
  return status.isOpenNowInclusive ?? status.isOpenNow;
}

export const openStatusKeys = {
  badgeOpenNow: 'finder:badges.openNow',
  badgeOpen: 'finder:badges.open',
  badgeClosed: 'finder:badges.closed',
  badge24Hours: 'finder:badges.hours24',
  open24Hours: 'finder:status.open24h',
  closedToday: 'finder:status.closedToday',
  closesAt: 'finder:status.closesAt',
  opensAt: 'finder:status.opensAt',
  opensTomorrowAt: 'finder:status.opensTomorrowAt',
  opensTomorrow: 'finder:status.opensTomorrow',
  hoursNotAvailable: 'finder:status.hoursNotAvailable',
  callAhead: 'finder:status.callAhead',
  hoursMayVary: 'finder:status.hoursMayVary',
  badgeHoursUnknown: 'finder:badges.hoursUnknown',
  lastWash: 'finder:status.lastWash',
} as const;

export type BadgeTone = 'open' | 'closed' | 'neutral';
export interface OpenBadge {
  label: I18nText;
  tone: BadgeTone;
}

const badge = (key: string, tone: BadgeTone): OpenBadge => ({ label: { key }, tone });

/** List card badge, card reading (closing minute closed): OPEN NOW / CLOSED / 24 HRS. */
export function cardBadge(status: CurrentOpenStatus): OpenBadge {
  if (hoursUnknown(status)) return badge(openStatusKeys.badgeHoursUnknown, 'neutral');
  if (status.is24Hours) return badge(openStatusKeys.badge24Hours, 'open');
  return status.isOpenNow
    ? badge(openStatusKeys.badgeOpenNow, 'open')
    : badge(openStatusKeys.badgeClosed, 'closed');
}

/** Map popup badge, card reading: OPEN / CLOSED (24-hour places read OPEN); the tone picks the marker colour. */
export function mapBadge(status: CurrentOpenStatus): OpenBadge {
  if (hoursUnknown(status)) return badge(openStatusKeys.badgeHoursUnknown, 'neutral');
  return status.isOpenNow
    ? badge(openStatusKeys.badgeOpen, 'open')
    : badge(openStatusKeys.badgeClosed, 'closed');
}

/** Favorites card and detail modal badge, inclusive reading: OPEN / CLOSED / 24 HRS. */
export function favoriteBadge(status: CurrentOpenStatus): OpenBadge {
  if (hoursUnknown(status)) return badge(openStatusKeys.badgeHoursUnknown, 'neutral');
  if (status.is24Hours) return badge(openStatusKeys.badge24Hours, 'open');
  return isOpenInclusive(status)
    ? badge(openStatusKeys.badgeOpen, 'open')
    : badge(openStatusKeys.badgeClosed, 'closed');
}

/** The list card's status line (docs/product.md, Behaviour), card reading, times formatted for the locale. */
export function cardStatusText(status: CurrentOpenStatus, locale: string): I18nText {
  const text = status.statusText;
  switch (text.kind) {
    case 'open_24_hours':
      return { key: openStatusKeys.open24Hours };
    case 'closed_today':
      return { key: openStatusKeys.closedToday };
    case 'hours_not_available':
      return { key: openStatusKeys.hoursNotAvailable };
    case 'call_ahead':
      return { key: openStatusKeys.callAhead };
    case 'hours_may_vary':
      return { key: openStatusKeys.hoursMayVary };
    case 'opens_tomorrow':
      return { key: openStatusKeys.opensTomorrow };
    case 'closes_at':
      return { key: openStatusKeys.closesAt, values: { time: formatLocalTime(text.time, locale) } };
    case 'opens_at':
      return { key: openStatusKeys.opensAt, values: { time: formatLocalTime(text.time, locale) } };
    case 'opens_tomorrow_at':
      return { key: openStatusKeys.opensTomorrowAt, values: { time: formatLocalTime(text.time, locale) } };
  }
}

export interface DetailOpenReading {
  badge: OpenBadge;
  today: I18nText;
  /** 'Last wash: 30 min before close', only while open with a closing time today. */
  lastWashNote: I18nText | null;
}

/** Today's closing time as 'HH:MM' when today's hours are a range. */
function todayClosingTime(status: CurrentOpenStatus): string | null {
  const day = parseDayHours(status.todayHours);
  return day?.kind === 'range' ? minutesToClock(day.endMinutes) : null;
}

/**
 * The detail modal's reading (docs/product.md, Pages): 'Opens at X', 'Closes at X', 'Closed • Opens
 * tomorrow', 'Closed today', 'Hours not available', 'Open 24 hours'. Inclusive: at the closing minute it
 * still reads 'Closes at X'. The detail line names no time for tomorrow, unlike the card.
 */
export function detailOpenReading(status: CurrentOpenStatus, locale: string): DetailOpenReading {
  const open = isOpenInclusive(status);
  const closing = todayClosingTime(status);
  // The English text states the 30 minutes (lastWashMinutesBeforeClose); the value is passed for translations.
  const lastWashNote =
    open && closing !== null
      ? { key: openStatusKeys.lastWash, values: { minutes: lastWashMinutesBeforeClose } }
      : null;
  return {
    badge: favoriteBadge(status),
    today: detailTodayText(status, open, closing, locale),
    lastWashNote,
  };
}

function detailTodayText(
  status: CurrentOpenStatus,
  open: boolean,
  closing: string | null,
  locale: string,
): I18nText {
  // Unknown, commented or missing hours read the same as on the card, whatever the time.
  const kind = status.statusText.kind;
  if (kind === 'call_ahead' || kind === 'hours_may_vary' || kind === 'hours_not_available')
    return cardStatusText(status, locale);
  if (status.is24Hours) return { key: openStatusKeys.open24Hours };
  if (open && closing !== null) {
    return { key: openStatusKeys.closesAt, values: { time: formatLocalTime(closing, locale) } };
  }
  const text = status.statusText;
  switch (text.kind) {
    case 'opens_at':
      return { key: openStatusKeys.opensAt, values: { time: formatLocalTime(text.time, locale) } };
    case 'opens_tomorrow':
    case 'opens_tomorrow_at':
      return { key: openStatusKeys.opensTomorrow };
    case 'closed_today':
      return { key: openStatusKeys.closedToday };
    case 'open_24_hours':
      return { key: openStatusKeys.open24Hours };
    case 'closes_at':
      return { key: openStatusKeys.closesAt, values: { time: formatLocalTime(text.time, locale) } };
  }
}
