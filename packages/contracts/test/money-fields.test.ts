import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src/index.ts';
import { events } from '../src/index.ts';

/**
 * No binary float holds money on the wire: a money-named field of an event or API schema is an integer (E4
 * or cents) or a decimal string. What still goes as a float number of units is listed below, frozen: a new
 * float money field fails here, and so does a listed one that is gone (take it off the list).
 */
const moneyName = /cost|price|spend|spent|budget|amount|revenue|fee|charge|payout|balance|credit|cap$/i;
/** Named after money but not an amount: a score, a rating, a rate, a count. */
const notAnAmount = /(rating|score|rate|multiplier|factor|count)$/i;

/** The parts of a zod schema's definition the scan walks through. */
interface Definition {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  valueType?: unknown;
}
type Schema = { _zod?: { def: Definition } };

/** The paths of money-named fields that are non-integer numbers, each object schema reported once. */
function floatMoneyFields(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  const node = schema as Schema;
  if (!node?._zod) return [];
  const def = node._zod.def;
  // An object shared by several schemas (an item in its list) is reported where it is first met.
  if (def.type === 'object') {
    if (seen.has(schema)) return [];
    seen.add(schema);
  }
  const inner = (next: unknown, at = path) => floatMoneyFields(next, at, seen);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => inner(value, `${path}.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options ?? []).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return inner(def.valueType, `${path}{}`);
    case 'number': {
      const field = path.slice(path.lastIndexOf('.') + 1).replace(/\[\]|\{\}/g, '');
      const integer = (schema as { format?: string | null }).format?.includes('int') ?? false;
      return moneyName.test(field) && !notAnAmount.test(field) && !integer ? [path] : [];
    }
    default:
      return [];
  }
}

/** Events whose money is still a float, each superseded or to be: no other event may join them. */
const floatMoneyEvents = [
  // Superseded by ad.*.v2 (integers of E4); billing reads them still during the switch.
  'ad.impression-recorded.v1',
  'ad.click-recorded.v1',
  // Superseded by payout.processed.v2 (integers of cents) and campaign.created.v2 (integers of E4); kept
  // for one still in a queue.
  'payout.processed.v1',
  'campaign.created.v1',
  // Superseded by photo.ocr-completed.v2 (decimal text); the directory reads both during the switch.
  'photo.ocr-completed.v1',
];

/**
 * The HTTP API's amounts still sent as JSON numbers of units (read into E4 and cents from their decimal
 * text at each service's edge, written from them): frozen, to be replaced by integers or decimal strings.
 */
const floatMoneyApiFields = [
  'adEventSchema.cost',
  'adEventSchema.revenue',
  'adPlacementSchema.basePrice',
  'advertiserProfileSchema.spendingCap',
  'billingCreditSchema.amount',
  'billingInvoiceSchema.amount',
  'campaignAnalyticsSchema.byPlacement[].spend',
  'campaignAnalyticsSchema.series[].spend',
  'campaignAnalyticsSchema.topCities[].spend',
  'campaignAnalyticsSchema.topLaundromats[].spend',
  'campaignAnalyticsSchema.totals.spend',
  'campaignListItemSchema.costPerClick',
  'campaignListItemSchema.dailyBudget',
  'campaignListItemSchema.totalBudget',
  'campaignListItemSchema.totalSpent',
  'campaignSchema.costPerClick',
  'campaignSchema.costPerImpression',
  'campaignSchema.dailyBudget',
  'campaignSchema.totalBudget',
  'campaignSchema.totalSpent',
  'createCampaignRequestSchema.costPerClick',
  'createCampaignRequestSchema.costPerImpression',
  'createCampaignRequestSchema.dailyBudget',
  'createCampaignRequestSchema.totalBudget',
  'createLaundromatRequestSchema.detergentPrice',
  'createLaundromatRequestSchema.dryPrice15min',
  'createLaundromatRequestSchema.dryPrice30min',
  'createLaundromatRequestSchema.washPriceLarge',
  'createLaundromatRequestSchema.washPriceSmall',
  // A suggested edit proposes the laundromat's own price fields in their shape: they change together.
  'createSuggestionRequestSchema.prices.detergentPrice',
  'createSuggestionRequestSchema.prices.dryPrice15min',
  'createSuggestionRequestSchema.prices.dryPrice30min',
  'createSuggestionRequestSchema.prices.washPriceLarge',
  'createSuggestionRequestSchema.prices.washPriceSmall',
  'favoriteListItemSchema.dryPrice30min',
  'favoriteListItemSchema.washPriceSmall',
  'laundromatSchema.detergentPrice',
  'laundromatSchema.dryPrice15min',
  'laundromatSchema.dryPrice30min',
  'laundromatSchema.washPriceLarge',
  'laundromatSchema.washPriceSmall',
  'payoutDetailSchema.advertiserCharge',
  'payoutDetailSchema.platformFee',
  'payoutDetailSchema.totalRevenue',
  'payoutListItemSchema.totalRevenue',
  'revenueAnalyticsResponseSchema.pendingPayouts',
  'revenueAnalyticsResponseSchema.processedPayouts',
  'revenueAnalyticsResponseSchema.totalPayouts',
  'revenueAnalyticsResponseSchema.totalRevenue',
  'revenuePayoutSchema.advertiserCharge',
  'revenuePayoutSchema.platformFee',
  'revenuePayoutSchema.totalRevenue',
  'updateCampaignRequestSchema.costPerClick',
  'updateCampaignRequestSchema.costPerImpression',
  'updateCampaignRequestSchema.dailyBudget',
  'updateCampaignRequestSchema.totalBudget',
];

describe('money on the wire', () => {
  it('when a schema has a float money field, then the scan finds it; integers and decimal strings pass', () => {
    const schema = z.object({
      cost: z.number().min(0),
      costE4: z.number().int(),
      lines: z.array(z.object({ amount: z.number().optional(), amountCents: z.number().int() })),
      price: z.string(),
      ctr: z.number(),
    });
    expect(floatMoneyFields(schema, 'x')).toEqual(['x.cost', 'x.lines[].amount']);
  });

  it('when every event is scanned, then only the listed ones still carry money as a float', () => {
    const withFloats = Object.entries(events)
      .filter(([type, schema]) => floatMoneyFields(schema, type).length > 0)
      .map(([type]) => type);
    expect(withFloats.sort()).toEqual([...floatMoneyEvents].sort());
  });

  it('when the API schemas are scanned, then no float money field is there beyond the frozen list', () => {
    const seen = new Set<unknown>();
    // The events' objects are the test above's: marked seen here, so only the API's remain.
    for (const [type, schema] of Object.entries(events)) floatMoneyFields(schema, type, seen);
    const found = Object.entries(contracts)
      .filter(([name]) => name.endsWith('Schema'))
      .flatMap(([name, schema]) => floatMoneyFields(schema, name, seen));
    expect(found.sort()).toEqual([...floatMoneyApiFields].sort());
  });
});
