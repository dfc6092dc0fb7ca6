import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the review service holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  reviews(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Keeps the person's reviews, as 'Anonymous User' (every review is shown so already), without their id and
   * without the photos they attached (those are erased by the photo service); answers how many.
   */
  anonymise(tx: Db, userId: string): Promise<number>;
  /** The replies the person wrote as a laundromat's owner (or admin), with the review each answers. */
  ownerReplies(userId: string): Promise<Record<string, unknown>[]>;
  /** Removes the person's replies (they are theirs, not the reviewer's); answers how many. */
  eraseOwnerReplies(tx: Db, userId: string): Promise<number>;
  /** The reviews the person reported as a laundromat's owner, with the reason, note and decision. */
  abuseReports(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Removes the person's reports, open or decided; a review an admin removed stays removed (that decision is
   * the admins', recorded on the review and in the audit log). Answers how many.
   */
  eraseAbuseReports(tx: Db, userId: string): Promise<number>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [reviews, ownerReplies, abuseReports] = await Promise.all([
    store.reviews(userId),
    store.ownerReplies(userId),
    store.abuseReports(userId),
  ]);
  // Part names are the archive's file names: lower-case words joined by hyphens.
  return {
    parts: { reviews, 'owner-replies': ownerReplies, 'review-abuse-reports': abuseReports },
    files: [],
  };
}
