import { z } from 'zod';
import { maxLengths } from './constants/domain.ts';

/**
 * A person's rights over their data (docs/product.md, Legal pages and privacy): the export of it all, and the
 * account's erasure.
 */

/** DELETE /api/me: the account's password, asked again, so a borrowed session cannot erase it. */
export const deleteAccountRequestSchema = z
  .object({
    password: z
      .string({ error: 'Enter your password to delete your account.' })
      .min(1, { error: 'Enter your password to delete your account.' })
      .max(maxLengths.password, { error: 'Enter your password to delete your account.' }),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const ACCOUNT_DELETED_MESSAGE =
  'Your account is deleted. What the services held about you is being erased; a confirmation e-mail is on its way.';

/** A JSON file's name in the export archive, under the service's folder: "reviews", "favorites". */
const partName = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/);

/** One stored file of the person's (a photo, a verification document) to be copied into the archive. */
export const personalDataFileSchema = z.object({
  /** What the service's file route takes (GET /internal/me/personal-data/files/{id}). */
  id: z.string().min(1).max(200),
  /** Its name in the archive, under the service's folder: "photos/<id>.jpg". */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/),
});
export type PersonalDataFile = z.infer<typeof personalDataFileSchema>;

/**
 * What one service holds about the signed-in person (GET /internal/me/personal-data): named parts, each
 * written to the archive as <service>/<name>.json, and the stored files to copy beside them.
 */
export const personalDataSchema = z.object({
  parts: z.record(partName, z.unknown()),
  files: z.array(personalDataFileSchema),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** The internal paths every service answers for the person named by the signed identity it is called with. */
export const PERSONAL_DATA_PATH = '/internal/me/personal-data';
export const personalDataFilePath = (id: string) => `${PERSONAL_DATA_PATH}/files/${encodeURIComponent(id)}`;
