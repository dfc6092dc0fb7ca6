import {
  createFeedKeyRequestSchema,
  feedHealthyMinutes,
  feedKeyRotationOverlapMinutes,
  type OwnerFeedKey,
  type OwnerFeedKeyList,
  type OwnerOutOfOrder,
} from '@laundry/contracts';
import { ns, type I18nText } from './i18n-text.ts';

/**
 * 'Machines and live availability' (/advertiser/laundromats/:id/machines) as data: the feed's state and
 * each key's, in words with their times; the label a new key is asked for, checked by the contract's own
 * schema; the how-to a new key is shown with (docs/machine-feeds.md); and what visitors say is broken.
 */

export { feedHealthyMinutes, feedKeyRotationOverlapMinutes };

/** The endpoint a laundromat's system posts its machines to, with the key as a bearer token. */
export const machineFeedPath = '/api/feeds/machines';

/** A date with its time of day, in the reader's locale and the browser's own zone ('Nov 29, 2026, 8:05 AM'). */
export function formatInstant(iso: string, locale: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

export type FeedTone = 'neutral' | 'open' | 'danger';

/** The feed as a whole: its badge and the sentence under it, with the last message's time when there is one. */
export function feedSummary(
  list: Pick<OwnerFeedKeyList, 'feed' | 'lastMessageAt'>,
  locale: string,
): { tone: FeedTone; label: I18nText; text: I18nText } {
  const last = list.lastMessageAt ? formatInstant(list.lastMessageAt, locale) : '';
  switch (list.feed) {
    case 'healthy':
      return {
        tone: 'open',
        label: { key: ns('machines.feed.healthy') },
        text: { key: ns('machines.feed.healthyText'), values: { time: last } },
      };
    case 'stale':
      return {
        tone: 'danger',
        label: { key: ns('machines.feed.stale') },
        text: { key: ns('machines.feed.staleText'), values: { time: last, minutes: feedHealthyMinutes } },
      };
    default:
      return {
        tone: 'neutral',
        label: { key: ns('machines.feed.none') },
        text: { key: ns('machines.feed.noneText') },
      };
  }
}

export type KeyState = 'receiving' | 'silent' | 'unused' | 'ending' | 'revoked';

/**
 * A key's state: revoked (refused now), ending (rotated: it works until its end, within the hour), else by
 * its messages: receiving (heard within 15 minutes), silent (heard before) or unused (never heard).
 */
export function keyState(
  key: Pick<OwnerFeedKey, 'active' | 'revokedAt' | 'lastMessageAt' | 'healthy'>,
): KeyState {
  if (!key.active) return 'revoked';
  if (key.revokedAt !== null) return 'ending';
  if (key.healthy) return 'receiving';
  return key.lastMessageAt ? 'silent' : 'unused';
}

/** The state's words, its badge's tone, and which actions it allows (a rotated key may still be revoked). */
export function keyStatus(
  key: Pick<OwnerFeedKey, 'active' | 'revokedAt' | 'lastMessageAt' | 'healthy'>,
  locale: string,
): { state: KeyState; tone: FeedTone | 'outline'; text: I18nText; canRotate: boolean; canRevoke: boolean } {
  const state = keyState(key);
  const at = key.revokedAt ? formatInstant(key.revokedAt, locale) : '';
  const text: I18nText =
    state === 'ending' || state === 'revoked'
      ? { key: ns(`machines.keyState.${state}`), values: { time: at } }
      : { key: ns(`machines.keyState.${state}`) };
  const tone = state === 'receiving' ? 'open' : state === 'revoked' ? 'outline' : 'neutral';
  return { state, tone, text, canRotate: key.active && key.revokedAt === null, canRevoke: key.active };
}

/** A key's name in the table and the dialogs: its label, or 'Key of <date>' when it has none. */
export function keyName(key: Pick<OwnerFeedKey, 'label' | 'createdAt'>, locale: string): I18nText {
  const label = key.label?.trim();
  if (label) return { key: ns('machines.keyLabel'), values: { label } };
  return { key: ns('machines.keyUnnamed'), values: { date: formatInstant(key.createdAt, locale) } };
}

/** As long as a key's label may be (the contract's limit). */
export const feedKeyLabelMax = 100;

/** The create request's body from the label field: no label when it is blank; a message when too long. */
export function createKeyRequest(
  label: string,
): { ok: true; body: { label?: string } } | { ok: false; error: I18nText } {
  const trimmed = label.trim();
  const parsed = createFeedKeyRequestSchema.safeParse(trimmed ? { label: trimmed } : {});
  if (!parsed.success)
    return {
      ok: false,
      error: { key: ns('machines.create.labelTooLong'), values: { max: feedKeyLabelMax } },
    };
  return { ok: true, body: parsed.data.label ? { label: parsed.data.label } : {} };
}

/** The example request for the how-to: the endpoint at this site, the key as a bearer token, one machine. */
export function machineFeedExample(origin: string, key: string): string {
  const body = JSON.stringify({
    machines: [{ machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' }],
  });
  return [
    `curl -X POST ${origin}${machineFeedPath} \\`,
    `  -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/** What visitors last reported broken, as the counts the page lists; null when nothing is. */
export function outOfOrderRows(
  report: OwnerOutOfOrder | undefined,
  locale: string,
): { washers: number; dryers: number; when: I18nText } | null {
  const current = report?.current;
  if (!current || current.washers + current.dryers === 0) return null;
  return {
    washers: current.washers,
    dryers: current.dryers,
    when: {
      key: ns('machines.outOfOrder.reportedAt'),
      values: { time: formatInstant(current.reportedAt, locale) },
    },
  };
}
