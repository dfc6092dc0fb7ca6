import { z } from 'zod';
import { parseDayHours, weekdays } from './day-hours.ts';

export { parseDayHours, weekdays, type DayHours, type Weekday } from './day-hours.ts';

export const dayHoursSchema = z
  .string({ error: "Hours must be text like '9:00-21:00', '24/7' or 'closed'" })
  .trim()
  .refine((v) => parseDayHours(v) !== null, {
    error: "Hours must be 'HH:MM-HH:MM' with the end after the start, '24/7', '0:00-24:00' or 'closed'",
  });

/** Opening hours keyed by lowercase English weekday name; a missing day means closed. Unknown keys are rejected. */
export const hoursSchema = z.strictObject(
  {
    monday: dayHoursSchema.optional(),
    tuesday: dayHoursSchema.optional(),
    wednesday: dayHoursSchema.optional(),
    thursday: dayHoursSchema.optional(),
    friday: dayHoursSchema.optional(),
    saturday: dayHoursSchema.optional(),
    sunday: dayHoursSchema.optional(),
  },
  { error: `Hours must be an object keyed by weekday (${weekdays.join(', ')})` },
);
export type Hours = z.infer<typeof hoursSchema>;
