import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const AD_MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));

export interface AdTestDb {
  db: Db;
  schema: string;
  drop(): Promise<void>;
}

/** A fresh ad schema on the real PostgreSQL server for one test file, migrated from `migrations`. */
export async function createAdTestDb(prefix: string, migrations = AD_MIGRATIONS): Promise<AdTestDb> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const logger = createLogger('test', 'silent');
  const db = await openPostgres({ url: DATABASE_URL, schema, logger, max: 4 });
  await migrate(db, migrations, { logger });
  return {
    db,
    schema,
    async drop() {
      await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/**
 * An advertiser and an approved, active campaign, straight in the tables; answers the campaign's id. Its
 * owner's address is verified and a payment method on file, as identity's and billing's events would have
 * said, unless `standing` says otherwise.
 */
export async function insertCampaign(
  db: Db,
  fields: {
    timeZone?: string;
    frequencyCap?: number | null;
    standing?: { emailVerified: boolean; hasPaymentMethod: boolean };
  } = {},
): Promise<{ campaignId: string; advertiserId: string; userId: string }> {
  const userId = randomUUID();
  const standing = fields.standing ?? { emailVerified: true, hasPaymentMethod: true };
  await db.query(
    `INSERT INTO account_standing (user_id, email_verified_at, has_payment_method, payment_method_changed_at)
     VALUES ($1, CASE WHEN $2 THEN now() END, $3, now())`,
    [userId, standing.emailVerified, standing.hasPaymentMethod],
  );
  const [advertiser] = await db.query<{ id: string }>(
    `INSERT INTO advertisers (user_id, business_name, contact_email) VALUES ($1, 'Suds Ltd', 'a@suds.example')
     RETURNING id`,
    [userId],
  );
  const [campaign] = await db.query<{ id: string }>(
    `INSERT INTO campaigns (advertiser_id, title, target_url, daily_budget, total_budget, cost_per_click, status,
                            moderation_status, time_zone, frequency_cap)
     VALUES ($1, 'Suds', 'https://suds.example/', 1000, 100000, 0.5, 'active', 'approved', $2, $3)
     RETURNING id`,
    [advertiser!.id, fields.timeZone ?? 'UTC', fields.frequencyCap ?? null],
  );
  return { campaignId: campaign!.id, advertiserId: advertiser!.id, userId };
}
