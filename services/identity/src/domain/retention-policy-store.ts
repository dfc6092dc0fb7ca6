import type { RetentionPolicy, RetentionRunReport, UpdateRetentionPolicyRequest } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { DeclaredRetentionPolicy } from '@laundry/platform/retention';

export interface RetentionPolicyRepository {
  /** Every policy, by service and data type; or one service's. */
  list(service?: string): Promise<RetentionPolicy[]>;
  find(tx: Db, id: string): Promise<RetentionPolicy | undefined>;
  update(tx: Db, id: string, change: UpdateRetentionPolicyRequest): Promise<RetentionPolicy>;
  /**
   * Adds each declared policy that is not stored yet; one that is keeps its values (an admin's choice).
   * Answers how many it added.
   */
  addMissing(declared: readonly DeclaredRetentionPolicy[]): Promise<number>;
  /** Sets lastCleanupRun (and its count) of each policy the run applied. */
  recordRun(report: RetentionRunReport, ranAt: Date): Promise<void>;
}
