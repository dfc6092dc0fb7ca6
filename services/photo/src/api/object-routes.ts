import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { route } from '@laundry/platform/http';
import { photoOperations } from '@laundry/contracts/operations';
import { findVisibleObject, type PhotoDeps } from '../domain/photos.ts';

/**
 * GET /objects/{path}: the stored images. A path never changes content (a new upload gets a new id), so
 * browsers may keep them; private ones only in the owner's own browser cache, and for a shorter time, since
 * the photo may be deleted.
 */
export function objectRoutes(router: Router, deps: PhotoDeps): void {
  // Express names a parameter spanning slashes with `*`; it arrives as the list of its segments.
  const spanning = { expressPath: '/objects/*objectPath', unparsed: ['params' as const] };
  route(router, photoOperations.getImage, spanning, async (_input, req, res) => {
    const segments = req.params.objectPath as unknown as string[];
    const objectPath = segments.join('/');
    const visible = await findVisibleObject(deps, req.user, objectPath);
    const stored = visible ? await deps.storage.get(objectPath) : undefined;
    if (!visible || !stored) throw notFound('Image not found');

    res.set({
      'Cache-Control': visible.isPublic ? 'public, max-age=86400' : 'private, max-age=3600',
      ETag: `"${stored.size.toString(16)}-${stored.modifiedAt.getTime().toString(16)}"`,
      'Last-Modified': stored.modifiedAt.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('image/webp').set('Content-Length', String(stored.size));
    const stream = stored.open();
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  });
}
