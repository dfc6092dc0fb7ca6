import type { Db } from '@laundry/platform/db';
import type { JobQueue } from '@laundry/platform/jobs';
import type { Logger } from '@laundry/platform/logging';
import type { BackgroundWork } from '@laundry/platform/service';
import { parseSyncArea } from '../infra/osm-sync/osm-area.ts';
import { overpassElementMapper } from '../infra/osm-sync/osm-laundromat.ts';
import { syncOsmArea } from '../infra/osm-sync/osm-sync.ts';
import type { OverpassClient } from '../infra/osm-sync/overpass-client.ts';

export const osmSyncQueue = 'directory.osm-sync';

export interface OsmSyncJob {
  /** As OSM_SYNC_AREAS lists it: a place or country ('FR', 'Lyon') or a box 'S,W,N,E'. */
  area: string;
}

/**
 * Keeps each area of OSM_SYNC_AREAS in step with OpenStreetMap, every OSM_SYNC_INTERVAL: one repeatable
 * job per area (BullMQ's job scheduler in the distributed mode, so however many replicas declare it, each
 * tick is one sync; a timer in the embedded one). Jobs run one at a time, as the Overpass operators ask;
 * a failed sync is retried by the queue and changes nothing in the tile that failed.
 */
export function osmSyncJob(
  deps: { db: Db; queue: JobQueue<OsmSyncJob>; client: OverpassClient; logger: Logger },
  areas: readonly string[],
  everyMs: number,
): BackgroundWork {
  let stopped = false;
  const mapElement = overpassElementMapper();
  return {
    async start() {
      deps.queue.process(
        async ({ area }) => {
          if (stopped) return;
          const resolved = parseSyncArea(area);
          const { skipped: _skipped, ...summary } = await syncOsmArea(
            deps.db,
            deps.client,
            { key: resolved.key, bbox: resolved.bbox },
            mapElement,
            resolved.keepTile ? { keepTile: resolved.keepTile } : {},
          );
          deps.logger.info({ area: resolved.label, ...summary }, 'OpenStreetMap sync done');
        },
        { concurrency: 1 },
      );
      for (const area of areas) await deps.queue.repeat(`osm-sync:${area}`, everyMs, { area });
    },
    async stop() {
      stopped = true;
    },
  };
}
