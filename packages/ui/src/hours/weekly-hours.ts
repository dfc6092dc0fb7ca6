/** The week as the contracts name it; here so this package needs nothing of theirs. */
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

/**
 * The add form's weekly hours editor, as data: each day closed, or open in one or more ranges (a range
 * whose end is before its start runs past midnight), or the whole week round the clock. It writes the
 * OpenStreetMap `opening_hours` value the directory checks with the OSM library. Shared by the finder's add
 * form and the business portal's listing editor, which adds special days (holidays, dates) after the week.
 */

export interface TimeRange {
  /** 'HH:MM' as an <input type="time"> gives it; '' while not filled. */
  from: string;
  to: string;
}

export interface DayPlan {
  closed: boolean;
  ranges: TimeRange[];
}

export interface WeeklyHours {
  allDayEveryDay: boolean;
  days: Record<Weekday, DayPlan>;
}

const osmDay: Record<Weekday, string> = {
  monday: 'Mo',
  tuesday: 'Tu',
  wednesday: 'We',
  thursday: 'Th',
  friday: 'Fr',
  saturday: 'Sa',
  sunday: 'Su',
};

export const emptyRange = (): TimeRange => ({ from: '', to: '' });

export function initialWeeklyHours(): WeeklyHours {
  return {
    allDayEveryDay: false,
    days: Object.fromEntries(
      weekdays.map((day) => [day, { closed: false, ranges: [emptyRange()] }]),
    ) as Record<Weekday, DayPlan>,
  };
}

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A range both ends of which are filled with a clock time; an end of 00:00 is midnight (00:00 to 00:00 the whole day). */
export function isCompleteRange(range: TimeRange): boolean {
  if (!timePattern.test(range.from) || !timePattern.test(range.to)) return false;
  return range.from !== range.to || range.to === '00:00';
}

/** Past midnight: the end is on the next day's clock ('22:00' to '02:00'). */
export const endsNextDay = (range: TimeRange) =>
  isCompleteRange(range) && range.to !== '00:00' && range.to < range.from;

/** One day as OSM writes it: 'off', '08:00-12:00,14:00-01:00', or null when nothing is known of it. */
function daySpec(plan: DayPlan): string | null {
  if (plan.closed) return 'off';
  const ranges = plan.ranges.filter(isCompleteRange);
  if (ranges.length === 0) return null;
  return [...ranges]
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((range) => `${range.from}-${range.to === '00:00' ? '24:00' : range.to}`)
    .join(',');
}

/** Consecutive days with the same hours, as a run of week days. */
export interface DayGroup {
  first: Weekday;
  last: Weekday;
  spec: string | null;
}

export function dayGroups(hours: WeeklyHours): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const day of weekdays) {
    const spec = daySpec(hours.days[day]);
    const previous = groups.at(-1);
    if (previous && previous.spec === spec) previous.last = day;
    else groups.push({ first: day, last: day, spec });
  }
  return groups;
}

/** Whether a day's written hours run past its midnight ('18:00-02:00'). */
const spills = (spec: string) =>
  spec !== 'off' &&
  spec.split(',').some((range) => {
    const [from, to] = range.split('-') as [string, string];
    return to !== '24:00' && to < from;
  });

/**
 * The `opening_hours` value: '24/7', or 'Mo-Fr 08:00-20:00; Sa 09:00-13:00; Su off'. Days left empty are
 * left out (unknown, not closed); an empty week is ''.
 *
 * In OSM each rule written after another replaces the whole of its days, the hours the day before ran
 * into them included: 'Sa 18:00-02:00; Su off' is closed at 01:00 on Sunday. So when a day runs past
 * midnight, the closed days come first and the open days follow as additional rules (', '), which add to
 * each other instead; the day sets never overlap, so nothing else changes.
 */
