import { describe, expect, it } from 'vitest';
import {
  dayElapsedIn,
  hourAllowanceSpent,
  hourlyCap,
  maxPace,
  minimumThrottle,
  nextThrottle,
  observeSpend,
} from '../../src/domain/delivery/ad-pacing.ts';
import { inSchedule, pacedBudget, servingDayElapsed } from '../../src/domain/delivery/ad-schedule.ts';

describe('pacing', () => {
  it('when spend is ahead of the even line, then the throttle goes down; behind it, up; at the budget, 0', () => {
    expect(nextThrottle({ throttle: 1, spentToday: 8, dailyBudget: 10, dayElapsed: 0.5 })).toBeLessThan(1);
    expect(nextThrottle({ throttle: 0.2, spentToday: 2, dailyBudget: 10, dayElapsed: 0.5 })).toBeGreaterThan(
      0.2,
    );
    expect(nextThrottle({ throttle: 0.5, spentToday: 10, dailyBudget: 10, dayElapsed: 0.5 })).toBe(0);
    expect(
      nextThrottle({ throttle: minimumThrottle, spentToday: 9.9, dailyBudget: 10, dayElapsed: 0.1 }),
    ).toBe(minimumThrottle);
  });

  it('when the day is read in a time zone, then midnight there starts it; an unknown zone is UTC', () => {
    const now = new Date('2026-11-24T23:00:00Z');
    expect(dayElapsedIn('UTC', now)).toEqual({ day: '2026-11-24', elapsed: 23 / 24 });
    expect(dayElapsedIn('Asia/Tokyo', now)).toEqual({ day: '2026-11-25', elapsed: 8 / 24 });
    expect(dayElapsedIn('Not/AZone', now)).toEqual({ day: '2026-11-24', elapsed: 23 / 24 });
  });
});

describe('pacing by recent spend', () => {
  // Spends $100 a day at full throttle: $1 over a hundredth of the day at throttle 1.
  const hundredADay = observeSpend(undefined, { spent: 1, exposure: 0.01, interval: 0.01 });

  it('when the recent spend rate is known, then the throttle spreads what is left over what is left of the day', () => {
    // $5 left of $10 at midday: a little over $10 a day, a tenth of what full throttle would spend.
    const next = nextThrottle({
      throttle: 0.1,
      spentToday: 5,
      dailyBudget: 10,
      dayElapsed: 0.5,
      rate: hundredADay,
    });
    expect(next).toBeCloseTo(5 / (0.5 - 1 / 96) / 100, 3);
  });

  it('when a campaign is far behind after a quiet night, then it is asked for at most maxPace times its even rate', () => {
    const next = nextThrottle({
      throttle: 0.2,
      spentToday: 1,
      dailyBudget: 24,
      dayElapsed: 0.3,
      rate: hundredADay,
    });
    expect(next).toBeCloseTo((maxPace * 24) / 100, 3);
  });

  it('when the estimate jumps, then one round moves the throttle by at most a factor of two', () => {
    expect(
      nextThrottle({ throttle: 0.1, spentToday: 1, dailyBudget: 100, dayElapsed: 0.3, rate: hundredADay }),
    ).toBe(0.2);
    const fast = observeSpend(undefined, { spent: 100, exposure: 0.01, interval: 0.01 });
    expect(nextThrottle({ throttle: 0.4, spentToday: 3, dailyBudget: 10, dayElapsed: 0.3, rate: fast })).toBe(
      0.2,
    );
  });

  it('when spend is observed, then older rounds fade within minutes and the rate is spend per unit of throttle', () => {
    const old = observeSpend(undefined, { spent: 50, exposure: 0.01, interval: 0.01 });
    const later = observeSpend(old, { spent: 1, exposure: 0.05, interval: 0.1 });
    expect(later.spent / later.exposure).toBeCloseTo(1 / 0.05, 0);
  });

  it('when an hour has spent hourlyCap times its even share, then the campaign sits the hour out', () => {
    expect(hourAllowanceSpent((hourlyCap * 24) / 24, 24)).toBe(true);
    expect(hourAllowanceSpent(1.3, 24)).toBe(false);
  });

  it('when a day of uneven demand is paced minute by minute, then the budget is spent within 2 % and no hour gets 1.5× its share', () => {
    // Requests worth $30 a day at full throttle on average, ten times more at midday than at night;
    // the campaign wins what it enters, so its spend is its throttle times the demand of the minute.
    const dailyBudget = 10;
    const demandAt = (minute: number) =>
      30 * (1 + 0.8 * Math.sin(((minute / 1440) * 24 - 9) * (Math.PI / 12)));
    let spent = 0;
    let throttle = 1;
    let entered = 1;
    let rate: ReturnType<typeof observeSpend> | undefined;
    let lastSpent = 0;
    let hourStart = 0;
    const hours = new Array<number>(24).fill(0);
    for (let minute = 0; minute < 1440; minute++) {
      const interval = 1 / 1440;
      if (minute > 0)
        rate = observeSpend(rate, { spent: spent - lastSpent, exposure: entered * interval, interval });
      if (minute % 60 === 0) hourStart = spent;
      lastSpent = spent;
      throttle = nextThrottle({ throttle, spentToday: spent, dailyBudget, dayElapsed: minute / 1440, rate });
      entered = hourAllowanceSpent(spent - hourStart, dailyBudget) ? 0 : throttle;
      const spend = Math.min(dailyBudget - spent, (entered * demandAt(minute)) / 1440);
      spent += spend;
      hours[Math.floor(minute / 60)]! += spend;
    }
    expect(spent).toBeGreaterThanOrEqual(dailyBudget * 0.98);
    expect(spent).toBeLessThanOrEqual(dailyBudget);
    expect(Math.max(...hours) / (dailyBudget / 24)).toBeLessThanOrEqual(1.5);
  });
});

