import type { Request, Router } from 'express';
import { z } from 'zod';
import { badRequest, notFound } from '@laundry/platform/errors';
import { currentUser, requireUser } from '@laundry/platform/auth';
import {
  idSchema,
  photoListQuerySchema,
  updatePhotoRequestSchema,
  uploadPhotoFieldsSchema,
} from '@laundry/contracts';
import {
  deletePhoto,
  listGallery,
  listLaundromatPhotos,
  listUserPhotos,
  updatePhoto,
  uploadPhoto,
  type PhotoDeps,
} from '../domain/photos.ts';
import { uploadProfileImage } from '../domain/profile-images.ts';
import { readPhotoUpload } from './multipart-upload.ts';

/** A malformed id cannot name any photo, so it is answered like an unknown one. */
function photoId(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound('Photo not found');
  return parsed.data;
}

function laundromatId(req: Request): string {
  const parsed = idSchema.safeParse(req.params.laundromatId);
  if (!parsed.success) throw badRequest('The laundromat id is not valid.', 'INVALID_ID');
  return parsed.data;
}

const userIdSchema = z.string().min(1).max(100);

export function photoRoutes(router: Router, deps: PhotoDeps): void {
  router.post('/api/photos', requireUser, async (req, res) => {
    const upload = await readPhotoUpload(req);
    const fields = uploadPhotoFieldsSchema.parse(upload.fields);
    res.status(201).json(await uploadPhoto(deps, currentUser(req), fields, upload.file!));
  });

  router.post('/api/photos/profile-image', requireUser, async (req, res) => {
    const upload = await readPhotoUpload(req);
    res.status(201).json(await uploadProfileImage(deps, currentUser(req), upload.file!));
  });

  router.get('/api/photos', async (req, res) => {
    const { category } = photoListQuerySchema.parse(req.query);
    res.json(await listGallery(deps, req.user, category === 'all' ? undefined : category));
  });

  // Before /api/photos/:laundromatId, which would otherwise take 'user' for a laundromat id.
  router.get('/api/photos/user/:userId', requireUser, async (req, res) => {
    res.json(await listUserPhotos(deps, req.user, userIdSchema.parse(req.params.userId)));
  });

  router.get('/api/photos/:laundromatId', async (req, res) => {
    res.json(await listLaundromatPhotos(deps, req.user, laundromatId(req)));
  });

  router.put('/api/photos/:id', requireUser, async (req, res) => {
    const changes = updatePhotoRequestSchema.parse(req.body ?? {});
    res.json(await updatePhoto(deps, req.user, photoId(req), changes));
  });

  router.delete('/api/photos/:id', requireUser, async (req, res) => {
    await deletePhoto(deps, req.user, photoId(req));
    res.status(204).end();
  });
}
