import type { Db } from '@laundry/platform/db';
import type { LaundromatPrices, PriceField, PriceSuggestion } from './price-suggestions.ts';

/** A price read from a photo, as stored for its laundromat. */
export interface StoredPriceSuggestion {
  photoId: string;
  amount: number;
  currency: string | null;
  unit: string | null;
  item: string | null;
  priceField: string | null;
  applied: boolean;
}

/** Prices suggested by photos, and the laundromat's own prices they may fill. */
export interface PriceSuggestionRepository {
  /** Locks the laundromat's row for the rest of the transaction; undefined when there is no such row. */
  lockPrices(tx: Db, laundromatId: string): Promise<LaundromatPrices | undefined>;
  /** Stores a photo's suggestions once (a redelivered event adds nothing). */
  record(tx: Db, laundromatId: string, photoId: string, suggestions: PriceSuggestion[]): Promise<void>;
  /** Fills only the prices still empty. */
  fillPrices(tx: Db, laundromatId: string, fills: Partial<Record<PriceField, number>>): Promise<void>;
  listForLaundromat(db: Db, laundromatId: string): Promise<StoredPriceSuggestion[]>;
}
