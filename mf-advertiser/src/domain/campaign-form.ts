import {
  campaignFormDefaults,
  campaignMoneyRules,
  campaignStatuses,
  createCampaignRequestSchemaFor,
  updateCampaignRequestSchemaFor,
  type BillingCurrency,
  type Campaign,
  type CampaignStatus,
  type CreateCampaignRequest,
  type UpdateCampaignRequest,
} from '@laundry/contracts';
import { fieldErrorsOf, issuePath, type FieldErrors } from './validation-messages.ts';
import {
  cpmField,
  cpmStepsMessage,
  creativesFrom,
  defaultSchedule,
  perImpressionOf,
  perThousandText,
  scheduleRequest,
  scheduleValuesFrom,
  withExtraMessages,
  type CreativeFormValues,
  type ScheduleFormValues,
} from './campaign-extras.ts';

export { campaignStatuses };

/** A point and the radius around it (docs/product.md, Data: targetLatitude, targetLongitude, radiusKm). */
export interface TargetArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** What the inputs hold: numbers as typed (so an empty box stays empty), dates as YYYY-MM-DD or ''. */
export interface CampaignFormValues {
  title: string;
  description: string;
  imageUrl: string;
  targetUrl: string;
  totalBudget: string;
  dailyBudget: string;
  costPerClick: string;
  /** Impressions a day to one viewer, as typed; '' is no cap. */
  frequencyCap: string;
  status: CampaignStatus;
  startDate: string;
  endDate: string;
  targetCountries: string[];
  targetCities: string[];
  area: TargetArea | null;
  /** Up to four creatives besides the campaign's own content. */
  creatives: CreativeFormValues[];
  /** Paid per click, or per thousand impressions (CPM) at `costPerThousand`. */
  pricingModel: 'cpc' | 'cpm';
  costPerThousand: string;
  schedule: ScheduleFormValues;
}

/**
 * The form's defaults (docs/product.md, Constants) in the advertiser's billing currency: total 100, daily 10,
 * cost per click 0.5 in dollars and the like, ¥15,000, ¥1,500 and ¥75 in yen; status draft; no targeting is
 * worldwide.
 */
export function initialCampaignValues(currency: BillingCurrency = 'USD'): CampaignFormValues {
  const { defaults } = campaignMoneyRules[currency];
  return {
    title: '',
    description: '',
    imageUrl: '',
    targetUrl: '',
    totalBudget: String(defaults.totalBudget),
    dailyBudget: String(defaults.dailyBudget),
    costPerClick: String(defaults.costPerClick),
    frequencyCap: '',
    status: campaignFormDefaults.status,
    startDate: '',
    endDate: '',
    targetCountries: [],
    targetCities: [],
    area: null,
    creatives: [],
    pricingModel: 'cpc',
    // Per thousand impressions: $2, or ¥300 (a yen price per impression has at most two decimals, so a
    // price per thousand goes in steps of ¥10).
    costPerThousand: currency === 'JPY' ? '300' : '2',
    schedule: defaultSchedule(),
  };
}

/** The edit page starts from the stored campaign. */
export function campaignValuesFrom(campaign: Campaign): CampaignFormValues {
  const { targetLatitude, targetLongitude, radiusKm } = campaign;
  // What the advertiser last wrote: a change waiting for review, not the approved version still shown.
  const visible = campaign.pendingChange ?? campaign;
  return {
    title: visible.title,
    description: visible.description ?? '',
    imageUrl: visible.imageUrl ?? '',
    targetUrl: visible.targetUrl ?? '',
    totalBudget: String(campaign.totalBudget),
    dailyBudget: String(campaign.dailyBudget),
    costPerClick: String(campaign.costPerClick),
    frequencyCap: campaign.frequencyCap === null ? '' : String(campaign.frequencyCap),
    status: campaign.status === 'ended' ? 'paused' : campaign.status,
    startDate: campaign.startDate?.slice(0, 10) ?? '',
    endDate: campaign.endDate?.slice(0, 10) ?? '',
    targetCountries: [...campaign.targetCountries],
    targetCities: [...campaign.targetCities],
    area:
      targetLatitude !== null && targetLongitude !== null && radiusKm !== null
        ? { latitude: targetLatitude, longitude: targetLongitude, radiusKm }
        : null,
    creatives: creativesFrom(campaign),
    pricingModel: campaign.costPerImpression !== null && campaign.costPerImpression > 0 ? 'cpm' : 'cpc',
    costPerThousand: perThousandText(campaign.costPerImpression),
    schedule: scheduleValuesFrom(campaign.schedule),
  };
}

