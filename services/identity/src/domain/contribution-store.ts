import type { Db } from '@laundry/platform/db';
import type { Contribution } from './contributions.ts';

/** Where contributions are credited; infra/contribution-repository.ts implements it. */
export interface ContributionRepository {
  /**
   * Records the contribution and adds its points and counter to the user; undefined (nothing changed) when it
   * was credited before or the user is unknown here.
   */
  credit(tx: Db, contribution: Contribution, points: number): Promise<{ totalPoints: number } | undefined>;
  setBadge(tx: Db, userId: string, badge: string | null): Promise<void>;
}
