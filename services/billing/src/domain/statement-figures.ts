/**
 * The rounding rule of a statement lives with the rest of the price rule in the contracts (ad-pricing.ts), so
 * the campaign form's 'charged up to' line, the ad service's prices and the statements read one rule: the
 * spend summed exactly in E4, rounded once to cents (half up), the platform fee the rate of those cents (half
 * up again), the charge their sum, so the invoice's lines always add up to its total.
 */
export { feeCents, feeRateToBasisPoints, statementFigures, type StatementFigures } from '@laundry/contracts';
