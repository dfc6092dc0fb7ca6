import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { JobQueue } from '@laundry/platform/jobs';
import { AppError, notFound } from '@laundry/platform/errors';
import {
  AVAILABILITY_ALERT_TTL_MS,
  type AlertMachineKind,
  type AvailabilityAlert,
  type CreateAvailabilityAlertRequest,
  type DirectoryClient,
  type LiveSummary,
} from '@laundry/contracts';
import { alertNotification, type AlertNotification } from './alert-messages.ts';
import { periodicWork } from './periodic-work.ts';

/** One stored alert, with the subscription it is sent to. */
export interface StoredAlert {
  id: string;
  userId: string;
  laundromatId: string;
  laundromatName: string;
  machine: AlertMachineKind;
  language: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface AlertStore {
  /** Stores the alert, or renews the same browser's alert for the same machine at the same laundromat. */
  save(alert: Omit<StoredAlert, 'id'>): Promise<StoredAlert>;
  /** The ids of the alerts still waiting at the laundromat for one of `machines`. */
  waiting(laundromatId: string, machines: readonly AlertMachineKind[], now: Date): Promise<string[]>;
  /**
   * Deletes the alert (unexpired) and answers it, in `tx`: a second delivery of the same alert waits on the
   * row and then finds nothing, so a person is told once; a failed send rolls the delete back.
   */
  take(tx: Db, id: string, now: Date): Promise<StoredAlert | undefined>;
  purgeExpired(now: Date): Promise<number>;
  /** The person's alerts still waiting at the laundromat, oldest first. */
  waitingFor(userId: string, laundromatId: string, now: Date): Promise<StoredAlert[]>;
  /** Deletes the person's alert at the laundromat; false when there is none such (sent, expired, another's). */
  cancel(userId: string, laundromatId: string, alertId: string): Promise<boolean>;
  /** Whether a newer live state than the one computed at `computedAt` has been stored since. */
  supersededSince(laundromatId: string, computedAt: string): Promise<boolean>;
}

/** The outcome of one push: delivered, or the subscription is gone (404/410) and will never work again. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  readonly publicKey: string;
  /** Sends; throws on any other failure (the job retries it). */
  send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: AlertNotification,
  ): Promise<PushOutcome>;
}

export const pushUnavailableMessage =
  'Notifications are not set up on this server. Please check the live state again later.';

export interface AlertJob {
  alertId: string;
}

export interface AlertDeps {
  db: Db;
  alerts: AlertStore;
  directory: DirectoryClient;
  /** Undefined when no VAPID keys are configured: alerts cannot be sent, so none are taken. */
  push: PushSender | undefined;
  queue: JobQueue<AlertJob>;
  logger: Logger;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

export async function createAlert(
  deps: AlertDeps,
  person: Identity,
  laundromatId: string,
  input: CreateAvailabilityAlertRequest,
): Promise<AvailabilityAlert> {
  if (!deps.push) throw new AppError(503, pushUnavailableMessage, 'PUSH_UNAVAILABLE');
  const names = await deps.directory.laundromatNames([laundromatId]);
  const laundromatName = names.get(laundromatId);
  if (laundromatName === undefined) throw notFound('Laundromat not found');
  const now = clock(deps);
  const saved = await deps.alerts.save({
    userId: person.id,
    laundromatId,
    laundromatName,
    machine: input.machine,
    language: input.language,
    endpoint: input.subscription.endpoint,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AVAILABILITY_ALERT_TTL_MS),
  });
  return {
    id: saved.id,
    laundromatId,
    machine: saved.machine,
    expiresAt: saved.expiresAt.toISOString(),
  };
}

const publicAlert = (alert: StoredAlert): AvailabilityAlert => ({
  id: alert.id,
  laundromatId: alert.laundromatId,
  machine: alert.machine,
  expiresAt: alert.expiresAt.toISOString(),
});

