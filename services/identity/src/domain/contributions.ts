import { contributionPointValues, contributorBadges, type ContributorBadge } from '@laundry/contracts';

export type ContributionKind = keyof typeof contributionPointValues;

export interface Contribution {
  kind: ContributionKind;
  /** The review, photo or laundromat contributed. */
  subjectId: string;
  userId: string;
}

/** The user counter each kind of contribution adds one to. */
export const counterOf = {
  review: 'reviewsWritten',
  photo: 'photosUploaded',
  laundromat: 'laundromatsAdded',
} as const satisfies Record<ContributionKind, string>;

export function pointsFor(kind: ContributionKind): number {
  return contributionPointValues[kind];
}

/** The highest tier the points reach, or none yet. */
export function badgeFor(points: number): ContributorBadge | null {
  let badge: ContributorBadge | null = null;
  for (const tier of contributorBadges) if (points >= tier.minPoints) badge = tier.id;
  return badge;
}