export function toOpeningHours(hours: WeeklyHours): string {
  if (hours.allDayEveryDay) return '24/7';
  const rules = dayGroups(hours)
    .filter((group): group is DayGroup & { spec: string } => group.spec !== null)
    .map(({ first, last, spec }) => ({
      spec,
      text: `${first === last ? osmDay[first] : `${osmDay[first]}-${osmDay[last]}`} ${spec}`,
    }));
  if (!rules.some((rule) => spills(rule.spec))) return rules.map((rule) => rule.text).join('; ');
  const closed = rules.filter((rule) => rule.spec === 'off').map((rule) => rule.text);
  const open = rules.filter((rule) => rule.spec !== 'off').map((rule) => rule.text);
  return [...closed, open.join(', ')].join('; ');
}

/** A range started but not finished: the editor says so rather than dropping it silently. */
export function incompleteDays(hours: WeeklyHours): Weekday[] {
  if (hours.allDayEveryDay) return [];
  return weekdays.filter((day) => {
    const plan = hours.days[day];
    return (
      !plan.closed &&
      plan.ranges.some((range) => (range.from !== '' || range.to !== '') && !isCompleteRange(range))
    );
  });
}

/** Copies one day's hours onto the given days (Monday's onto the working week, say). */
export function copyDay(hours: WeeklyHours, from: Weekday, to: readonly Weekday[]): WeeklyHours {
  const source = hours.days[from];
  const days = { ...hours.days };
  for (const day of to)
    days[day] = { closed: source.closed, ranges: source.ranges.map((range) => ({ ...range })) };
  return { ...hours, days };
}

/**
 * A special day: public holidays ('PH') or a date that comes back every year ('12-25'), closed or open in
 * its own ranges. Written after the week, each replaces the week's hours on its day.
 */
export interface SpecialDay {
  /** 'PH', or the month and day as 'MM-DD'. */
  when: string;
  closed: boolean;
  ranges: TimeRange[];
}

export const osmMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'MM-DD' of a real day of the year (29 February included), else null. */
export function monthDayOf(when: string): { month: number; day: number } | null {
  const match = /^(\d{2})-(\d{2})$/.exec(when);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth[month - 1]!) return null;
  return { month, day };
}

const monthDayText = (month: number, day: number) =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 'PH off', 'Dec 25 off', 'Dec 24 08:00-14:00'; null while the day or its hours are not filled in. */
export function specialRule(special: SpecialDay): string | null {
  let selector: string;
  if (special.when === 'PH') selector = 'PH';
  else {
    const date = monthDayOf(special.when);
    if (!date) return null;
    selector = `${osmMonths[date.month - 1]} ${date.day}`;
  }
  const spec = daySpec(special);
  return spec === null ? null : `${selector} ${spec}`;
}

/** The special days one of whose ranges (or whose date) is started but not finished. */
export function incompleteSpecials(specials: readonly SpecialDay[]): number[] {
  return specials.flatMap((special, index) => (specialRule(special) === null ? [index] : []));
}

/**
 * The week's value followed by the special days' rules ('Mo-Fr 08:00-20:00; PH off; Dec 25 off'). OSM
 * reads later rules over earlier ones, so a special day replaces whatever the week says of that day.
 * Unfinished special days are left out (the editor says so). An empty result is ''.
 */
export function toOpeningHoursWithSpecials(hours: WeeklyHours, specials: readonly SpecialDay[]): string {
  const rules = specials.map(specialRule).filter((rule): rule is string => rule !== null);
  return [toOpeningHours(hours), ...rules].filter((part) => part !== '').join('; ');
}

const dayCode = Object.fromEntries(weekdays.map((day) => [osmDay[day], day])) as Record<string, Weekday>;
const osmDayPattern = '(?:Mo|Tu|We|Th|Fr|Sa|Su)';
const rangePattern = '\\d{2}:\\d{2}-\\d{2}:\\d{2}';
const specPattern = `(off|closed|${rangePattern}(?:,${rangePattern})*)`;

