import type { Readable } from 'node:stream';
import type { Router } from 'express';
import { PERSONAL_DATA_PATH, userDeletedV1, type EventOf, type PersonalData } from '@laundry/contracts';
import { currentUser, requireUser } from '../auth/identity.ts';
import { idempotentHandler } from '../bus/idempotent-handler.ts';
import { notFound } from '../errors/index.ts';
import { forgetPublishedEventsOf } from '../outbox/forget-person.ts';
import type { Db } from '../db/db.ts';
import type { Logger } from '../logging/logger.ts';
import type { EventBus } from '../bus/event-bus.ts';

/** One of the person's stored files, for their export archive. */
export interface PersonalFile {
  mimeType: string;
  size: number;
  open(): Readable;
}

/**
 * What a service keeps about a person (docs/adr/0018-account-erasure.md), declared with defineService; the
 * kit mounts the rest. `W` is what the service's wire() answered, so the functions use its repositories.
 */
export interface PersonalDataDeclaration<W> {
  /** Everything the service holds about the person, for their export archive (GET /api/me/export). */
  export(wired: W, userId: string): Promise<PersonalData>;
  /**
   * Erases or anonymises it when the account is deleted (user.deleted.v1), in the handler's transaction;
   * answers what it did, for the log (counts, never the data).
   */
  erase(wired: W, tx: Db, erased: { userId: string; eventId: string }): Promise<Record<string, unknown>>;
  /** One of the files `export` listed, if the person still has it. */
  file?(wired: W, userId: string, fileId: string): Promise<PersonalFile | undefined>;
}

/**
 * The internal export paths (the gateway gathers them into GET /api/me/export; no public path reaches them),
 * answered for the person the signed identity names.
 */
export function personalDataRoutes<W>(
  router: Router,
  declaration: PersonalDataDeclaration<W>,
  wired: W,
): void {
  router.get(PERSONAL_DATA_PATH, requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await declaration.export(wired, currentUser(req).id));
  });
  const { file } = declaration;
  if (!file) return;
  router.get(`${PERSONAL_DATA_PATH}/files/:id`, requireUser, async (req, res) => {
    const found = await file(wired, currentUser(req).id, String(req.params.id));
    if (!found) throw notFound('File not found');
    res.set({
      'Content-Type': found.mimeType,
      'Content-Length': String(found.size),
      'Cache-Control': 'private, no-store',
    });
    const stream = found.open();
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  });
}

/**
 * user.deleted.v1 → the service's erasure, then the published events of its outbox that name the person,
 * once per event (the consumer `<service>.user-deleted`).
 */
export function userDeletedSubscription<W>(
  deps: { service: string; db: Db; logger: Logger },
  declaration: PersonalDataDeclaration<W>,
  wired: W,
): { subscribe(bus: EventBus): void } {
  const handler = idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: `${deps.service}.user-deleted`,
    handler: async (event, tx) => {
      const erased = await declaration.erase(wired, tx, { userId: event.data.userId, eventId: event.id });
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info({ eventId: event.id, ...erased, events }, 'erased account: personal data erased');
    },
  });
  return { subscribe: (bus) => bus.subscribe(userDeletedV1, handler) };
}
