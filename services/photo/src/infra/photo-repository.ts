import type { Db } from '@laundry/platform/db';
import type { PhotoCategory } from '@laundry/contracts';
import type {
  NewPhotoRow,
  OcrResult,
  PhotoListFilter,
  PhotoRepository,
  PhotoRow,
} from '../domain/photo-store.ts';

const columns = `id, laundromat_id AS "laundromatId", user_id AS "userId", file_name AS "fileName",
  file_size AS "fileSize", mime_type AS "mimeType", public_url AS "publicUrl", private_url AS "privateUrl",
  object_path AS "objectPath", thumbnail_path AS "thumbnailPath", caption, category,
  extracted_text AS "extractedText", ocr_confidence::float8 AS "ocrConfidence", ocr_metadata AS "ocrMetadata",
  detected_prices AS "detectedPrices", detected_services AS "detectedServices", is_public AS "isPublic",
  is_processed AS "isProcessed", created_at AS "createdAt",
  EXISTS (SELECT 1 FROM laundromat_owners o
          WHERE o.laundromat_id = photos.laundromat_id AND o.owner_user_id::text = photos.user_id) AS "byOwner"`;

export function createPhotoRepository(db: Db): PhotoRepository {
  return {
    async insert(tx: Db, photo: NewPhotoRow): Promise<PhotoRow> {
      const [row] = await tx.query<PhotoRow>(
        `INSERT INTO photos (id, laundromat_id, user_id, file_name, file_size, mime_type, private_url,
           object_path, thumbnail_path, caption, category, is_public)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${columns}`,
        [
          photo.id,
          photo.laundromatId,
          photo.userId,
          photo.fileName,
          photo.fileSize,
          photo.mimeType,
          photo.privateUrl,
          photo.objectPath,
          photo.thumbnailPath,
          photo.caption,
          photo.category,
          photo.isPublic,
        ],
      );
      return row!;
    },

    async findById(id: string, on: Db = db): Promise<PhotoRow | undefined> {
      const [row] = await on.query<PhotoRow>(`SELECT ${columns} FROM photos WHERE id = $1`, [id]);
      return row;
    },

    /** The photo a stored image (display or thumbnail) belongs to. */
    async findByObjectPath(objectPath: string): Promise<PhotoRow | undefined> {
      const [row] = await db.query<PhotoRow>(
        `SELECT ${columns} FROM photos WHERE object_path = $1 OR thumbnail_path = $1`,
        [objectPath],
      );
      return row;
    },

    /** Newest first. */
    async list(filter: PhotoListFilter): Promise<PhotoRow[]> {
      const conditions: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (filter.category) conditions.push(`category = ${param(filter.category)}`);
      if (filter.laundromatId) conditions.push(`laundromat_id = ${param(filter.laundromatId)}`);
      if (filter.ownerId) conditions.push(`user_id = ${param(filter.ownerId)}`);
      conditions.push(filter.viewerId ? `(is_public OR user_id = ${param(filter.viewerId)})` : 'is_public');
      return db.query<PhotoRow>(
        `SELECT ${columns} FROM photos WHERE ${conditions.join(' AND ')}
         ORDER BY created_at DESC, id LIMIT ${param(filter.limit)}`,
        params,
      );
    },

    async update(
      id: string,
      changes: { caption?: string | null; category: PhotoCategory; isPublic?: boolean },
    ): Promise<PhotoRow | undefined> {
      const [row] = await db.query<PhotoRow>(
        `UPDATE photos SET
           caption = CASE WHEN $2 THEN $3 ELSE caption END,
           category = $4,
           is_public = COALESCE($5, is_public),
           updated_at = now()
         WHERE id = $1 RETURNING ${columns}`,
        [
          id,
          changes.caption !== undefined,
          changes.caption ?? null,
          changes.category,
          changes.isPublic ?? null,
        ],
      );
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.query('DELETE FROM photos WHERE id = $1', [id]);
    },

    /** Stores what OCR read; false when the photo was deleted meanwhile or was already processed. */
    async saveOcrResult(tx: Db, id: string, result: OcrResult): Promise<boolean> {
      const updated = await tx.query(
        `UPDATE photos SET extracted_text = $2, ocr_confidence = $3, ocr_metadata = $4::jsonb,
           detected_prices = $5::jsonb, detected_services = $6::jsonb, is_processed = true, updated_at = now()
         WHERE id = $1 AND NOT is_processed RETURNING id`,
        [
          id,
          result.extractedText,
          Math.round(result.confidence * 100) / 100,
          JSON.stringify(result.metadata),
          JSON.stringify(result.detectedPrices),
          JSON.stringify(result.detectedServices),
        ],
      );
      return updated.length > 0;
    },
  };
}
