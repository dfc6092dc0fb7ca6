import { contributionPointValues, contributorBadges, type ContributorBadge } from '@laundry/contracts';

export type ContributionKind = keyof typeof contributionPointValues;

export interface Contribution {
  kind: ContributionKind;
  /** The review, photo, laundromat or approved suggestion contributed. */
  subjectId: string;
  userId: string;
}

/** The user counter each kind of contribution adds one to; an approved suggestion earns points only. */
export const counterOf = {
  review: 'reviewsWritten',
  photo: 'photosUploaded',
  laundromat: 'laundromatsAdded',
  suggestion: null,
} as const satisfies Record<ContributionKind, string | null>;

export function pointsFor(kind: ContributionKind): number {
  return contributionPointValues[kind];
}

/** The highest tier the points reach, or none yet. */
export function badgeFor(points: number): ContributorBadge | null {
  let badge: ContributorBadge | null = null;
  for (const tier of contributorBadges) if (points >= tier.minPoints) badge = tier.id;
  return badge;
}