/**
 * The request body the values describe, before validation: budgets go as typed (the contract reads numeric
 * text, and a blank one fails with its minimum's message), an empty date is no date, no area is no area.
 */
export function toCampaignCandidate(
  values: CampaignFormValues,
  withStatus: boolean,
  currency: BillingCurrency = 'USD',
): Record<string, unknown> {
  const {
    area,
    startDate,
    endDate,
    status,
    frequencyCap,
    creatives,
    pricingModel,
    costPerThousand,
    schedule,
    ...rest
  } = values;
  return {
    ...rest,
    creatives,
    // Per thousand in the form, per impression in the API; per click, no price per impression at all.
    costPerImpression: pricingModel === 'cpm' ? (perImpressionOf(costPerThousand, currency) ?? 0) : undefined,
    schedule: scheduleRequest(schedule),
    // The cap is a JSON number, not numeric text; an empty box is no cap (the edit page sends it every time,
    // so clearing the box removes the cap).
    frequencyCap: frequencyCap.trim() === '' ? undefined : Number(frequencyCap),
    ...(withStatus ? { status } : {}),
    startDate: startDate.trim() === '' ? undefined : startDate,
    endDate: endDate.trim() === '' ? undefined : endDate,
    targetLatitude: area?.latitude,
    targetLongitude: area?.longitude,
    radiusKm: area?.radiusKm,
  };
}

export type CampaignValidation<R> = { ok: true; request: R } | { ok: false; errors: FieldErrors };

type ParseResult<R> =
  | { success: true; data: R }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

function outcome<R>(
  result: ParseResult<R>,
  values: CampaignFormValues,
  currency: BillingCurrency,
): CampaignValidation<R> {
  // A price per thousand the API cannot take exactly (its currency's decimals per impression) is said here.
  const cpmWrong =
    values.pricingModel === 'cpm' && perImpressionOf(values.costPerThousand, currency) === undefined;
  if (result.success && !cpmWrong) return { ok: true, request: result.data };
  const errors = result.success
    ? {}
    : fieldErrorsOf(
        result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
      );
  return {
    ok: false,
    errors: withExtraMessages(cpmWrong ? { ...errors, [cpmField]: cpmStepsMessage(currency) } : errors),
  };
}

/**
 * POST /api/campaigns, checked with the contract the ad service uses (docs/product.md, Validation) for the
 * advertiser's billing currency: its minimums and decimals (whole yen of at least ¥1,500).
 */
export function validateNewCampaign(
  values: CampaignFormValues,
  currency: BillingCurrency = 'USD',
): CampaignValidation<CreateCampaignRequest> {
  return outcome(
    createCampaignRequestSchemaFor(currency).safeParse(toCampaignCandidate(values, true, currency)),
    values,
    currency,
  );
}

/** PUT /api/campaigns/{id}: the same rules without the status, which changes through its own call. */
export function validateCampaignEdit(
  values: CampaignFormValues,
  currency: BillingCurrency = 'USD',
): CampaignValidation<UpdateCampaignRequest> {
  return outcome(
    updateCampaignRequestSchemaFor(currency).safeParse(toCampaignCandidate(values, false, currency)),
    values,
    currency,
  );
}

/** The area's fields as one: the map, the coordinates and the radius share the errors of all three. */
export const areaFields = ['targetLatitude', 'targetLongitude', 'radiusKm'] as const;

/** The errors of a field and its items ('targetCities' and 'targetCities.1'), in path order. */
export function errorsUnder(
  errors: FieldErrors,
  field: string,
): { path: string; text: NonNullable<FieldErrors[string]> }[] {
  return Object.entries(errors)
    .filter(([path, text]) => text !== undefined && (path === field || path.startsWith(`${field}.`)))
    .map(([path, text]) => ({ path, text: text! }))
    .sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}

/** Adds a typed city unless it is blank or already there (case aside); returns the same list otherwise. */
export function addCity(cities: readonly string[], typed: string): string[] {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (name === '' || cities.some((city) => city.toLowerCase() === name.toLowerCase())) return [...cities];
  return [...cities, name];
}
