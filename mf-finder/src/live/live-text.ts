import { availabilityLimits, type LiveState, type LiveSummary } from '@laundry/contracts';
import type { I18nText } from '../domain/i18n-text.ts';

/** Minutes since an ISO time, never negative (a clock a little ahead must not say 'in 1 min'). */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

/** 'just now' / '7 min ago' / '2 h ago' / 'yesterday' — the age of a report or a feed. */
export function agoText(minutes: number): I18nText {
  if (minutes < 1) return { key: 'finder:live.justNow' };
  if (minutes < 60) return { key: 'finder:live.minutesAgo', values: { count: minutes } };
  if (minutes < 24 * 60) return { key: 'finder:live.hoursAgo', values: { count: Math.floor(minutes / 60) } };
  return { key: 'finder:live.daysAgo', values: { count: Math.floor(minutes / (24 * 60)) } };
}

/**
 * The headline counts, '3 of 12 washers free' and '1 of 6 dryers free'; a kind whose counts are unknown is
 * left out rather than guessed.
 */
export function countsTexts(
  state: Pick<LiveSummary, 'washersFree' | 'washersTotal' | 'dryersFree' | 'dryersTotal'>,
): I18nText[] {
  const parts: I18nText[] = [];
  if (state.washersFree !== null && state.washersTotal !== null)
    parts.push({
      key: 'finder:live.washersFreeOf',
      values: { count: state.washersFree, total: state.washersTotal },
    });
  else if (state.washersFree !== null)
    parts.push({ key: 'finder:live.washersFree', values: { count: state.washersFree } });
  if (state.dryersFree !== null && state.dryersTotal !== null)
    parts.push({
      key: 'finder:live.dryersFreeOf',
      values: { count: state.dryersFree, total: state.dryersTotal },
    });
  else if (state.dryersFree !== null)
    parts.push({ key: 'finder:live.dryersFree', values: { count: state.dryersFree } });
  return parts;
}

/** The honest word for how sure the state is, with what it stands on. */
export function confidenceText(state: LiveState): I18nText {
  if (state.source === 'machines') return { key: 'finder:live.confidence.machines' };
  return {
    key: `finder:live.confidence.${state.confidenceLevel}`,
    values: { count: state.reportCount },
  };
}

/** The compact card/marker badge: '3/12 free · 7 min', or 'Full · 7 min' when no washer is free. */
export function badgeParts(
  live: LiveSummary,
  now: number,
): { tone: 'open' | 'closed'; text: I18nText; age: number } | null {
  if (live.washersFree === null) return null;
  const age = minutesSince(live.updatedAt, now);
  // A summary older than a report's whole life is no longer live, whatever the list still carries.
  if (live.source === 'visitors' && age > availabilityLimits.reportExpiryMinutes) return null;
  if (live.washersFree === 0) return { tone: 'closed', text: { key: 'finder:live.badgeFull' }, age };
  return {
    tone: 'open',
    text:
      live.washersTotal !== null
        ? { key: 'finder:live.badgeFreeOf', values: { count: live.washersFree, total: live.washersTotal } }
        : { key: 'finder:live.badgeFree', values: { count: live.washersFree } },
    age,
  };
}
