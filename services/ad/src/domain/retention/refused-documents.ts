import type { PhotoClient } from '@laundry/contracts';
import { signInternalIdentity } from '@laundry/platform/auth';
import type { RetentionTask } from '@laundry/platform/retention';

/**
 * Refused uploads: the business document of a verification an admin rejected, kept by the photo service.
 * Past the period (counted from the rejection) the file is deleted there, asked as its owner, and the
 * verification keeps its decision and notes without the document. A document already gone (404) counts as
 * deleted; a photo service that does not answer fails the batch, which the next run tries again.
 */
export function refusedDocumentsRetention(deps: {
  documents: Pick<PhotoClient, 'deleteDocument'>;
  internalSecret: string;
}): RetentionTask {
  return {
    dataType: 'refused-documents',
    async applyBatch(db, cutoff, limit) {
      const rows = await db.query<{ id: string; documentId: string; ownerId: string | null }>(
        `SELECT v.id, v.document_id AS "documentId", a.user_id AS "ownerId"
         FROM advertiser_verifications v JOIN advertisers a ON a.id = v.advertiser_id
         WHERE v.status = 'rejected' AND v.document_id IS NOT NULL AND v.updated_at < $1
         ORDER BY v.updated_at LIMIT $2 FOR UPDATE OF v SKIP LOCKED`,
        [cutoff, limit],
      );
      for (const row of rows) {
        // An erased owner's documents went with the account (user.deleted.v1); only the reference is left.
        if (row.ownerId) {
          const owner = { id: row.ownerId, email: '', role: 'user' as const };
          await deps.documents.deleteDocument(
            row.documentId,
            signInternalIdentity(owner, deps.internalSecret),
          );
        }
        await db.query(
          `UPDATE advertiser_verifications SET document_id = NULL, document_url = NULL WHERE id = $1`,
          [row.id],
        );
      }
      return rows.length;
    },
  };
}
