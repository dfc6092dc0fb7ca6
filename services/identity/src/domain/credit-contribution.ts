import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import type { ContributionRepository } from './contribution-store.ts';
import { badgeFor, pointsFor, type Contribution } from './contributions.ts';

/** Adds a contribution's points and counter once, and moves the badge to the tier the points reach. */
export async function creditContribution(
  tx: Db,
  contributions: ContributionRepository,
  contribution: Contribution,
  logger: Logger,
): Promise<void> {
  const credited = await contributions.credit(tx, contribution, pointsFor(contribution.kind));
  if (!credited) {
    logger.debug(contribution, 'contribution already credited, or its user is unknown here');
    return;
  }
  await contributions.setBadge(tx, contribution.userId, badgeFor(credited.totalPoints));
}
