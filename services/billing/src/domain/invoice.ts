import { formatMinor, type BillingCurrency, type Language } from '@laundry/contracts';
import type { CampaignSpend, Statement } from './statement-store.ts';
import type { SavedBillingDetails } from './billing-details.ts';
import { invoiceTexts, type InvoiceText } from './invoice-text.ts';

export const invoiceNotIssuedMessage = 'The invoice is issued once the statement is paid.';

/** Who issues or receives an invoice, as printed: legal name, address lines, country and tax id. */
export interface InvoiceParty {
  legalName: string;
  addressLines: string[];
  country: string;
  taxId: string;
}

/** What an invoice needs beside its statement. */
export interface InvoiceContext {
  testMode: boolean;
  seller: InvoiceParty;
  /** The buyer's billing details when saved; the invoice then names the advertiser by its id only. */
  buyer: SavedBillingDetails | undefined;
  campaigns: CampaignSpend[];
}

/** A refund as its credit note prints it. */
export interface CreditNoteRefund {
  id: string;
  creditNoteNumber: string;
  amountCents: number;
  reason: string;
  providerRefundId: string;
  createdAt: Date;
  /** What earlier refunds of the statement gave back: the tax split follows from it. */
  refundedBeforeCents: number;
}

/** Writes a processed statement's invoice, or a refund's credit note, as a PDF. */
export interface InvoiceRenderer {
  render(statement: Statement, context: InvoiceContext): Promise<Buffer>;
  renderCreditNote(
    statement: Statement,
    refund: CreditNoteRefund,
    context: Omit<InvoiceContext, 'campaigns'>,
  ): Promise<Buffer>;
}

export interface InvoiceCampaignLine {
  label: string;
  detail: string;
  spend: string;
  fee: string;
  charged: string;
}

export interface InvoiceContent {
  language: Language;
  title: string;
  number: string;
  parties: Array<{ heading: string; lines: string[] }>;
  facts: Array<[label: string, value: string]>;
  /** The table of campaigns' header; null when there is no table (a credit note). */
  columns: [campaign: string, spend: string, fee: string, charged: string] | null;
  campaigns: InvoiceCampaignLine[];
  lines: Array<[label: string, amount: string]>;
  total: [label: string, amount: string];
  notes: string[];
}

/** The locale an invoice in each language writes its amounts in. */
export const invoiceLocales: Readonly<Record<Language, string>> = {
  en: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
  zh: 'zh-CN',
  hi: 'hi-IN',
};

/**
 * Amounts in minor units of the statement's currency as the buyer's language writes them: '$3.80', '¥14,198'
 * (a yen has no decimals), '1 234,56 €'. formatMinor writes them from the integer's digits, never a float.
 * A narrow no-break space (French groups with it) is printed as a no-break space, which every font of the
 * PDF has.
 */
export const moneyIn =
  (currency: BillingCurrency, language: Language) =>
  (minor: number): string =>
    formatMinor(minor, currency, invoiceLocales[language]).replace(/\u202f/g, '\u00a0');
const day = (at: Date) => at.toISOString().slice(0, 10);
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const invoiceFileName = (statement: Statement) => `${statement.invoiceNumber ?? 'statement'}.pdf`;
export const creditNoteFileName = (refund: Pick<CreditNoteRefund, 'creditNoteNumber'>) =>
  `${refund.creditNoteNumber}.pdf`;

/**
 * Splits whole cents over weights so the parts add up to the total exactly: each gets its floor share, and
 * the cents left go to the largest remainders (the earlier line on a tie).
 */
export function allocateCents(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (weights.length === 0) return [];
  if (sum <= 0n) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const total = BigInt(totalCents);
  const shares = weights.map((weight, index) => {
    const product = total * BigInt(weight);
    let floor = product / sum;
    if (product % sum !== 0n && product < 0n) floor -= 1n; // BigInt division truncates toward zero
    return { index, floor, remainder: product - floor * sum };
  });
  let left = total - shares.reduce((acc, share) => acc + share.floor, 0n);
  for (const share of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index,
  )) {
    if (left <= 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share.floor));
}

const partyLines = (party: InvoiceParty, taxIdLabel: string) => [
  party.legalName,
  ...party.addressLines,
  party.country,
  ...(party.taxId ? [`${taxIdLabel}: ${party.taxId}`] : []),
];

export const buyerParty = (details: SavedBillingDetails): InvoiceParty => ({
  legalName: details.legalName,
  addressLines: [
    details.addressLine1,
    ...(details.addressLine2 ? [details.addressLine2] : []),
    [details.postalCode, details.city].filter(Boolean).join(' '),
  ],
  country: details.country,
  taxId: details.taxId,
});

