import type { DocumentRow, DocumentStore } from '../domain/documents.ts';

const columns = `id, owner_id AS "ownerId", purpose, file_name AS "fileName", file_size AS "fileSize",
  mime_type AS "mimeType", object_path AS "objectPath", created_at AS "createdAt"`;

export function createDocumentRepository(): DocumentStore {
  return {
    async insert(db, row) {
      const [stored] = await db.query<DocumentRow>(
        `INSERT INTO documents (id, owner_id, purpose, file_name, file_size, mime_type, object_path)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${columns}`,
        [row.id, row.ownerId, row.purpose, row.fileName, row.fileSize, row.mimeType, row.objectPath],
      );
      return stored!;
    },
    async find(db, id) {
      const [row] = await db.query<DocumentRow>(`SELECT ${columns} FROM documents WHERE id = $1`, [id]);
      return row;
    },
    async remove(db, id) {
      await db.query('DELETE FROM documents WHERE id = $1', [id]);
    },
  };
}
