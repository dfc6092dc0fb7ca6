import type { VerificationQueueItem } from '@laundry/contracts';
import type { VerificationRow, VerificationStore } from '../domain/verification-store.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const columns = `
  v.id, v.advertiser_id AS "advertiserId", v.verification_type AS "verificationType", v.status,
  v.document_type AS "documentType", v.document_number AS "documentNumber",
  v.issuing_authority AS "issuingAuthority", v.document_url AS "documentUrl", v.document_id AS "documentId",
  v.verification_method AS "verificationMethod", v.verified_by AS "verifiedBy",
  v.verification_notes AS "verificationNotes", ${iso('v.expires_at')} AS "expiresAt",
  ${iso('v.verified_at')} AS "verifiedAt", ${iso('v.created_at')} AS "createdAt",
  ${iso('v.updated_at')} AS "updatedAt"`;

const itemColumns = `${columns}, a.business_name AS "businessName", a.contact_email AS "contactEmail", a.website`;

const orNull = (text: string) => (text === '' ? null : text);

function withoutDocumentId(row: VerificationRow & VerificationQueueItem): VerificationQueueItem {
  const { documentId: _documentId, ...item } = row;
  return item;
}

export function createVerificationRepository(): VerificationStore {
  const store: VerificationStore = {
    async latestFor(db, advertiserId) {
      const [row] = await db.query<VerificationRow>(
        `SELECT ${columns} FROM advertiser_verifications v WHERE v.advertiser_id = $1
         ORDER BY v.created_at DESC LIMIT 1`,
        [advertiserId],
      );
      return row;
    },
    async find(db, id) {
      const [row] = await db.query<VerificationRow>(
        `SELECT ${columns} FROM advertiser_verifications v WHERE v.id = $1`,
        [id],
      );
      return row;
    },
    async lock(tx, id) {
      const [row] = await tx.query<VerificationRow>(
        `SELECT ${columns} FROM advertiser_verifications v WHERE v.id = $1 FOR UPDATE`,
        [id],
      );
      return row;
    },
    async insert(tx, id, advertiserId, fields, document) {
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO advertiser_verifications (id, advertiser_id, document_type, document_number, issuing_authority,
                                               document_id, document_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (advertiser_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
        [
          id,
          advertiserId,
          fields.documentType,
          orNull(fields.documentNumber),
          orNull(fields.issuingAuthority),
          document.id,
          document.url,
        ],
      );
      return created ? store.find(tx, created.id) : undefined;
    },
    async decide(tx, id, d) {
      await tx.query(
        `UPDATE advertiser_verifications SET status = $2::text, verified_by = $3, verification_notes = $4,
                verified_at = CASE WHEN $2::text = 'verified' THEN $5::timestamptz END, updated_at = $5::timestamptz
         WHERE id = $1`,
        [id, d.status, d.verifiedBy, d.notes, d.now.toISOString()],
      );
    },
    async queue(db, status, limit) {
      const order = status === 'pending' ? 'v.created_at ASC' : 'v.updated_at DESC';
      const rows = await db.query<VerificationRow & VerificationQueueItem>(
        `SELECT ${itemColumns} FROM advertiser_verifications v JOIN advertisers a ON a.id = v.advertiser_id
         WHERE v.status = $1 ORDER BY ${order}, v.id LIMIT $2`,
        [status, limit],
      );
      return rows.map(withoutDocumentId);
    },
    async findItem(db, id) {
      const [row] = await db.query<VerificationRow & VerificationQueueItem>(
        `SELECT ${itemColumns} FROM advertiser_verifications v JOIN advertisers a ON a.id = v.advertiser_id
         WHERE v.id = $1`,
        [id],
      );
      return row && withoutDocumentId(row);
    },
  };
  return store;
}
