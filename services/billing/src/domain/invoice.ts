import { formatCents } from '@laundry/contracts/money';
import type { Statement } from './statement-store.ts';

export const invoiceNotIssuedMessage = 'The invoice is issued once the statement is paid.';

/** Writes a processed statement's invoice as a PDF. */
export interface InvoiceRenderer {
  render(statement: Statement, options: { testMode: boolean }): Promise<Buffer>;
}

export interface InvoiceContent {
  title: string;
  number: string;
  facts: Array<[label: string, value: string]>;
  lines: Array<[label: string, amount: string]>;
  total: [label: string, amount: string];
  notes: string[];
}

// Written from the integer cents by digits; the separators go into the whole part only.
const money = (cents: number) => `$${formatCents(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const day = (at: Date) => at.toISOString().slice(0, 10);
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const invoiceFileName = (statement: Statement) => `${statement.invoiceNumber ?? 'statement'}.pdf`;

/**
 * What an invoice says, in the order it says it: the lines add up to the total because the charge is
 * revenue plus fee, each already rounded to cents (statement-figures.ts).
 */
export function invoiceContent(statement: Statement, options: { testMode: boolean }): InvoiceContent {
  const notes = [
    'Ad spend is the sum of every counted impression and click in the period, rounded to the cent once ' +
      '(half up); the platform fee is its rate of that amount, rounded the same way.',
  ];
  if (options.testMode) notes.unshift('Test mode: no money was moved.');
  return {
    title: options.testMode ? 'Invoice (test mode)' : 'Invoice',
    number: statement.invoiceNumber ?? '',
    facts: [
      ['Invoice number', statement.invoiceNumber ?? ''],
      ['Issued', statement.processedAt ? day(statement.processedAt) : ''],
      ['Advertiser', statement.advertiserId],
      ['Statement', statement.id],
      ['Period', `${day(statement.periodStart)} to ${day(statement.periodEnd)} (end exclusive, UTC)`],
      ['Payment reference', statement.stripePaymentIntentId ?? 'Nothing to charge'],
    ],
    lines: [
      ['Impressions', String(statement.impressions)],
      ['Clicks', String(statement.clicks)],
      ['Ad spend', money(statement.totalRevenueCents)],
      [`Platform fee (${percent(statement.feeRateBp)})`, money(statement.platformFeeCents)],
    ],
    total: ['Total charged', `${money(statement.advertiserChargeCents)} ${statement.currency}`],
    notes,
  };
}