/** 'Mo-Fr', 'Sa,Su', 'Fr-Mo' (round the weekend) as the days they name. */
function daysOf(selector: string): Weekday[] | null {
  const days: Weekday[] = [];
  for (const part of selector.split(',')) {
    const [first, last] = part.split('-');
    const from = first === undefined ? -1 : weekdays.indexOf(dayCode[first]!);
    const to = last === undefined ? from : weekdays.indexOf(dayCode[last]!);
    if (from < 0 || to < 0) return null;
    for (let i = from; ; i = (i + 1) % 7) {
      days.push(weekdays[i]!);
      if (i === to) break;
    }
  }
  return days;
}

/** '08:00-02:00,…' as ranges: an end of 24:00 is midnight, one past 24:00 ('26:00') the next day's clock. */
function rangesOf(spec: string): DayPlan | null {
  if (spec === 'off' || spec === 'closed') return { closed: true, ranges: [emptyRange()] };
  const ranges: TimeRange[] = [];
  for (const text of spec.split(',')) {
    const [from, to] = text.split('-') as [string, string];
    const [toHours, toMinutes] = to.split(':').map(Number) as [number, number];
    if (!timePattern.test(from) || toHours > 47 || toMinutes > 59) return null;
    const end = `${String(toHours % 24).padStart(2, '0')}:${String(toMinutes).padStart(2, '0')}`;
    ranges.push({ from, to: end });
  }
  return { closed: false, ranges };
}

export interface EditableHours {
  hours: WeeklyHours;
  specials: SpecialDay[];
}

/**
 * An `opening_hours` value read back into the editor: the plain forms the editor writes and most shops
 * use (days with ranges or off, '24/7', 'PH off', 'Dec 25 10:00-14:00'). Anything richer (weeks, months,
 * sunrise, comments) is null: the editor then keeps the value as text rather than lose part of it.
 */
export function fromOpeningHours(value: string | null | undefined): EditableHours | null {
  const hours = initialWeeklyHours();
  const specials: SpecialDay[] = [];
  const text = value?.trim() ?? '';
  if (text === '') return { hours, specials };
  const touched = new Set<Weekday>();
  const ruleStart = `(?=${osmDayPattern}|PH|${osmMonths.join('|')}|24/7)`;
  for (const [index, normal] of text.split(/\s*;\s*/).entries()) {
    for (const [part, rule] of normal.split(new RegExp(`\\s*,\\s+${ruleStart}`)).entries()) {
      const additional = part > 0;
      if (rule === '24/7') {
        if (index > 0 || additional) return null;
        hours.allDayEveryDay = true;
        continue;
      }
      const holiday = new RegExp(`^PH ${specPattern}$`).exec(rule);
      const date = new RegExp(`^(${osmMonths.join('|')}) (\\d{1,2}) ${specPattern}$`).exec(rule);
      if (holiday || date) {
        const plan = rangesOf((holiday ?? date)![holiday ? 1 : 3]!);
        const when = holiday
          ? 'PH'
          : monthDayText(osmMonths.indexOf(date![1] as never) + 1, Number(date![2]));
        if (!plan || additional || (!holiday && !monthDayOf(when))) return null;
        specials.push({ when, ...plan });
        continue;
      }
      const weekly = new RegExp(
        `^(${osmDayPattern}(?:-${osmDayPattern})?(?:,${osmDayPattern}(?:-${osmDayPattern})?)*) ${specPattern}$`,
      ).exec(rule);
      const days = weekly ? daysOf(weekly[1]!) : null;
      const plan = weekly ? rangesOf(weekly[2]!) : null;
      // A weekly rule after a special day or beside 24/7 would change what those mean: not the editor's.
      if (!days || !plan || specials.length > 0 || hours.allDayEveryDay) return null;
      for (const day of days) {
        const current = hours.days[day];
        const ranges = plan.ranges.map((range) => ({ ...range }));
        hours.days[day] =
          additional && touched.has(day) && !current.closed && !plan.closed
            ? { closed: false, ranges: [...current.ranges, ...ranges] }
            : { closed: plan.closed, ranges };
        touched.add(day);
      }
    }
  }
  return { hours, specials };
}
