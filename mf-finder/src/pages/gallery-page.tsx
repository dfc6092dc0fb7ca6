import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Photo } from '@laundry/contracts';
import { Button, buttonClassName, toast } from '@laundry/ui';
import { PhotoFetchError } from '../api/photos.ts';
import {
  galleryMode,
  galleryTitleKeys,
  laundromatDetailPath,
  photoMessageKeys,
  type CategoryFilter as Category,
} from '../domain/photo-display.ts';
import { CategoryFilter } from '../gallery/category-filter.tsx';
import { DeletePhotoDialog } from '../gallery/delete-photo-dialog.tsx';
import { EditPhotoDialog } from '../gallery/edit-photo-dialog.tsx';
import { PhotoGrid } from '../gallery/photo-grid.tsx';
import { UploadPhotosDialog } from '../gallery/upload-photos-dialog.tsx';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useLaundromat } from '../hooks/use-laundromat.ts';
import { usePhotoList } from '../hooks/use-photos.ts';
import { useText } from '../shared/use-text.ts';
import styles from '../gallery/gallery.module.css';

/**
 * The photo gallery (docs/product.md, Pages): /gallery, /gallery?userId=… ('My Photos') or
 * /gallery?laundromatId=….
 */
export default function GalleryPage() {
  const { t } = useText();
  const [params] = useSearchParams();
  const mode = galleryMode(params);
  const { user, isSignedIn, isLoading: userLoading } = useCurrentUser();
  const [category, setCategory] = useState<Category>('all');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [editing, setEditing] = useState<Photo | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);

  // docs/product.md, Roles: a user's photos are asked for only when signed in.
  const signedOutUserMode = mode.kind === 'user' && !userLoading && !isSignedIn;
  const photos = usePhotoList(mode, category, mode.kind !== 'user' || isSignedIn);
  const error = signedOutUserMode ? new PhotoFetchError({ key: photoMessageKeys.signIn }) : photos.error;
  // 'Laundromat Photos' says whose: the laundromat's name, from its record, or its photos' until that arrives.
  const laundromatId = mode.kind === 'laundromat' ? mode.laundromatId : null;
  const laundromat = useLaundromat(laundromatId);
  const laundromatName = laundromat.data?.name ?? photos.data?.find((p) => p.laundromatName)?.laundromatName;

  const openUpload = () => {
    if (!isSignedIn) {
      toast({ title: `${t('messages.auth.signInRequiredTitle')}: ${t('upload.signIn')}` });
      return;
    }
    setUploadOpen(true);
  };

  return (
    <section className={styles.page}>
      <div className={styles.toolbar}>
        <Link className={buttonClassName('ghost', 'small')} to="/">
          ← {t('gallery.backToMap')}
        </Link>
        {isSignedIn && (
          <Link className={buttonClassName('ghost', 'small')} to="/favorites">
            {t('gallery.myFavorites')}
          </Link>
        )}
        <Button size="small" className={styles.uploadButton} onClick={openUpload}>
          {t('gallery.upload')}
        </Button>
      </div>
      <h1 className={styles.title}>{t(galleryTitleKeys[mode.kind])}</h1>
      {laundromatId && laundromatName && (
        <p className={styles.subtitle}>
          <Link className={styles.place} to={laundromatDetailPath(laundromatId)}>
            {laundromatName}
          </Link>
        </p>
      )}
      {user && (
        <nav className={styles.modes} aria-label={t('gallery.modes')}>
          <Link to="/gallery" aria-current={mode.kind === 'all' ? 'page' : undefined}>
            {t('gallery.titles.all')}
          </Link>
          <Link
            to={`/gallery?userId=${encodeURIComponent(user.id)}`}
            aria-current={mode.kind === 'user' && mode.userId === user.id ? 'page' : undefined}
          >
            {t('gallery.titles.user')}
          </Link>
        </nav>
      )}
      <CategoryFilter value={category} onChange={setCategory} />
      <PhotoGrid
        photos={photos.data}
        isPending={!signedOutUserMode && (userLoading || photos.isPending)}
        error={error}
        userId={user?.id ?? null}
        showLaundromats={mode.kind !== 'laundromat'}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <UploadPhotosDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        laundromatId={mode.kind === 'laundromat' ? mode.laundromatId : null}
      />
      <EditPhotoDialog photo={editing} onClose={() => setEditing(null)} />
      <DeletePhotoDialog photo={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
