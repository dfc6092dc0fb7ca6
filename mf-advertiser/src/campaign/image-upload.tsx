import { useId, useState, type ChangeEvent } from 'react';
import { isOwnAdImage, type AdImageUploadResponse } from '@laundry/contracts';
import { Button, buttonClassName, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { Field } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import styles from './creatives.module.css';

/**
 * An ad's image: the advertiser uploads a file (POST /api/photos/ad-image: checked by its bytes, resized,
 * served from our own site), never types an address. An image an older campaign names at another website is
 * shown to nobody, which the field says, with a way to replace it.
 */
export function ImageUpload({
  id,
  value,
  onValue,
  error,
}: {
  id: string;
  value: string;
  onValue: (imageUrl: string) => void;
  error?: I18nText | undefined;
}) {
  const { t, failure } = useText();
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const statusId = useId();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setRefused(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const stored = await request<AdImageUploadResponse>('POST', '/api/photos/ad-image', form);
      onValue(stored.imageUrl);
    } catch (caught) {
      const message = failure(caught);
      setRefused(message);
      toast({ title: t('campaign.image.failed'), description: message, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  const own = isOwnAdImage(value);
  return (
    <Field id={id} label={t('campaign.image.label')} hint={t('campaign.image.hint')} error={error}>
      {(control) => (
        <div className={styles.image}>
          {own && <img className={styles.thumb} src={value} alt={t('campaign.image.preview')} />}
          {value && !own && (
            <p className={styles.foreign} data-testid={`${id}-foreign`}>
              {t('campaign.image.foreign')}
            </p>
          )}
          <div className={styles.imageActions}>
            <label className={`${buttonClassName('secondary', 'small')} ${styles.upload}`}>
              <input
                {...control}
                className={styles.fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic"
                disabled={uploading}
                onChange={(event) => void upload(event)}
              />
              <span aria-hidden="true">
                {value ? t('campaign.image.replace') : t('campaign.image.choose')}
              </span>
            </label>
            {value && (
              <Button variant="secondary" size="small" onClick={() => onValue('')} disabled={uploading}>
                {t('campaign.image.remove')}
              </Button>
            )}
          </div>
          <p id={statusId} role="status" className={styles.status}>
            {uploading ? t('campaign.image.uploading') : (refused ?? '')}
          </p>
        </div>
      )}
    </Field>
  );
}
