import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { Photo } from '@laundry/contracts';
import { Badge, Card } from '@laundry/ui';
import {
  detectedText,
  isAwaitingOcr,
  laundromatDetailPath,
  photoImageUrl,
  photoThumbnailUrl,
} from '../domain/photo-display.ts';
import { displayDate } from '../domain/review-display.ts';
import { useText } from '../shared/use-text.ts';
import styles from './gallery.module.css';

/**
 * A gallery card (docs/product.md, Pages): image, category, 'Private' when not public, caption, date,
 * detected text; and the laundromat it shows, which opens its detail (left out where the whole page is that
 * laundromat's).
 */
export function PhotoCard({
  photo,
  canManage,
  showLaundromat = true,
  onEdit,
  onDelete,
}: {
  photo: Photo;
  canManage: boolean;
  showLaundromat?: boolean;
  onEdit: (photo: Photo) => void;
  onDelete: (photo: Photo) => void;
}) {
  const { t, locale } = useText();
  const src = photoThumbnailUrl(photo);
  const full = photoImageUrl(photo);
  const text = detectedText(photo);
  return (
    <Card className={styles.card} data-testid="photo-card">
      <div className={styles.imageBox}>
        {src && full ? (
          <a href={full} target="_blank" rel="noreferrer" className={styles.imageLink}>
            <img
              src={src}
              alt={photo.caption ?? t('gallery.photoAlt')}
              className={styles.image}
              loading="lazy"
            />
          </a>
        ) : (
          <span className={styles.noImage}>{t('gallery.noImage')}</span>
        )}
        <div className={styles.badges}>
          {photo.category && <Badge tone="info">{t(`gallery.categories.${photo.category}`)}</Badge>}
          {!photo.isPublic && <Badge>{t('gallery.private')}</Badge>}
          {photo.byOwner && (
            <Badge tone="outline" data-testid="owner-photo">
              {t('detail.ownerPhoto')}
            </Badge>
          )}
        </div>
        {canManage && (
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={styles.menuButton} aria-label={t('gallery.actions')}>
              <span aria-hidden="true">⋯</span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
                <DropdownMenu.Item className={styles.menuItem} onSelect={() => onEdit(photo)}>
                  {t('gallery.edit')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={`${styles.menuItem} ${styles.menuDanger}`}
                  onSelect={() => onDelete(photo)}
                >
                  {t('gallery.delete')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )}
      </div>
      <div className={styles.cardBody}>
        {showLaundromat && photo.laundromatId && photo.laundromatName && (
          <Link className={styles.place} to={laundromatDetailPath(photo.laundromatId)}>
            {photo.laundromatName}
          </Link>
        )}
        {photo.caption && <p className={styles.caption}>{photo.caption}</p>}
        <p className={styles.date}>
          <time dateTime={photo.createdAt}>
            {t('gallery.uploadedOn', { date: displayDate(photo.createdAt, locale) })}
          </time>
        </p>
        {text && (
          <div className={styles.detected}>
            <span className={styles.detectedLabel}>{t('gallery.detectedText')}</span>
            <p className={styles.detectedText} data-testid="detected-text">
              {text}
            </p>
          </div>
        )}
        {!text && isAwaitingOcr([photo], Date.now()) && (
          <p className={styles.date}>{t('gallery.readingText')}</p>
        )}
      </div>
    </Card>
  );
}
