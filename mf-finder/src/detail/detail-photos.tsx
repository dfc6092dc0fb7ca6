import { Link } from 'react-router';
import { Skeleton } from '@laundry/ui';
import { photoThumbnailUrl } from '../domain/photo-display.ts';
import { usePhotoList } from '../hooks/use-photos.ts';
import { useText } from '../shared/use-text.ts';
import styles from './detail.module.css';

const thumbnailsShown = 4;

/** The detail modal's photos: the newest few, and the laundromat's gallery behind a link. */
export function DetailPhotos({ laundromatId }: { laundromatId: string }) {
  const { t } = useText();
  const photos = usePhotoList({ kind: 'laundromat', laundromatId }, 'all');
  const galleryLink = `/gallery?laundromatId=${encodeURIComponent(laundromatId)}`;
  const shown = (photos.data ?? []).slice(0, thumbnailsShown);
  return (
    <section className={styles.photos} aria-labelledby="detail-photos">
      <h3 id="detail-photos">{t('detail.photos')}</h3>
      {photos.isPending && (
        <div className={styles.thumbnails} aria-hidden="true">
          {Array.from({ length: thumbnailsShown }, (_, i) => (
            <Skeleton key={i} height="5rem" />
          ))}
        </div>
      )}
      {shown.length > 0 && (
        <ul className={styles.thumbnails}>
          {shown.map((photo) => {
            const src = photoThumbnailUrl(photo);
            return (
              <li key={photo.id} className={styles.thumbnailItem}>
                {src && (
                  <img
                    src={src}
                    alt={photo.caption ?? t('gallery.photoAlt')}
                    className={styles.thumbnail}
                    loading="lazy"
                  />
                )}
                {/* The laundromat's verified owner took it: the reader knows whose view it is. */}
                {photo.byOwner && (
                  <span className={styles.ownerPhoto} data-testid="owner-photo">
                    {t('detail.ownerPhoto')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!photos.isPending && shown.length === 0 && <p className={styles.muted}>{t('detail.noPhotos')}</p>}
      <Link className={styles.photosLink} to={galleryLink}>
        {shown.length > 0
          ? t('detail.allPhotos', { count: photos.data?.length ?? 0 })
          : t('detail.addPhotos')}
      </Link>
    </section>
  );
}