/** What the finder's button needs after a reload: which of the person's alerts here still wait. */
export async function waitingAlerts(
  deps: Pick<AlertDeps, 'alerts' | 'now'>,
  person: Identity,
  laundromatId: string,
): Promise<AvailabilityAlert[]> {
  return (await deps.alerts.waitingFor(person.id, laundromatId, clock(deps))).map(publicAlert);
}

export const alertNotFoundMessage =
  'This alert is no longer waiting: it was sent, it expired, or it was cancelled.';

/**
 * 'Cancel alert': the person no longer wants the notification. Only their own alert can go; another's is
 * answered like a missing one, so ids reveal nothing.
 */
export async function cancelAlert(
  deps: Pick<AlertDeps, 'alerts'>,
  person: Identity,
  laundromatId: string,
  alertId: string,
): Promise<void> {
  if (!(await deps.alerts.cancel(person.id, laundromatId, alertId))) throw notFound(alertNotFoundMessage);
}

/** The kinds of machine a live summary shows free. */
export function freeMachines(live: LiveSummary | null): AlertMachineKind[] {
  if (!live) return [];
  const free: AlertMachineKind[] = [];
  if ((live.washersFree ?? 0) > 0) free.push('washer');
  if ((live.dryersFree ?? 0) > 0) free.push('dryer');
  return free;
}

/**
 * availability.changed.v1 → one job per alert waiting for a machine the new state shows free. The event comes
 * through the broker, so a replica that did not make the change hears it too, and sending never slows a write.
 */
export async function queueDueAlerts(
  deps: Pick<AlertDeps, 'alerts' | 'queue' | 'now'>,
  laundromatId: string,
  live: LiveSummary | null,
  computedAt?: string,
): Promise<number> {
  const machines = freeMachines(live);
  if (machines.length === 0) return 0;
  // Most changes concern laundromats nobody waits at: one query tells, before the state is read again.
  const ids = await deps.alerts.waiting(laundromatId, machines, clock(deps));
  if (ids.length === 0) return 0;
  // Events may come late: a 'free' older than the state now stored (say, full again) tells nobody.
  if (computedAt && (await deps.alerts.supersededSince(laundromatId, computedAt))) return 0;
  for (const alertId of ids) await deps.queue.add({ alertId }, { attempts: 5 });
  return ids.length;
}

/** One job: the push, then the alert is gone. A push service that forgot the subscription drops it too. */
export async function deliverAlert(deps: AlertDeps, { alertId }: AlertJob): Promise<void> {
  const push = deps.push;
  if (!push) throw new Error(pushUnavailableMessage);
  await deps.db.tx(async (tx) => {
    const alert = await deps.alerts.take(tx, alertId, clock(deps));
    if (!alert) return;
    const outcome = await push.send(alert, alertNotification(alert));
    deps.logger.info({ alertId, laundromatId: alert.laundromatId, outcome }, 'availability alert done');
  });
}

/**
 * Queues this process already works. A second instance of the service in one process (a test starting
 * another copy on the same infrastructure) shares the queue and leaves its jobs to the first; the queue
 * itself belongs to the infrastructure, which closes it.
 */
const working = new WeakSet<JobQueue<AlertJob>>();

/** The worker of the alerts queue: a failed push is retried with back-off (the queue's attempts). */
export function alertDelivery(deps: AlertDeps) {
  return {
    start() {
      if (!deps.push || working.has(deps.queue)) return;
      working.add(deps.queue);
      deps.queue.process((job) => deliverAlert(deps, job), { concurrency: 4 });
    },
    async stop() {},
  };
}

/** Alerts nobody was told about in two hours are dropped, every `everyMs`. */
export function purgeExpiredAlerts(deps: Pick<AlertDeps, 'alerts' | 'logger'> & { everyMs: number }) {
  const runOnce = async (now = new Date()) => deps.alerts.purgeExpired(now);
  const work = periodicWork(
    async () => {
      await runOnce();
    },
    deps.everyMs,
    (error) => deps.logger.error({ err: error }, 'purging expired availability alerts failed'),
  );
  return { runOnce, start: work.start, stop: work.stop };
}
