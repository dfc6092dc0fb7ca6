import { photoUploadedV1 } from '@laundry/contracts';
import { creditFrom } from './credit-contribution.ts';

export const photoUploadedHandler = creditFrom(photoUploadedV1, (photo) => ({
  kind: 'photo',
  subjectId: photo.photoId,
  userId: photo.userId,
}));
