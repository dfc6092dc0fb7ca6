import type { Request, Router } from 'express';
import type { Server } from 'node:http';
import type { LiveAvailabilityEvent } from '@laundry/contracts';
import { availabilityOperations as operations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';
import { liveEventId, resumeFrom, type LiveStreamHub, type LiveStreamStore } from '../domain/live-streams.ts';

export interface LiveRouteDeps {
  hub: LiveStreamHub;
  liveStreams: LiveStreamStore;
}

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RETRY_MS = 3000;

const frame = (event: LiveAvailabilityEvent) =>
  `id: ${liveEventId(event)}\nevent: availability\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/live?laundromats=<id,…>: Server-Sent Events, one `availability` event per change of a followed
 * laundromat's live state. A reconnect with Last-Event-ID (or ?lastEventId=) first gets what changed since,
 * from live_states.
 */
export function liveRoutes(router: Router, deps: LiveRouteDeps): void {
  route(
    router,
    operations.followLiveAvailability,
    async ({ query: { laundromats, lastEventId } }, req, res) => {
      // The browser's own reconnect sends the header; a page reopening for a new set, the query.
      const since = resumeFrom(req.get('last-event-id') ?? lastEventId);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: a proxy must not compress or rewrite it; X-Accel-Buffering: nginx must not buffer it.
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      res.write(`retry: ${RETRY_MS}\n: following ${laundromats.length} laundromats\n\n`);

      // Follow first, then read what was missed: a change in between arrives twice (same id), never not at all.
      const sent = new Map<string, string>();
      const send = (event: LiveAvailabilityEvent) => {
        const id = liveEventId(event);
        if (sent.get(event.laundromatId) === id) return;
        sent.set(event.laundromatId, id);
        res.write(frame(event));
      };
      const server = serverOf(req);
      const stop = deps.hub.add({
        laundromatIds: laundromats,
        send,
        heartbeat: () => res.write(': heartbeat\n\n'),
        orphaned: () => server !== undefined && !server.listening,
        end: () => res.end(),
      });
      res.on('close', stop);
      if (since) {
        for (const event of await deps.liveStreams.changedSince(laundromats, since)) send(event);
      }
    },
  );
}

const serverOf = (req: Request): Server | undefined =>
  (req.socket as { server?: Server } | undefined)?.server;
