import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { directoryExportOperations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';

/** GET /api/admin/export/laundromats: the directory as GeoJSON under the ODbL, streamed as it is read. */
export interface DirectoryExportDeps {
  /** The export's text in pieces, read as they are sent (infra/directory-export.ts). */
  chunks: (now: Date) => AsyncIterable<string>;
  now?: () => Date;
}

export function directoryExportRoutes(router: Router, deps: DirectoryExportDeps): void {
  route(router, directoryExportOperations.exportDirectory, async (_input, _req, res) => {
    const now = deps.now?.() ?? new Date();
    res.set({
      'Content-Type': 'application/geo+json; charset=utf-8',
      'Content-Disposition': `attachment; filename="laundromats-odbl-${now.toISOString().slice(0, 10)}.geojson"`,
      'Cache-Control': 'no-store',
    });
    // The pipeline reads the next batch only as the reader takes the last (a slow one holds it back), and
    // stops reading when the reader goes away; a failure half way ends the download visibly cut short.
    await pipeline(Readable.from(deps.chunks(now)), res).catch(() => res.destroy());
  });
}
