import { useState, type FormEvent } from 'react';
import { photoCategories } from '@laundry/contracts';
import { Button, buttonClassName, Dialog, DialogFooter, Switch } from '@laundry/ui';
import {
  checkUpload,
  initialUploadFormValues,
  photoUploadRules,
  type UploadFormValues,
} from '../domain/photo-upload.ts';
import { usePhotoUpload } from '../hooks/use-photo-upload.ts';
import { useText } from '../shared/use-text.ts';
import styles from './gallery.module.css';

/** Upload Photos: files with category, caption and visibility, sent with progress; same rules as the service. */
export function UploadPhotosDialog({
  open,
  onOpenChange,
  laundromatId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  laundromatId: string | null;
}) {
  const { t } = useText();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upload.title')}
      description={laundromatId ? t('upload.forLaundromat') : t('upload.description')}
    >
      {open && <UploadForm laundromatId={laundromatId} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function UploadForm({ laundromatId, onClose }: { laundromatId: string | null; onClose: () => void }) {
  const { t, text } = useText();
  const [files, setFiles] = useState<File[]>([]);
  const [values, setValues] = useState<UploadFormValues>(initialUploadFormValues);
  const [attempted, setAttempted] = useState(false);
  const { upload, progress, isUploading, cancel } = usePhotoUpload(onClose);
  const check = checkUpload(files, values, laundromatId);
  const filesError = attempted || files.length > 0 ? check.files : null;
  const captionError = check.caption;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.ok) return;
    void upload(files, check.fields);
  };
  const close = () => {
    cancel();
    onClose();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor="upload-files">{t('upload.files')}</label>
        {/* The native input lies invisibly over a button in the page's language; its own text would follow
            the browser's language instead. */}
        <div className={styles.filePicker}>
          <span className={buttonClassName('secondary', 'small')} aria-hidden="true">
            {t('upload.choose')}
          </span>
          <input
            id="upload-files"
            type="file"
            className={styles.fileInput}
            accept={photoUploadRules.accept}
            multiple
            disabled={isUploading}
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            aria-invalid={filesError ? true : undefined}
            aria-describedby={
              filesError
                ? 'upload-files-chosen upload-files-hint upload-files-error'
                : 'upload-files-chosen upload-files-hint'
            }
          />
          <span id="upload-files-chosen" className={styles.chosen}>
            {files.length > 0 ? files.map((file) => file.name).join(', ') : t('upload.noneChosen')}
          </span>
        </div>
        <span id="upload-files-hint" className={styles.hint}>
          {t('upload.hint', {
            max: photoUploadRules.maxFileBytes / (1024 * 1024),
            maxFiles: photoUploadRules.maxFiles,
          })}
        </span>
        {filesError && (
          <span id="upload-files-error" className={styles.error}>
            {text(filesError)}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="upload-category">{t('gallery.category')}</label>
        <select
          id="upload-category"
          className={styles.input}
          value={values.category}
          disabled={isUploading}
          onChange={(event) =>
            setValues({ ...values, category: event.target.value as UploadFormValues['category'] })
          }
        >
          <option value="">{t('gallery.chooseCategory')}</option>
          {photoCategories.map((category) => (
            <option key={category} value={category}>
              {t(`gallery.categories.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="upload-caption">{t('gallery.caption')}</label>
        <input
          id="upload-caption"
          className={styles.input}
          value={values.caption}
          disabled={isUploading}
          placeholder={t('gallery.captionPlaceholder')}
          onChange={(event) => setValues({ ...values, caption: event.target.value })}
          aria-invalid={captionError ? true : undefined}
          aria-describedby={captionError ? 'upload-caption-error' : undefined}
        />
        {captionError && (
          <span id="upload-caption-error" className={styles.error}>
            {text(captionError)}
          </span>
        )}
      </div>
      <div className={styles.switchRow}>
        <Switch
          id="upload-public"
          checked={values.isPublic}
          disabled={isUploading}
          onCheckedChange={(checked) => setValues({ ...values, isPublic: checked })}
        />
        <label htmlFor="upload-public">{t('gallery.isPublic')}</label>
      </div>
      {progress && (
        <div className={styles.progress}>
          <label htmlFor="upload-progress">
            {t('upload.progress', {
              index: progress.index,
              total: progress.count,
              name: progress.name,
              percent: progress.percent,
            })}
          </label>
          <progress id="upload-progress" max={100} value={progress.percent}>
            {progress.percent}%
          </progress>
        </div>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={isUploading}>
          {isUploading ? t('upload.uploading') : t('upload.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
