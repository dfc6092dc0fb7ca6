import { weekdays, type Weekday } from '@laundry/contracts';

/**
 * The add form's weekly hours editor, as data: each day closed, or open in one or more ranges (a range
 * whose end is before its start runs past midnight), or the whole week round the clock. It writes the
 * OpenStreetMap `opening_hours` value the directory checks with the OSM library.
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
