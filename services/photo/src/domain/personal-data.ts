import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';
import type { ObjectStorage } from './object-store.ts';

/** A stored file of the person's: a photo's image, a private document, or their profile image. */
export interface PersonFile {
  /** The id the export's file route takes: "photo:<id>", "document:<id>", "profile-image". */
  id: string;
  name: string;
  objectPath: string;
  mimeType: string;
}

/** What the photo service holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  photos(userId: string): Promise<Record<string, unknown>[]>;
  documents(userId: string): Promise<Record<string, unknown>[]>;
  files(userId: string): Promise<PersonFile[]>;
  /** Deletes the person's photo, document and profile image rows; answers the stored files they named. */
  erase(tx: Db, userId: string): Promise<string[]>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [photos, documents, files] = await Promise.all([
    store.photos(userId),
    store.documents(userId),
    store.files(userId),
  ]);
  return { parts: { photos, documents }, files: files.map(({ id, name }) => ({ id, name })) };
}

/** One of the person's stored files by its export id, or undefined when it is not theirs (or gone). */
export async function findPersonFile(
  store: PersonalDataStore,
  userId: string,
  id: string,
): Promise<PersonFile | undefined> {
  return (await store.files(userId)).find((file) => file.id === id);
}

/**
 * Photos, thumbnails, documents and the profile image go, rows and files. The files are removed inside the erasing
 * transaction, before it commits: if the commit then fails the retry finds the rows again and removes
 * what is left (removing a missing file is no error), whereas removing them after the commit could leave
 * files no row names any more.
 */
export async function erasePersonalData(
  deps: { store: PersonalDataStore; storage: ObjectStorage },
  tx: Db,
  userId: string,
): Promise<number> {
  const paths = await deps.store.erase(tx, userId);
  for (const objectPath of paths) await deps.storage.remove(objectPath);
  return paths.length;
}
