import type { RetentionPolicy, RetentionRunReport } from '@laundry/contracts';
import type { Db } from '../db/db.ts';

/** Rows are deleted or anonymised this many at a time, each batch its own short transaction. */
export const RETENTION_BATCH_SIZE = 1000;
/** A run stops after this many batches; the rest waits for the next run rather than holding the database. */
export const RETENTION_MAX_BATCHES = 200;

/**
 * What a service does to one type of its data past the policy's period: `applyBatch` deletes or anonymises
 * at most `limit` rows older than `cutoff` and answers how many it changed; it is called until it changes
 * fewer than the limit. A batch must not pick a row it changed before (anonymised rows are marked).
 */
export interface RetentionTask {
  dataType: string;
  applyBatch(db: Db, cutoff: Date, limit: number): Promise<number>;
}

/** Where a service reads its policies and reports its runs: identity's typed client, or identity itself. */
export interface RetentionPolicySource {
  policiesFor(service: string): Promise<RetentionPolicy[]>;
  reportRun(report: RetentionRunReport): Promise<void>;
}

export interface RetentionRunDeps {
  service: string;
  db: Db;
  policies: RetentionPolicySource;
  tasks: readonly RetentionTask[];
  now?: () => Date;
  batchSize?: number;
}

const DAY_MS = 86_400_000;

/** What a run did: each applied policy's count, and the policies whose task failed (tried again next run). */
export interface RetentionOutcome extends RetentionRunReport {
  failures: { dataType: string; error: unknown }[];
}

/**
 * Applies every active policy of the service that deletes automatically and has a task here, in batches, and
 * reports what each did (its lastCleanupRun). A policy that is inactive or not automatic is left alone; one
 * whose task fails does not stop the others, and is not reported as run.
 */
export async function runRetention(deps: RetentionRunDeps): Promise<RetentionOutcome> {
  const now = deps.now?.() ?? new Date();
  const limit = deps.batchSize ?? RETENTION_BATCH_SIZE;
  const tasks = new Map(deps.tasks.map((task) => [task.dataType, task]));
  // Deletions first: a row about to be deleted need not be anonymised first.
  const policies = (await deps.policies.policiesFor(deps.service)).sort(
    (a, b) => Number(a.action !== 'delete') - Number(b.action !== 'delete'),
  );
  const runs: RetentionRunReport['runs'] = [];
  const failures: RetentionOutcome['failures'] = [];
  for (const policy of policies) {
    const task = tasks.get(policy.dataType);
    if (!task || !policy.isActive || !policy.autoDeleteEnabled) continue;
    const cutoff = new Date(now.getTime() - policy.retentionPeriodDays * DAY_MS);
    let affected = 0;
    try {
      for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch += 1) {
        const changed = await deps.db.tx((tx) => task.applyBatch(tx, cutoff, limit));
        affected += changed;
        if (changed < limit) break;
      }
      runs.push({ dataType: policy.dataType, affected });
    } catch (error) {
      failures.push({ dataType: policy.dataType, error });
    }
  }
  if (runs.length > 0) await deps.policies.reportRun({ service: deps.service, runs });
  return { service: deps.service, runs, failures };
}
