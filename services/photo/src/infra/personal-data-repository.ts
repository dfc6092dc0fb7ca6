import type { Db } from '@laundry/platform/db';
import type { PersonFile, PersonalDataStore } from '../domain/personal-data.ts';

const extension = (objectPath: string) => /\.([a-z0-9]+)$/i.exec(objectPath)?.[1] ?? 'bin';

/** The account page's profile images (migration 0003) may not be there yet where this runs first. */
async function hasProfileImages(db: Db): Promise<boolean> {
  const [row] = await db.query<{ found: string | null }>(
    `SELECT to_regclass('profile_images')::text AS found`,
  );
  return row?.found != null;
}

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    photos: (userId) =>
      db.query(
        `SELECT id, laundromat_id AS "laundromatId", file_name AS "fileName", file_size AS "fileSize",
                mime_type AS "mimeType", caption, category, extracted_text AS "extractedText",
                detected_prices AS "detectedPrices", is_public AS "isPublic", created_at AS "createdAt"
         FROM photos WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      ),
    documents: (userId) =>
      db.query(
        `SELECT id, purpose, file_name AS "fileName", file_size AS "fileSize", mime_type AS "mimeType",
                created_at AS "createdAt"
         FROM documents WHERE owner_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async files(userId) {
      const photos = await db.query<{ id: string; object_path: string; thumbnail_path: string }>(
        'SELECT id, object_path, thumbnail_path FROM photos WHERE user_id = $1 ORDER BY created_at',
        [userId],
      );
      const documents = await db.query<{ id: string; object_path: string; mime_type: string }>(
        'SELECT id, object_path, mime_type FROM documents WHERE owner_id = $1 ORDER BY created_at',
        [userId],
      );
      const profileImages = (await hasProfileImages(db))
        ? await db.query<{ object_path: string }>(
            'SELECT object_path FROM profile_images WHERE user_id = $1',
            [userId],
          )
        : [];
      const files: PersonFile[] = [];
      for (const image of profileImages) {
        files.push({
          id: 'profile-image',
          name: `profile-image.${extension(image.object_path)}`,
          objectPath: image.object_path,
          mimeType: 'image/webp',
        });
      }
      for (const photo of photos) {
        files.push({
          id: `photo:${photo.id}`,
          name: `photos/${photo.id}.${extension(photo.object_path)}`,
          objectPath: photo.object_path,
          mimeType: 'image/webp',
        });
      }
      for (const document of documents) {
        files.push({
          id: `document:${document.id}`,
          name: `documents/${document.id}.${extension(document.object_path)}`,
          objectPath: document.object_path,
          mimeType: document.mime_type,
        });
      }
      return files;
    },
    async erase(tx, userId) {
      const photos = await tx.query<{ object_path: string; thumbnail_path: string }>(
        'DELETE FROM photos WHERE user_id = $1 RETURNING object_path, thumbnail_path',
        [userId],
      );
      const documents = await tx.query<{ object_path: string }>(
        'DELETE FROM documents WHERE owner_id = $1 RETURNING object_path',
        [userId],
      );
      const profileImages = (await hasProfileImages(tx))
        ? await tx.query<{ object_path: string }>(
            'DELETE FROM profile_images WHERE user_id = $1 RETURNING object_path',
            [userId],
          )
        : [];
      return [
        ...photos.flatMap((photo) => [photo.object_path, photo.thumbnail_path]),
        ...documents.map((document) => document.object_path),
        ...profileImages.map((image) => image.object_path),
      ];
    },
  };
}
