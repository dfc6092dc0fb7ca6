import type { DetectedPrice } from '@laundry/contracts';
import { centsToDollars, decimalToCents } from '@laundry/contracts/money';

type Item = NonNullable<DetectedPrice['item']>;
type Unit = NonNullable<DetectedPrice['unit']>;

const currencyBySymbol: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
};
const currencyCodes = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'];

const symbol = String.raw`(?:US\$|AU?\$|CA?\$|\$|€|£|¥)`;
const code = `(?:${currencyCodes.join('|')})`;
const number = String.raw`\d{1,6}(?:[.,]\d{1,2})?`;
/**
 * A price is a currency before or after the number, cents ('75¢'), or a bare amount with exactly two decimals
 * ('3.50'); a plain whole number is a size or a time on a price board ('40 lb washer', '15 min'), not a price.
 */
const pricePattern = new RegExp(
  [
    String.raw`(?<pre>${symbol}|${code}\s?)\s?(?<preAmount>${number})`,
    String.raw`(?<postAmount>${number})\s?(?<post>€|£|¥|\s${code}\b)`,
    String.raw`(?<cents>\d{1,2})\s?¢`,
    String.raw`(?<bare>(?<![\d.,])\d{1,4}[.,]\d{2})(?![\d])`,
  ].join('|'),
  'gi',
);

const unitAfterPrice: Array<[RegExp, Unit]> = [
  [/^\s*(?:\/|per|a|each|for|every)?\s*15\s*-?\s*min/i, '15min'],
  [/^\s*(?:\/|per|a|each|for|every)?\s*30\s*-?\s*min/i, '30min'],
  // OCR often reads the l of 'lb' as I or 1.
  [/^\s*(?:\/|per|a|each)\s*(?:[l1I]bs?|pound)\b/i, 'lb'],
  [/^\s*(?:\/|per|a|each)\s*(?:kg|kilo)/i, 'kg'],
  [/^\s*(?:\/|per|a|each)\s*(?:load|wash|cycle)\b/i, 'load'],
];
const unitBeforePrice: Array<[RegExp, Unit]> = [
  [/\b15\s*-?\s*min/i, '15min'],
  [/\b30\s*-?\s*min/i, '30min'],
  [/\bper\s+(?:lb|pound)\b/i, 'lb'],
  [/\bper\s+kg\b/i, 'kg'],
  [/\bper\s+load\b/i, 'load'],
];

const washAndFold = /\b(?:wash\s*(?:&|and|n)\s*fold|fluff\s*(?:&|and)\s*fold|drop[-\s]?off|service\s+wash)/i;
const detergent = /\b(?:detergent|soap|softener)/i;
const dryCleaning = /\bdry[-\s]?clean/i;
// English first (the OCR model is English), with the French and Spanish board words it still reads.
const dry = /\b(?:dry(?:er|ers|ing)?|s[eé]chage|secado|secadora)\b/i;
const wash = /\b(?:wash(?:er|ers|ing)?|lavage|lavado|lavadora)\b/i;
const large = /\b(?:large|big|double|triple|jumbo|extra|xl|maxi|giant)\b/i;
const small = /\b(?:small|regular|standard|single|top[-\s]?load(?:er)?)\b/i;

type Kind = 'wash' | 'dry' | 'wash and fold' | 'detergent';

function kindOf(text: string): Kind | undefined {
  if (washAndFold.test(text)) return 'wash and fold';
  if (detergent.test(text)) return 'detergent';
  if (dryCleaning.test(text)) return undefined;
  if (dry.test(text)) return 'dry';
  if (wash.test(text)) return 'wash';
  return undefined;
}

function sizeOf(text: string): 'small' | 'large' | undefined {
  if (large.test(text)) return 'large';
  if (small.test(text)) return 'small';
  return undefined;
}

