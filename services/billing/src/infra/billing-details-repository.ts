import type { BillingDetailsStore, SavedBillingDetails } from '../domain/billing-details.ts';

const columns = `user_id AS "userId", legal_name AS "legalName", address_line1 AS "addressLine1",
  address_line2 AS "addressLine2", postal_code AS "postalCode", city, country, tax_id AS "taxId",
  tax_id_status AS "taxIdStatus", tax_id_checked_at AS "taxIdCheckedAt", language, updated_at AS "updatedAt"`;

type Row = Omit<SavedBillingDetails, 'taxIdCheckedAt' | 'updatedAt'> & {
  taxIdCheckedAt: Date | string | null;
  updatedAt: Date | string;
};

const toSaved = (row: Row): SavedBillingDetails => ({
  ...row,
  taxIdCheckedAt: row.taxIdCheckedAt === null ? null : new Date(row.taxIdCheckedAt),
  updatedAt: new Date(row.updatedAt),
});

export function createBillingDetailsRepository(): BillingDetailsStore {
  return {
    async get(tx, userId) {
      const [row] = await tx.query<Row>(`SELECT ${columns} FROM billing_details WHERE user_id = $1`, [
        userId,
      ]);
      return row ? toSaved(row) : undefined;
    },
    async save(tx, details) {
      const [row] = (await tx.query<Row>(
        `INSERT INTO billing_details (user_id, legal_name, address_line1, address_line2, postal_code, city, country,
                                      tax_id, tax_id_status, tax_id_checked_at, language, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
         ON CONFLICT (user_id) DO UPDATE SET legal_name = $2, address_line1 = $3, address_line2 = $4,
           postal_code = $5, city = $6, country = $7, tax_id = $8, tax_id_status = $9, tax_id_checked_at = $10,
           language = $11, updated_at = now()
         RETURNING ${columns}`,
        [
          details.userId,
          details.legalName,
          details.addressLine1,
          details.addressLine2,
          details.postalCode,
          details.city,
          details.country,
          details.taxId,
          details.taxIdStatus,
          details.taxIdCheckedAt,
          details.language,
        ],
      )) as [Row];
      return toSaved(row);
    },
    async pending(tx, limit) {
      const rows = await tx.query<Row>(
        `SELECT ${columns} FROM billing_details WHERE tax_id_status = 'pending' ORDER BY updated_at LIMIT $1`,
        [limit],
      );
      return rows.map(toSaved);
    },
    async settle(tx, userId, taxId, status, checkedAt) {
      const rows = await tx.query(
        `UPDATE billing_details SET tax_id_status = $3, tax_id_checked_at = $4
         WHERE user_id = $1 AND tax_id = $2 AND tax_id_status = 'pending' RETURNING user_id`,
        [userId, taxId, status, checkedAt],
      );
      return rows.length > 0;
    },
  };
}