describe('a weekly schedule', () => {
  // Weekdays nine to five in Paris (UTC+1 in winter, UTC+2 in summer).
  const weekdays = { timeZone: 'Europe/Paris', days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 };

  it("when it is a scheduled hour of a scheduled day in the campaign's zone, then it serves; else not", () => {
    // Monday 2026-11-30, 08:30 UTC is 09:30 in Paris.
    expect(inSchedule(weekdays, 'Europe/Paris', new Date('2026-11-30T08:30:00Z'))).toBe(true);
    // 07:59 UTC is 08:59 in Paris: before nine.
    expect(inSchedule(weekdays, 'Europe/Paris', new Date('2026-11-30T07:59:00Z'))).toBe(false);
    // 16:00 UTC is 17:00 in Paris: the end hour is not included.
    expect(inSchedule(weekdays, 'Europe/Paris', new Date('2026-11-30T16:00:00Z'))).toBe(false);
    // Saturday at noon.
    expect(inSchedule(weekdays, 'Europe/Paris', new Date('2026-11-28T11:00:00Z'))).toBe(false);
    // Sunday 23:30 UTC is already Monday 00:30 in Paris, still before nine; no schedule always serves.
    expect(inSchedule(weekdays, 'Europe/Paris', new Date('2026-11-29T23:30:00Z'))).toBe(false);
    expect(inSchedule(null, 'UTC', new Date('2026-11-28T03:00:00Z'))).toBe(true);
  });

  it('when pacing plans the day, then the budget is spread over the serving hours only', () => {
    // Half of the eight hours have passed at 13:00 Paris time (12:00 UTC).
    expect(servingDayElapsed(weekdays, 'Europe/Paris', new Date('2026-11-30T12:00:00Z'))).toBeCloseTo(0.5, 6);
    expect(servingDayElapsed(weekdays, 'Europe/Paris', new Date('2026-11-30T06:00:00Z'))).toBe(0);
    expect(servingDayElapsed(weekdays, 'Europe/Paris', new Date('2026-11-30T20:00:00Z'))).toBe(1);
    // Eight hours a day: paced as three times the budget while it serves, so the real budget lasts eight hours.
    expect(pacedBudget(10, weekdays)).toBe(30);
    expect(hourAllowanceSpent(3 * hourlyCap * (10 / 24) - 0.01, pacedBudget(10, weekdays))).toBe(false);
    expect(hourAllowanceSpent((hourlyCap * 10) / 8, pacedBudget(10, weekdays))).toBe(true);
    expect(pacedBudget(10, null)).toBe(10);
  });
});
