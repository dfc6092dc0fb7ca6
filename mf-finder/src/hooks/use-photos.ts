import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import type { Photo, UpdatePhotoRequest } from '@laundry/contracts';
import { mutateJson, serverMessage } from '../api/http-client.ts';
import { fetchPhotos } from '../api/photos.ts';
import {
  filterByCategory,
  isAwaitingOcr,
  newestPhotosFirst,
  ocrWait,
  photoListUrl,
  type CategoryFilter,
  type GalleryMode,
} from '../domain/photo-display.ts';
import { useText } from '../shared/use-text.ts';

/** Every photo list is under this key, so one invalidation refreshes the gallery and the detail modal. */
export const photosQueryRoot = ['photos'] as const;

/**
 * A photo list for a gallery mode and category (docs/product.md, API calls); enabled is false for a
 * signed-out user's list.
 */
export function usePhotoList(mode: GalleryMode, category: CategoryFilter, enabled = true) {
  const url = photoListUrl(mode, category);
  return useQuery({
    queryKey: [...photosQueryRoot, url],
    queryFn: () => fetchPhotos(url),
    select: (photos: Photo[]) => newestPhotosFirst(filterByCategory(photos, category)),
    enabled,
    // docs/product.md, API calls: queries are not retried; a failure shows the gallery's error state at once.
    retry: false,
    // A fresh upload's detected text arrives once the OCR worker is done with it.
    refetchInterval: (query) => (isAwaitingOcr(query.state.data ?? [], Date.now()) ? ocrWait.pollMs : false),
  });
}

/** docs/product.md, Behaviour: the photo list is fetched again after an edit or delete succeeds. */
export function useUpdatePhoto(onDone: () => void) {
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdatePhotoRequest }) =>
      mutateJson<Photo>('PUT', `/api/photos/${id}`, request),
    onSuccess: () => {
      toast({ title: t('messages.photos.updated'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: photosQueryRoot });
      onDone();
    },
    onError: (error) => {
      toast({
        title: t('messages.photos.updateFailed'),
        description: serverMessage(error) ?? t('common:status.tryAgainLater'),
        variant: 'destructive',
      });
    },
  });
}

export function useDeletePhoto(onDone: () => void) {
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => mutateJson('DELETE', `/api/photos/${id}`),
    onSuccess: () => {
      toast({ title: t('messages.photos.deleted'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: photosQueryRoot });
      onDone();
    },
    onError: (error) => {
      const message = serverMessage(error);
      toast({
        title: t('messages.photos.deleteFailed'),
        ...(message ? { description: message } : {}),
        variant: 'destructive',
      });
    },
  });
}
