import type { Db } from '@laundry/platform/db';
import type { LaundromatPrices, PriceField, PriceSuggestion } from '../domain/price-suggestions.ts';
import type { PriceSuggestionRepository, StoredPriceSuggestion } from '../domain/price-suggestion-store.ts';

const columnOf: Record<PriceField, string> = {
  washPriceSmall: 'wash_price_small',
  washPriceLarge: 'wash_price_large',
  dryPrice15min: 'dry_price_15min',
  dryPrice30min: 'dry_price_30min',
  detergentPrice: 'detergent_price',
};

export function createPriceSuggestionRepository(): PriceSuggestionRepository {
  return {
    /** The laundromat's prices, locked until the transaction ends so two photos cannot both fill one. */
    async lockPrices(tx: Db, laundromatId: string): Promise<LaundromatPrices | undefined> {
      const [row] = await tx.query<LaundromatPrices>(
        `SELECT currency, wash_price_small::float8 AS "washPriceSmall", wash_price_large::float8 AS "washPriceLarge",
           dry_price_15min::float8 AS "dryPrice15min", dry_price_30min::float8 AS "dryPrice30min",
           detergent_price::float8 AS "detergentPrice"
         FROM laundromats WHERE id = $1 FOR UPDATE`,
        [laundromatId],
      );
      return row ? { ...row, currency: row.currency.trim() } : undefined;
    },

    async record(
      tx: Db,
      laundromatId: string,
      photoId: string,
      suggestions: PriceSuggestion[],
    ): Promise<void> {
      for (const suggestion of suggestions) {
        await tx.query(
          `INSERT INTO price_suggestions
             (laundromat_id, photo_id, position, amount, currency, unit, item, price_field, applied)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (photo_id, position) DO NOTHING`,
          [
            laundromatId,
            photoId,
            suggestion.position,
            suggestion.amount,
            suggestion.currency,
            suggestion.unit,
            suggestion.item,
            suggestion.field,
            suggestion.applied,
          ],
        );
      }
    },

    async fillPrices(
      tx: Db,
      laundromatId: string,
      fills: Partial<Record<PriceField, number>>,
    ): Promise<void> {
      const entries = Object.entries(fills) as [PriceField, number][];
      if (entries.length === 0) return;
      // COALESCE keeps a price that appeared meanwhile; the lock above makes that a belt-and-braces check.
      const assignments = entries.map(
        ([field], index) => `${columnOf[field]} = COALESCE(${columnOf[field]}, $${index + 2})`,
      );
      await tx.query(`UPDATE laundromats SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`, [
        laundromatId,
        ...entries.map(([, amount]) => amount),
      ]);
    },

    async listForLaundromat(db: Db, laundromatId: string) {
      return db.query<StoredPriceSuggestion>(
        `SELECT photo_id AS "photoId", amount::float8 AS amount, currency, unit, item, price_field AS "priceField", applied
         FROM price_suggestions WHERE laundromat_id = $1 ORDER BY created_at, photo_id, position`,
        [laundromatId],
      );
    },
  };
}
