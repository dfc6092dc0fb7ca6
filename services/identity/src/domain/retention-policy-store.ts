import type { RetentionPolicy, RetentionRunReport, UpdateRetentionPolicyRequest } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';

export interface RetentionPolicyRepository {
  /** Every policy, by service and data type; or one service's. */
  list(service?: string): Promise<RetentionPolicy[]>;
  find(tx: Db, id: string): Promise<RetentionPolicy | undefined>;
  update(tx: Db, id: string, change: UpdateRetentionPolicyRequest): Promise<RetentionPolicy>;
  /** Sets lastCleanupRun (and its count) of each policy the run applied. */
  recordRun(report: RetentionRunReport, ranAt: Date): Promise<void>;
}
