import type { Router } from 'express';
import { badRequest, notFound } from '@laundry/platform/errors';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { uploadPhotoFieldsSchema } from '@laundry/contracts';
import { photoOperations } from '@laundry/contracts/operations';
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
import { uploadAdImage } from '../domain/ad-images.ts';
import { readPhotoUpload } from './multipart-upload.ts';

/** A malformed id cannot name any photo, so it is answered like an unknown one. */
const photoNotFound = () => notFound('Photo not found');

// Multipart bodies are read as a stream (multipart-upload.ts), their fields parsed once the file is in.
const multipart = { unparsed: ['body' as const] };

export function photoRoutes(router: Router, deps: PhotoDeps): void {
  route(router, photoOperations.uploadPhoto, multipart, async (_input, req, res) => {
    const upload = await readPhotoUpload(req);
    const fields = uploadPhotoFieldsSchema.parse(upload.fields);
    res.status(201).json(await uploadPhoto(deps, currentUser(req), fields, upload.file!));
  });

  route(router, photoOperations.uploadProfileImage, multipart, async (_input, req, res) => {
    const upload = await readPhotoUpload(req);
    res.status(201).json(await uploadProfileImage(deps, currentUser(req), upload.file!));
  });

  route(router, photoOperations.uploadAdImage, multipart, async (_input, req, res) => {
    const upload = await readPhotoUpload(req);
    // Only a signed-in person stores an image (the operation's access says so; read here too, as above).
    currentUser(req);
    res.status(201).json(await uploadAdImage(deps, upload.file!));
  });

  route(router, photoOperations.listGallery, async ({ query }, req, res) => {
    res.json(await listGallery(deps, req.user, query.category === 'all' ? undefined : query.category));
  });

  // Before /api/photos/:id, which would otherwise take 'user' for a laundromat id.
  route(router, photoOperations.listUserPhotos, async ({ params }, req, res) => {
    res.json(await listUserPhotos(deps, req.user, params.userId));
  });

  route(
    router,
    photoOperations.listLaundromatPhotos,
    { invalidParams: () => badRequest('The laundromat id is not valid.', 'INVALID_ID') },
    async ({ params }, req, res) => {
      res.json(await listLaundromatPhotos(deps, req.user, params.id));
    },
  );

  route(
    router,
    photoOperations.updatePhoto,
    { invalidParams: photoNotFound },
    async ({ params, body }, req, res) => {
      res.json(await updatePhoto(deps, req.user, params.id, body));
    },
  );

  route(
    router,
    photoOperations.deletePhoto,
    { invalidParams: photoNotFound },
    async ({ params }, req, res) => {
      await deletePhoto(deps, req.user, params.id);
      res.status(204).end();
    },
  );
}