function itemOf(label: string, line: string, heading: string, unit: Unit | null): Item | null {
  const size = sizeOf(label) ?? sizeOf(line);
  // 'Small $3.50 / load' or 'Top loader 2.75' name no machine, but only washers come by size or by the load.
  const kind =
    kindOf(label) ?? kindOf(line) ?? kindOf(heading) ?? (size || unit === 'load' ? 'wash' : undefined);
  if (!kind) return null;
  if (kind !== 'wash') return kind;
  return size ? `wash ${size}` : 'wash';
}

function unitOf(after: string, label: string): Unit | null {
  for (const [pattern, unit] of unitAfterPrice) if (pattern.test(after)) return unit;
  for (const [pattern, unit] of unitBeforePrice) if (pattern.test(label)) return unit;
  return null;
}

/** The price's digits read as cents exactly (a decimal comma as a point), then as the contract's number. */
function toAmount(text: string): number {
  return centsToDollars(decimalToCents(text.replace(',', '.')));
}

function currencyOf(token: string | undefined): string | null {
  if (!token) return null;
  const trimmed = token.trim().toUpperCase();
  return currencyBySymbol[trimmed] ?? (currencyCodes.includes(trimmed) ? trimmed : null);
}

interface Match {
  start: number;
  end: number;
  amount: number;
  currency: string | null;
}

function pricesIn(line: string): Match[] {
  const found: Match[] = [];
  for (const match of line.matchAll(pricePattern)) {
    const groups = match.groups ?? {};
    const start = match.index;
    const end = start + match[0].length;
    if (groups.preAmount) {
      found.push({ start, end, amount: toAmount(groups.preAmount), currency: currencyOf(groups.pre) });
    } else if (groups.postAmount) {
      found.push({ start, end, amount: toAmount(groups.postAmount), currency: currencyOf(groups.post) });
    } else if (groups.cents) {
      found.push({ start, end, amount: centsToDollars(Number(groups.cents)), currency: 'USD' });
    } else if (groups.bare) {
      found.push({ start, end, amount: toAmount(groups.bare), currency: null });
    }
  }
  return found;
}

/**
 * Reads the prices on an OCR'd price board, line by line. What a price is for comes from the words just before
 * it, else from its line, else from the last line without a price ('WASHERS' above 'Small $3.50'); what it is
 * per comes from the words just after it ('/load', 'per 15 min'), else from its line.
 */
export function parsePrices(text: string): DetectedPrice[] {
  const prices: DetectedPrice[] = [];
  let heading = '';
  for (const line of text.split(/\r?\n/)) {
    const matches = pricesIn(line);
    if (matches.length === 0) {
      if (line.trim()) heading = line;
      continue;
    }
    matches.forEach((match, index) => {
      const label = line.slice(index === 0 ? 0 : matches[index - 1]!.end, match.start);
      const after = line.slice(match.end, matches[index + 1]?.start ?? line.length);
      const unit = unitOf(after, label);
      prices.push({
        amount: match.amount,
        currency: match.currency,
        unit,
        item: itemOf(label, line, heading, unit),
      });
    });
  }
  return prices;
}

const services: Array<[string, RegExp]> = [
  ['self-service', /\b(?:self[-\s]?service|coin[-\s]?op|laundromat)\b/i],
  ['wash-and-fold', washAndFold],
  ['dry-cleaning', dryCleaning],
  ['card-payment', /\b(?:cards?|credit|debit|visa|mastercard|contactless)\b/i],
  ['coin-payment', /\bcoins?\b/i],
  ['wifi', /\bwi-?fi\b/i],
  ['detergent-vending', /\b(?:detergent|soap)\b/i],
  ['open-24-hours', /\b(?:24\s*\/\s*7|24\s*h(?:ou)?rs?|open\s+24)\b/i],
];

/** The services a board mentions, by stable id, in a fixed order. */
export function detectServices(text: string): string[] {
  return services.filter(([, pattern]) => pattern.test(text)).map(([service]) => service);
}
