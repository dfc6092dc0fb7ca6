import type { Db } from '@laundry/platform';
import type { AdvertiserRow, AdvertiserStore } from '../domain/advertiser-store.ts';

const columns = `
  a.id, a.user_id AS "userId", a.business_name AS "businessName", a.contact_email AS "contactEmail",
  a.contact_phone AS "contactPhone", a.website, a.industry, a.description, a.business_address AS "businessAddress",
  a.is_verified AS "isVerified", a.is_active AS "isActive", a.stripe_customer_id AS "stripeCustomerId",
  a.stripe_account_id AS "stripeAccountId", a.billing_currency AS "billingCurrency", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
  COALESCE((SELECT v.status FROM advertiser_verifications v WHERE v.advertiser_id = a.id
            ORDER BY v.created_at DESC LIMIT 1), 'none') AS "verificationStatus"`;

/** Empty optional text is stored as null, so 'not given' reads one way. */
const orNull = (text: string) => (text === '' ? null : text);

/**
 * The account a person works on: their own profile, else the team they are on (a person is on one account
 * only, team.ts; their own profile would win), with their role on it.
 */
const ofUser = `
  SELECT ${columns},
         CASE WHEN a.user_id = $1 THEN 'owner'
              ELSE (SELECT m.role FROM advertiser_members m WHERE m.user_id = $1 AND m.advertiser_id = a.id)
         END AS role
  FROM advertisers a
  WHERE a.user_id = $1 OR a.id = (SELECT m.advertiser_id FROM advertiser_members m WHERE m.user_id = $1)
  ORDER BY a.user_id = $1 DESC LIMIT 1`;

export function createAdvertiserRepository(): AdvertiserStore {
  const one = async (db: Db, where: string, params: unknown[], lock = false) => {
    const [row] = await db.query<AdvertiserRow>(
      `SELECT ${columns}, 'owner' AS role FROM advertisers a WHERE ${where}${lock ? ' FOR UPDATE OF a' : ''}`,
      params,
    );
    return row;
  };
  const ofPerson = async (db: Db, userId: string, lock = false) => {
    const [row] = await db.query<AdvertiserRow>(`${ofUser}${lock ? ' FOR UPDATE OF a' : ''}`, [userId]);
    return row;
  };
  return {
    findByUser: (db, userId) => ofPerson(db, userId),
    findById: (db, id) => one(db, 'a.id = $1', [id]),
    lockByUser: (tx, userId) => ofPerson(tx, userId, true),

    async insert(tx, userId, p) {
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO advertisers (user_id, business_name, contact_email, contact_phone, website, industry,
                                  description, business_address, billing_currency)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, 'USD'))
         ON CONFLICT (user_id) DO NOTHING RETURNING id`,
        [
          userId,
          p.businessName,
          p.contactEmail,
          orNull(p.contactPhone),
          orNull(p.website),
          orNull(p.industry),
          orNull(p.description),
          orNull(p.businessAddress),
          p.billingCurrency ?? null,
        ],
      );
      return created ? one(tx, 'a.id = $1', [created.id]) : undefined;
    },

    async update(tx, id, p) {
      await tx.query(
        `UPDATE advertisers SET business_name = $2, contact_email = $3, contact_phone = $4, website = $5,
                industry = $6, description = $7, business_address = $8,
                billing_currency = COALESCE($9, billing_currency), updated_at = now()
         WHERE id = $1`,
        [
          id,
          p.businessName,
          p.contactEmail,
          orNull(p.contactPhone),
          orNull(p.website),
          orNull(p.industry),
          orNull(p.description),
          orNull(p.businessAddress),
          p.billingCurrency ?? null,
        ],
      );
      return (await one(tx, 'a.id = $1', [id]))!;
    },

    async hasCampaigns(db, id) {
      const [row] = await db.query<{ has: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM campaigns WHERE advertiser_id = $1) AS has',
        [id],
      );
      return row?.has ?? false;
    },

    async setVerified(tx, id, verified) {
      await tx.query('UPDATE advertisers SET is_verified = $2, updated_at = now() WHERE id = $1', [
        id,
        verified,
      ]);
    },
  };
}
