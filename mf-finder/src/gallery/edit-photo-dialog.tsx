import { useState, type FormEvent } from 'react';
import { photoCategories, type Photo } from '@laundry/contracts';
import { Button, Dialog, DialogFooter, Switch } from '@laundry/ui';
import {
  checkPhotoEdit,
  photoEditValues,
  type PhotoEditCheck,
  type PhotoEditValues,
} from '../domain/photo-edit.ts';
import { useUpdatePhoto } from '../hooks/use-photos.ts';
import { useText } from '../shared/use-text.ts';
import styles from './gallery.module.css';

/**
 * docs/product.md, Pages and Validation: the owner changes caption, category and visibility; the list is
 * fetched again after.
 */
export function EditPhotoDialog({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const { t } = useText();
  return (
    <Dialog open={photo !== null} onOpenChange={(open) => !open && onClose()} title={t('gallery.editTitle')}>
      {photo && <EditPhotoForm key={photo.id} photo={photo} onClose={onClose} />}
    </Dialog>
  );
}

function EditPhotoForm({ photo, onClose }: { photo: Photo; onClose: () => void }) {
  const { t, text } = useText();
  const [values, setValues] = useState<PhotoEditValues>(() => photoEditValues(photo));
  const [errors, setErrors] = useState<Extract<PhotoEditCheck, { ok: false }>['errors']>({});
  const update = useUpdatePhoto(onClose);
  const set = <K extends keyof PhotoEditValues>(key: K, value: PhotoEditValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPhotoEdit(values);
    if (!check.ok) return setErrors(check.errors);
    update.mutate({ id: photo.id, request: check.request });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor="edit-photo-caption">{t('gallery.caption')}</label>
        <input
          id="edit-photo-caption"
          className={styles.input}
          value={values.caption}
          placeholder={t('gallery.captionPlaceholder')}
          onChange={(event) => set('caption', event.target.value)}
          aria-invalid={errors.caption ? true : undefined}
          aria-describedby={errors.caption ? 'edit-photo-caption-error' : undefined}
        />
        {errors.caption && (
          <span id="edit-photo-caption-error" className={styles.error}>
            {text(errors.caption)}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="edit-photo-category">{t('gallery.category')}</label>
        <select
          id="edit-photo-category"
          className={styles.input}
          value={values.category}
          onChange={(event) => set('category', event.target.value as PhotoEditValues['category'])}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? 'edit-photo-category-error' : undefined}
        >
          {values.category === '' && <option value="">{t('gallery.chooseCategory')}</option>}
          {photoCategories.map((category) => (
            <option key={category} value={category}>
              {t(`gallery.categories.${category}`)}
            </option>
          ))}
        </select>
        {errors.category && (
          <span id="edit-photo-category-error" className={styles.error}>
            {text(errors.category)}
          </span>
        )}
      </div>
      <div className={styles.switchRow}>
        <Switch
          id="edit-photo-public"
          checked={values.isPublic}
          onCheckedChange={(checked) => set('isPublic', checked)}
        />
        <label htmlFor="edit-photo-public">{t('gallery.isPublic')}</label>
      </div>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('common:actions.saving') : t('common:actions.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
