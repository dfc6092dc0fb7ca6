import type { UserConsent } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { ConsentRepository } from '../domain/consent-store.ts';

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === null ? null : String(value);

interface ConsentRow {
  id: string;
  userId: string;
  consentType: string;
  hasConsented: boolean;
  consentVersion: string;
  legalBasis: string;
  jurisdiction: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  consentSource: string;
  expiresAt: Date | null;
  withdrawnAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = `id, user_id AS "userId", consent_type AS "consentType", has_consented AS "hasConsented",
  consent_version AS "consentVersion", legal_basis AS "legalBasis", jurisdiction, ip_address AS "ipAddress",
  user_agent AS "userAgent", consent_source AS "consentSource", expires_at AS "expiresAt",
  withdrawn_at AS "withdrawnAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

function toConsent(row: ConsentRow): UserConsent {
  return {
    ...row,
    expiresAt: iso(row.expiresAt),
    withdrawnAt: iso(row.withdrawnAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function createConsentRepository(db: Db): ConsentRepository {
  return {
    async lockPerson(tx, userId) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`consent:${userId}`]);
    },
    async latest(tx, userId) {
      const rows = await tx.query<ConsentRow>(
        `SELECT DISTINCT ON (consent_type) ${columns} FROM user_consents
         WHERE user_id = $1 ORDER BY consent_type, created_at DESC, id DESC`,
        [userId],
      );
      return rows.map(toConsent);
    },
    async insert(tx, records) {
      // Few rows (one per type); clock_timestamp() gives each its own moment, so 'newest' is never a tie.
      for (const record of records) {
        await tx.query(
          `INSERT INTO user_consents (user_id, consent_type, has_consented, consent_version, legal_basis,
             jurisdiction, ip_address, user_agent, consent_source, expires_at, withdrawn_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            record.userId,
            record.consentType,
            record.hasConsented,
            record.consentVersion,
            record.legalBasis,
            record.jurisdiction,
            record.ipAddress,
            record.userAgent,
            record.consentSource,
            record.expiresAt,
            record.withdrawnAt,
          ],
        );
      }
    },
    async history(userId) {
      const rows = await db.query<ConsentRow>(
        `SELECT ${columns} FROM user_consents WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
      );
      return rows.map(toConsent);
    },
  };
}
