import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json' with { type: 'json' };
import { createAvailabilityReportRequestSchema } from '@laundry/contracts';
import { checkReport, initialReportValues } from '../../src/live/report-form.ts';
import { agoText, badgeParts, countsTexts } from '../../src/live/live-text.ts';

const blank = initialReportValues({ washers: 12, dryers: null });

describe("'I'm here' counts form", () => {
  it('given free of total washers, when checked, then it sends what the service accepts', () => {
    const check = checkReport({ ...blank, washersFree: '3', waitMinutes: '5', note: ' busy ' });
    expect(check).toEqual({
      ok: true,
      request: { kind: 'counts', washers: { free: 3, total: 12 }, waitMinutes: 5, note: 'busy' },
    });
    if (check.ok) expect(createAvailabilityReportRequestSchema.safeParse(check.request).success).toBe(true);
  });

  it('given more free than in total, when checked, then the free field says so and nothing is sent', () => {
    expect(checkReport({ ...blank, washersFree: '13' })).toEqual({
      ok: false,
      errors: { washersFree: 'live.form.errors.freeOverTotal' },
    });
  });

  it('given a negative, a fraction or more than 200, when checked, then each field names its slip', () => {
    const check = checkReport({ ...blank, washersFree: '-1', dryersFree: '1.5', dryersTotal: '201' });
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.errors).toMatchObject({
        washersFree: 'live.form.errors.whole',
        dryersFree: 'live.form.errors.whole',
        dryersTotal: 'live.form.errors.tooMany',
      });
  });

  it('given only the filled-in totals, when checked, then the kind left blank is not reported', () => {
    const check = checkReport({ ...initialReportValues({ washers: 12, dryers: 6 }), washersFree: '2' });
    expect(check).toEqual({ ok: true, request: { kind: 'counts', washers: { free: 2, total: 12 } } });
  });

  it('given no counts at all, when checked, then it asks for them', () => {
    expect(checkReport(initialReportValues({ washers: null, dryers: null }))).toEqual({
      ok: false,
      errors: { washersFree: 'live.form.errors.needCounts' },
    });
  });

  it('given more out of order than in total, when checked, then it is refused', () => {
    const check = checkReport({ ...blank, washersFree: '1', outOfOrderWashers: '13' });
    expect(check.ok).toBe(false);
  });
});

describe('live state wording', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const summary = {
    washersFree: 3,
    washersTotal: 12,
    dryersFree: null,
    dryersTotal: null,
    updatedAt: '2026-11-28T11:53:00Z',
    source: 'visitors' as const,
  };

  it("given 3 of 12 washers free 7 minutes ago, then the card reads '3/12 free' and leaves dryers out", () => {
    expect(badgeParts(summary, now)).toEqual({
      tone: 'open',
      text: { key: 'finder:live.badgeFreeOf', values: { count: 3, total: 12 } },
      age: 7,
    });
    expect(countsTexts(summary)).toEqual([
      { key: 'finder:live.washersFreeOf', values: { count: 3, total: 12 } },
    ]);
    expect(agoText(7)).toEqual({ key: 'finder:live.minutesAgo', values: { count: 7 } });
  });

  it('given no washer free, then the badge says full; given a visitor summary past a report life, nothing', () => {
    expect(badgeParts({ ...summary, washersFree: 0 }, now)?.text.key).toBe('finder:live.badgeFull');
    expect(badgeParts({ ...summary, updatedAt: '2026-11-28T11:00:00Z' }, now)).toBeNull();
  });

  it('every key the wording uses is in English', () => {
    const finder = (en as { finder: { live: Record<string, unknown> } }).finder.live;
    for (const key of ['badgeFreeOf', 'badgeFull', 'washersFreeOf', 'minutesAgo', 'justNow', 'hoursAgo'])
      expect(finder[key] ?? finder[`${key}_one`] ?? finder[`${key}_other`]).toBeTruthy();
  });
});
