import { weekdays, type Weekday } from '@laundry/contracts';

/**
 * The opening ranges of each weekday, read from an OpenStreetMap `opening_hours` value of the plain weekly
 * form ('Mo-Fr 08:00-12:00,14:00-19:00; Sa 18:00-02:00; Su off'), for the weekly table to show a lunch
 * break as two ranges and a night past midnight as one ('18:00-02:00'), where the derived `hours` object
 * holds one span a day cut at midnight. Rules for public holidays, school holidays or dates that follow the
 * week ('; PH off; Dec 25 off', as the owner's editor writes them) are exceptions to it: the week is still
 * read, and `exceptions` says there are some. Anything else richer (months, weeks, sun times, comments) is
 * null: the table then shows the derived hours. The open status is the server's reading of the whole value
 * with the OSM library either way.
 */

const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const DAY = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const DAY_SELECTOR = new RegExp(`^(${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)*)\\s+(.+)$`);
const RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;
/** A rule for holidays or for dates of the year ('PH off', 'SH 10:00-14:00', 'Dec 24 08:00-12:00'). */
const EXCEPTION = /^(?:PH|SH|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2})\b/;
/** ', Sa 18:00-02:00': an additional rule, which adds to the days it names rather than replacing them. */
const ADDITIONAL = new RegExp(`(?<=\\d|off|closed),\\s*(?=${DAY}(?:[-,\\s]))`);

function selectedDays(selector: string): Weekday[] {
  const days = new Set<Weekday>();
  for (const part of selector.split(',')) {
    const [from, to = from] = part.split('-') as [string, string?];
    const start = OSM_DAYS.indexOf(from as (typeof OSM_DAYS)[number]);
    const end = OSM_DAYS.indexOf(to as (typeof OSM_DAYS)[number]);
    // 'Fr-Mo' wraps over the weekend.
    for (let i = start; ; i = (i + 1) % 7) {
      days.add(weekdays[i] as Weekday);
      if (i === end) break;
    }
  }
  return [...days];
}

function readRanges(text: string): string[] | null {
  if (text === 'off' || text === 'closed') return [];
  const ranges: string[] = [];
  for (const range of text.split(',')) {
    const match = RANGE.exec(range.trim());
    if (!match) return null;
    const [, h1 = '', m1 = '', h2 = '', m2 = ''] = match;
    ranges.push(`${h1.padStart(2, '0')}:${m1}-${h2.padStart(2, '0')}:${m2}`);
  }
  return ranges;
}

export type WeeklyRanges = Record<Weekday, string[]> & { exceptions?: true };

export function weeklyRanges(value: string | null | undefined): WeeklyRanges | null {
  if (!value?.trim()) return null;
  const week: WeeklyRanges = Object.fromEntries(
    weekdays.map((day) => [day, [] as string[]]),
  ) as unknown as WeeklyRanges;
  if (value.trim() === '24/7') {
    for (const day of weekdays) week[day] = ['00:00-24:00'];
    return week;
  }
  const rules = value
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean);
  let inExceptions = false;
  for (const rule of rules) {
    // Exceptions come after the week; a weekly rule after one is more than this table can say.
    if (EXCEPTION.test(rule)) {
      inExceptions = true;
      week.exceptions = true;
      continue;
    }
    if (inExceptions) return null;
    let replace = true;
    for (const part of rule.split(ADDITIONAL)) {
      const selected = DAY_SELECTOR.exec(part.trim());
      const days = selected ? selectedDays(selected[1] as string) : [...weekdays];
      const ranges = readRanges(selected ? (selected[2] as string).trim() : part.trim());
      if (!ranges) return null;
      // A later rule replaces what an earlier one said of its days, as in OpenStreetMap; an additional one adds.
      for (const day of days) week[day] = replace ? ranges : [...week[day], ...ranges];
      replace = false;
    }
  }
  return week;
}

/** Whether some day opens more than once (a lunch break), which the one-span-a-day table cannot show. */
export function hasSplitDay(week: Record<Weekday, string[]> | null): week is Record<Weekday, string[]> {
  return week !== null && weekdays.some((day) => week[day].length > 1);
}
