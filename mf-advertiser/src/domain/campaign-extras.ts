import {
  campaignMoneyRules,
  maxCreatives,
  noScheduleDaysMessage,
  noScheduleHoursMessage,
  tooManyCreativesMessage,
  type BillingCurrency,
  type Campaign,
  type CampaignSchedule,
} from '@laundry/contracts';
import { decimalToE4, e4ToDollars } from '@laundry/contracts/money';
import { ns, type I18nText } from './i18n-text.ts';
import type { FieldErrors } from './validation-messages.ts';

export { maxCreatives };

/** One further creative as its inputs hold it; `id` names one the campaign already has. */
export interface CreativeFormValues {
  id?: string;
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
}

export const emptyCreative = (): CreativeFormValues => ({
  title: '',
  description: '',
  imageUrl: '',
  targetUrl: '',
});

/** The weekly schedule's inputs; `on` false is no schedule (every hour of every day). */
export interface ScheduleFormValues {
  on: boolean;
  days: number[];
  fromHour: number;
  toHour: number;
  timeZone: string;
}

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Weekdays nine to five in the advertiser's own zone, offered once they switch the schedule on. */
export const defaultSchedule = (): ScheduleFormValues => ({
  on: false,
  days: [1, 2, 3, 4, 5],
  fromHour: 9,
  toHour: 17,
  timeZone: browserTimeZone(),
});

/**
 * The hours a week the schedule serves in (the reach estimate scales a day's traffic by them); undefined
 * when the schedule is off, so the estimate counts every hour.
 */
export function weeklyHoursOf(schedule: ScheduleFormValues): number | undefined {
  if (!schedule.on) return undefined;
  return new Set(schedule.days).size * Math.max(0, schedule.toHour - schedule.fromHour);
}

export function scheduleValuesFrom(schedule: CampaignSchedule | null): ScheduleFormValues {
  return schedule ? { on: true, ...schedule, days: [...schedule.days] } : defaultSchedule();
}

export const scheduleRequest = (values: ScheduleFormValues) =>
  values.on
    ? { timeZone: values.timeZone, days: values.days, fromHour: values.fromHour, toHour: values.toHour }
    : null;

export function creativesFrom(campaign: Campaign): CreativeFormValues[] {
  const visible = campaign.pendingChange ?? campaign;
  return visible.creatives.map((creative) => ({
    id: creative.id,
    title: creative.title,
    description: creative.description ?? '',
    imageUrl: creative.imageUrl ?? '',
    targetUrl: creative.targetUrl,
  }));
}

/**
 * The step of a price per thousand impressions in E4: the API takes a price per impression with the
 * currency's decimals for it (four for the dollar, two for the yen), so a thousand of them go in steps of
 * $0.10 or ¥10.
 */
export function perThousandStepE4(currency: BillingCurrency): number {
  return 10 ** (7 - campaignMoneyRules[currency].decimals.costPerImpression);
}

/**
 * The price per thousand impressions as typed, in the exact per-impression amount the API takes. Undefined
 * while it is not such an amount (not a whole number of steps of perThousandStepE4), or is zero.
 */
export function perImpressionOf(perThousand: string, currency: BillingCurrency = 'USD'): number | undefined {
  const text = perThousand.trim();
  if (!/^\d{1,7}(\.\d{1,4})?$/.test(text)) return undefined;
  const e4 = decimalToE4(text);
  if (e4 <= 0 || e4 % perThousandStepE4(currency) !== 0) return undefined;
  return e4ToDollars(e4 / 1000);
}

/** A stored price per impression as the per-thousand text the form shows (0.0025 → '2.5'). */
export function perThousandText(costPerImpression: number | null): string {
  if (costPerImpression === null || costPerImpression <= 0) return '2';
  const e4 = Math.round(costPerImpression * 10_000) * 1000;
  return String(e4ToDollars(e4));
}

/** The field the price per thousand reports under. */
export const cpmField = 'costPerImpression';
/** Why a price per thousand was refused, naming the currency's step ('$0.10', '¥10'). */
export function cpmStepsMessage(currency: BillingCurrency): I18nText {
  const units = e4ToDollars(perThousandStepE4(currency));
  return { key: ns('campaign.cpm.steps'), money: { step: { units, currency } } };
}

/** The contracts' messages about creatives and schedules, in the reader's language. */
const extraKeys: Record<string, string> = {
  [tooManyCreativesMessage]: ns('campaign.creatives.tooMany'),
  [noScheduleDaysMessage]: ns('campaign.weekly.noDays'),
  [noScheduleHoursMessage]: ns('campaign.weekly.noHours'),
  'Unknown time zone': ns('campaign.weekly.unknownZone'),
};

export function withExtraMessages(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, text]) => {
      const message = text?.values?.message;
      const key = typeof message === 'string' ? extraKeys[message] : undefined;
      return [path, key ? { key, values: { max: maxCreatives } } : text];
    }),
  );
}
