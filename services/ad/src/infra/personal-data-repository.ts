import type { Db } from '@laundry/platform/db';
import type { ErasedAdData, PersonalDataStore } from '../domain/personal-data.ts';

/** What stands in an anonymised audit entry's data where the person's id or address was. */
const ERASED = '[erased]';

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    advertisers: (userId) =>
      db.query(
        `SELECT id, business_name AS "businessName", contact_email AS "contactEmail",
                contact_phone AS "contactPhone", website, industry, description,
                business_address AS "businessAddress", billing_currency AS "billingCurrency",
                is_verified AS "isVerified", is_active AS "isActive", created_at AS "createdAt",
                updated_at AS "updatedAt"
         FROM advertisers WHERE user_id = $1`,
        [userId],
      ),
    campaigns: (userId) =>
      db.query(
        `SELECT c.id, c.title, c.description, c.image_url AS "imageUrl", c.target_url AS "targetUrl",
                c.target_countries AS "targetCountries", c.target_cities AS "targetCities",
                c.target_latitude AS "targetLatitude", c.target_longitude AS "targetLongitude",
                c.radius_km AS "radiusKm", c.daily_budget AS "dailyBudget", c.total_budget AS "totalBudget",
                c.cost_per_click AS "costPerClick", c.cost_per_impression AS "costPerImpression",
                c.status, c.moderation_status AS "moderationStatus", c.start_date AS "startDate",
                c.end_date AS "endDate", c.total_impressions AS "totalImpressions",
                c.total_clicks AS "totalClicks", c.total_spent AS "totalSpent", a.billing_currency AS currency,
                c.created_at AS "createdAt"
         FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id
         WHERE a.user_id = $1 ORDER BY c.created_at`,
        [userId],
      ),
    heldChanges: (userId) =>
      db.query(
        `SELECT p.campaign_id AS "campaignId", p.title, p.description, p.image_url AS "imageUrl",
                p.target_url AS "targetUrl", p.status, p.note, p.created_at AS "createdAt",
                p.updated_at AS "updatedAt"
         FROM campaign_pending_content p JOIN campaigns c ON c.id = p.campaign_id
           JOIN advertisers a ON a.id = c.advertiser_id
         WHERE a.user_id = $1 ORDER BY p.created_at`,
        [userId],
      ),
    verifications: (userId) =>
      db.query(
        `SELECT v.id, v.verification_type AS "verificationType", v.status, v.document_type AS "documentType",
                v.document_number AS "documentNumber", v.issuing_authority AS "issuingAuthority",
                v.document_id AS "documentId", v.verification_notes AS "verificationNotes",
                v.verified_at AS "verifiedAt", v.created_at AS "createdAt"
         FROM advertiser_verifications v JOIN advertisers a ON a.id = v.advertiser_id
         WHERE a.user_id = $1 ORDER BY v.created_at`,
        [userId],
      ),
    auditEntries: (userId) =>
      db.query(
        `SELECT action, resource, resource_id AS "resourceId", ip_address AS "ipAddress",
                user_agent AS "userAgent", http_method AS "httpMethod", endpoint, status, created_at AS "createdAt"
         FROM audit_log WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    accountStanding: (userId) =>
      db.query(
        `SELECT email_verified_at AS "emailVerifiedAt", has_payment_method AS "hasPaymentMethod",
                payment_method_changed_at AS "paymentMethodChangedAt", updated_at AS "updatedAt"
         FROM account_standing WHERE user_id = $1`,
        [userId],
      ),
    teamMembership: (userId) =>
      db.query(
        `SELECT a.business_name AS "businessName", m.email, m.role, m.joined_at AS "joinedAt"
         FROM advertiser_members m JOIN advertisers a ON a.id = m.advertiser_id WHERE m.user_id = $1`,
        [userId],
      ),
    ownTeam: (userId) =>
      db.query(
        `SELECT 'member' AS kind, m.email, m.role, m.joined_at AS "since", NULL::timestamptz AS "expiresAt"
         FROM advertiser_members m JOIN advertisers a ON a.id = m.advertiser_id WHERE a.user_id = $1
         UNION ALL
         SELECT 'invitation', i.email, i.role, i.created_at, i.expires_at
         FROM advertiser_invitations i JOIN advertisers a ON a.id = i.advertiser_id WHERE a.user_id = $1
         ORDER BY 4`,
        [userId],
      ),
    async erase(tx, userId): Promise<ErasedAdData> {
      const owned = await tx.query<{ id: string; contact_email: string }>(
        'SELECT id, contact_email FROM advertisers WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      const advertiserIds = owned.map((row) => row.id);
      // Their place on someone's team goes (its address is scrubbed from that account's audit log below);
      // the account they owned loses its team and its open invitations. Billing forgets both on its own.
      const membership = await tx.query<{ email: string }>(
        'DELETE FROM advertiser_members WHERE user_id = $1 RETURNING email',
        [userId],
      );
      const team = await tx.query(
        'DELETE FROM advertiser_members WHERE advertiser_id = ANY($1::uuid[]) RETURNING user_id',
        [advertiserIds],
      );
      const invitations = await tx.query(
        'DELETE FROM advertiser_invitations WHERE advertiser_id = ANY($1::uuid[]) RETURNING id',
        [advertiserIds],
      );
      const ended = await tx.query(
        `UPDATE campaigns SET status = 'ended', updated_at = now()
         WHERE advertiser_id = ANY($1::uuid[]) AND status <> 'ended' RETURNING id`,
        [advertiserIds],
      );
      const held = await tx.query<{ review_id: string }>(
        `DELETE FROM campaign_pending_content p USING campaigns c
         WHERE c.id = p.campaign_id AND c.advertiser_id = ANY($1::uuid[]) RETURNING p.review_id`,
        [advertiserIds],
      );
      // A review still waiting leaves the admins' queue; one already decided keeps its decision.
      await tx.query(
        `UPDATE moderation_reviews SET status = 'withdrawn', reviewed_at = now()
         WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
        [held.map((row) => row.review_id)],
      );
      await tx.query('DELETE FROM advertiser_verifications WHERE advertiser_id = ANY($1::uuid[])', [
        advertiserIds,
      ]);
      // Whether their address was verified and a card on file: theirs only, and of no use once they are gone.
      const standing = await tx.query('DELETE FROM account_standing WHERE user_id = $1 RETURNING user_id', [
        userId,
      ]);
      // A fresh random owner id: the column stays unique and required, and nothing leads back to the person.
      await tx.query(
        `UPDATE advertisers SET user_id = gen_random_uuid(), business_name = 'Erased advertiser',
                contact_email = '', contact_phone = NULL, website = NULL, industry = NULL, description = NULL,
                business_address = NULL, stripe_customer_id = NULL, stripe_account_id = NULL,
                is_active = false, updated_at = now()
         WHERE id = ANY($1::uuid[])`,
        [advertiserIds],
      );
      const adEvents = await tx.query(
        `UPDATE ad_events SET user_id = NULL, ip_address = NULL, user_agent = NULL, user_latitude = NULL,
                user_longitude = NULL, user_city = NULL, user_country = NULL
         WHERE user_id = $1 RETURNING id`,
        [userId],
      );
      // The audit log's one exception to append-only (migration 0004): this transaction says it is erasing.
      await tx.query(`SELECT set_config('laundry.erasing_person', 'on', true)`);
      const secrets = [
        userId,
        ...owned.map((row) => row.contact_email).filter(Boolean),
        ...membership.map((row) => row.email),
      ];
      const scrub = (column: string) =>
        secrets.reduce(
          (expression, _secret, index) => `replace(${expression}, $${index + 1}, '${ERASED}')`,
          `${column}::text`,
        );
      const mentions = secrets
        .map(
          (_secret, index) =>
            `strpos(coalesce(old_data::text, '') || coalesce(new_data::text, '') || coalesce(resource_id, '') || coalesce(endpoint, '') || coalesce(error_message, ''), $${index + 1}) > 0`,
        )
        .join(' OR ');
      const audit = await tx.query(
        `UPDATE audit_log SET
           user_id = CASE WHEN user_id::text = $1 THEN NULL ELSE user_id END,
           ip_address = CASE WHEN user_id::text = $1 THEN NULL ELSE ip_address END,
           user_agent = CASE WHEN user_id::text = $1 THEN NULL ELSE user_agent END,
           old_data = (${scrub('old_data')})::jsonb,
           new_data = (${scrub('new_data')})::jsonb,
           resource_id = ${scrub('resource_id')},
           endpoint = ${scrub('endpoint')},
           error_message = ${scrub('error_message')}
         WHERE user_id::text = $1 OR ${mentions}
         RETURNING id`,
        secrets,
      );
      await tx.query(`SELECT set_config('laundry.erasing_person', 'off', true)`);
      return {
        advertisers: advertiserIds.length,
        campaignsEnded: ended.length,
        heldChanges: held.length,
        adEvents: adEvents.length,
        auditEntries: audit.length,
        accountStanding: standing.length,
        teamRecords: membership.length + team.length + invitations.length,
      };
    },
  };
}
