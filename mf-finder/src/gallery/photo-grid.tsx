import type { Photo } from '@laundry/contracts';
import { Card, Skeleton } from '@laundry/ui';
import { PhotoFetchError } from '../api/photos.ts';
import { isOfflineError } from '../domain/api-errors.ts';
import { canManagePhoto } from '../domain/photo-display.ts';
import { useText } from '../shared/use-text.ts';
import { PhotoCard } from './photo-card.tsx';
import styles from './gallery.module.css';

/** docs/product.md, Constants: the gallery's loading state is 8 skeleton cards. */
export const gallerySkeletonCount = 8;

/** The gallery's states: skeletons, error, empty, or the count line and the cards. */
export function PhotoGrid({
  photos,
  isPending,
  error,
  userId,
  showLaundromats = true,
  onEdit,
  onDelete,
}: {
  photos: Photo[] | undefined;
  isPending: boolean;
  error: Error | null;
  userId: string | null;
  /** False where every photo is of the one laundromat the page names. */
  showLaundromats?: boolean;
  onEdit: (photo: Photo) => void;
  onDelete: (photo: Photo) => void;
}) {
  const { t, text } = useText();
  if (error) {
    const detail =
      error instanceof PhotoFetchError ? text(error.text) : isOfflineError(error) ? error.message : null;
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>{t('gallery.loadFailed')}</p>
        {detail && <p className={styles.stateText}>{detail}</p>}
      </div>
    );
  }
  if (isPending || !photos) {
    return (
      <div className={styles.grid} role="status" aria-label={t('gallery.loading')}>
        {Array.from({ length: gallerySkeletonCount }, (_, i) => (
          <Card key={i} className={styles.card} data-testid="photo-skeleton">
            <Skeleton height="12rem" />
            <div className={styles.cardBody}>
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  if (photos.length === 0) {
    return (
      <div className={styles.state}>
        <p className={styles.stateTitle}>{t('gallery.empty')}</p>
      </div>
    );
  }
  return (
    <>
      <p className={styles.count} data-testid="photo-count">
        {t('gallery.showing', { count: photos.length })}
      </p>
      <div className={styles.grid}>
        {photos.map((photo) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            canManage={canManagePhoto(photo, userId)}
            showLaundromat={showLaundromats}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </div>
    </>
  );
}