function taxLineOf(
  statement: Statement,
  t: InvoiceText,
  money: (minor: number) => string,
  taxCents: number,
): [string, string] {
  return statement.taxKind === 'vat'
    ? [t.vat(percent(statement.taxRateBp), statement.taxCountry ?? ''), money(taxCents)]
    : statement.taxKind === 'reverse_charge'
      ? [t.reverseChargeLine, money(0)]
      : [t.noTax, money(0)];
}

function partiesOf(statement: Statement, context: Omit<InvoiceContext, 'campaigns'>, t: InvoiceText) {
  return [
    { heading: t.seller, lines: partyLines(context.seller, t.taxId) },
    context.buyer
      ? { heading: t.buyer, lines: partyLines(buyerParty(context.buyer), t.taxId) }
      : { heading: t.buyer, lines: [`${t.advertiser} ${statement.advertiserId}`] },
  ];
}

/**
 * What an invoice says, in the buyer's language, in the order it says it, every amount in the statement's
 * currency (its minor units: cents, or whole yen). One line per campaign: the
 * statement's spend and fee (each rounded once on the statement) are split over the campaigns by their exact
 * spend, so the lines add up to the statement; then the tax fixed at closing; the total is the charge.
 */
export function invoiceContent(statement: Statement, context: InvoiceContext): InvoiceContent {
  const language: Language = context.buyer?.language ?? 'en';
  const t = invoiceTexts[language];
  const money = moneyIn(statement.currency, language);
  const notes = [t.roundingNote];
  if (context.testMode) notes.unshift(t.testNote);
  if (statement.taxKind === 'reverse_charge') notes.unshift(t.reverseCharge);
  const weights = context.campaigns.map((campaign) => campaign.netE4);
  const spends = allocateCents(statement.totalRevenueCents, weights);
  const fees = allocateCents(statement.platformFeeCents, weights);
  const campaigns = context.campaigns.map((campaign, index) => ({
    label: campaign.campaignId ? `${t.campaign} ${campaign.campaignId.slice(0, 8)}` : t.otherEntries,
    detail: t.impressionsClicks(campaign.impressions, campaign.clicks),
    spend: money(spends[index]!),
    fee: money(fees[index]!),
    charged: money(spends[index]! + fees[index]!),
  }));
  const net = statement.totalRevenueCents + statement.platformFeeCents;
  const taxLine = taxLineOf(statement, t, money, statement.taxCents);
  const parties = partiesOf(statement, context, t);
  return {
    language,
    title: context.testMode ? t.invoiceTest : t.invoice,
    number: statement.invoiceNumber ?? '',
    parties,
    facts: [
      [t.number, statement.invoiceNumber ?? ''],
      [t.issued, statement.processedAt ? day(statement.processedAt) : ''],
      [t.statement, statement.id],
      [t.periodLabel, t.period(day(statement.periodStart), day(statement.periodEnd))],
      [t.paymentReference, statement.stripePaymentIntentId ?? t.nothingToCharge],
    ],
    columns: [t.campaign, t.spend, t.fee(percent(statement.feeRateBp)), t.charged],
    campaigns,
    lines: [
      [t.spend, money(statement.totalRevenueCents)],
      [t.fee(percent(statement.feeRateBp)), money(statement.platformFeeCents)],
      [t.subtotal, money(net)],
      taxLine,
    ],
    total: [t.total, money(statement.advertiserChargeCents)],
    notes,
  };
}

/**
 * What a credit note says: the invoice's seller, buyer and tax treatment, the invoice it corrects and why, and
 * the refund as negative amounts, split into spend-and-fee and tax the way the statement was (refundSplit).
 */
export function creditNoteContent(
  statement: Statement,
  refund: CreditNoteRefund,
  context: Omit<InvoiceContext, 'campaigns'>,
  split: { netCents: number; taxCents: number },
): InvoiceContent {
  const language: Language = context.buyer?.language ?? 'en';
  const t = invoiceTexts[language];
  const money = moneyIn(statement.currency, language);
  const notes = [t.refundNote];
  if (context.testMode) notes.push(t.testNote);
  if (statement.taxKind === 'reverse_charge') notes.unshift(t.reverseCharge);
  return {
    language,
    title: context.testMode ? t.creditNoteTest : t.creditNote,
    number: refund.creditNoteNumber,
    parties: partiesOf(statement, context, t),
    facts: [
      [t.creditNoteNumber, refund.creditNoteNumber],
      [t.issued, day(refund.createdAt)],
      [t.correctsInvoice, statement.invoiceNumber ?? ''],
      [t.statement, statement.id],
      [t.periodLabel, t.period(day(statement.periodStart), day(statement.periodEnd))],
      [t.reason, refund.reason],
      [t.refundReference, refund.providerRefundId],
    ],
    columns: null,
    campaigns: [],
    lines: [[t.refundedNet, money(-split.netCents)], taxLineOf(statement, t, money, -split.taxCents)],
    total: [t.totalRefunded, money(-refund.amountCents)],
    notes,
  };
}
