import { isEuCountry, type TaxIdStatus } from '@laundry/contracts';

/**
 * Standard VAT (or GST) rates by the buyer's country, in basis points (2000 = 20%): the EU's standard rates
 * and a few others the product sells into. A country not listed is charged no tax (the buyer accounts for any
 * import tax itself). Kept in code so that a rate change is a reviewed commit, documented in the README.
 */
export const taxRatesBp: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
  GB: 2000,
  CH: 810,
  NO: 2500,
  AU: 1000,
  IN: 1800,
};

export type TaxTreatment =
  /** An EU business with a verified VAT number in another state than the seller's: it accounts for the VAT. */
  | { kind: 'reverse_charge'; rateBp: 0 }
  /** VAT at the buyer's country's rate (the seller's own, for a buyer in the seller's country). */
  | { kind: 'vat'; rateBp: number; country: string }
  /** No rate for the buyer's country. */
  | { kind: 'none'; rateBp: 0 };

export interface TaxBuyer {
  country: string;
  taxIdStatus: TaxIdStatus;
}

/**
 * How a buyer's invoice is taxed. Only a VAT number VIES confirmed makes a reverse charge: one still pending
 * is charged VAT like a consumer's, never taken as verified.
 */
export function taxTreatment(sellerCountry: string, buyer: TaxBuyer | undefined): TaxTreatment {
  if (!buyer) return { kind: 'none', rateBp: 0 };
  if (
    isEuCountry(buyer.country) &&
    isEuCountry(sellerCountry) &&
    buyer.country !== sellerCountry &&
    buyer.taxIdStatus === 'verified'
  ) {
    return { kind: 'reverse_charge', rateBp: 0 };
  }
  const rateBp = taxRatesBp[buyer.country];
  return rateBp === undefined ? { kind: 'none', rateBp: 0 } : { kind: 'vat', rateBp, country: buyer.country };
}

/**
 * The tax on a net amount in integer minor units of the statement's currency (cents, or whole yen for JPY):
 * rate in basis points, rounded to the minor unit half up (to the whole yen for JPY), exactly.
 */
export function taxCents(netCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(netCents) || !Number.isInteger(rateBp) || rateBp < 0) {
    throw new RangeError('net amount and rate must be integers');
  }
  const scaled = BigInt(netCents) * BigInt(rateBp);
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled * sign;
  return Number(sign * ((magnitude + 5000n) / 10000n));
}
