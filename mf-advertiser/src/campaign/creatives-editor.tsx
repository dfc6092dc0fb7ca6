import { Button } from '@laundry/ui';
import { TextAreaField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { emptyCreative, maxCreatives, type CreativeFormValues } from '../domain/campaign-extras.ts';
import type { FieldErrors } from '../domain/validation-messages.ts';
import { ImageUpload } from './image-upload.tsx';
import formStyles from '../components/form.module.css';
import styles from './creatives.module.css';

/**
 * The further creatives (up to four beside the campaign's own content), each with its title, description,
 * image and link. Creative 1 is the campaign's own, above; these are numbered from 2.
 */
export function CreativesEditor({
  value,
  onChange,
  errors,
}: {
  value: CreativeFormValues[];
  onChange: (creatives: CreativeFormValues[]) => void;
  errors: FieldErrors;
}) {
  const { t, text } = useText();
  const change = (index: number, patch: Partial<CreativeFormValues>) =>
    onChange(value.map((creative, i) => (i === index ? { ...creative, ...patch } : creative)));
  const listError = errors.creatives;
  return (
    <div className={styles.creatives} data-testid="creatives">
      <p className={formStyles.hint}>{t('campaign.creatives.text', { max: maxCreatives })}</p>
      {value.map((creative, index) => {
        const n = index + 2;
        const id = (field: string) => `campaign-creatives-${index}-${field}`;
        const error = (field: string) => errors[`creatives.${index}.${field}`];
        return (
          <fieldset
            key={creative.id ?? `new-${index}`}
            className={styles.creative}
            data-testid={`creative-${n}`}
          >
            <legend className={styles.creativeTitle}>{t('campaign.creatives.item', { n })}</legend>
            <div className={formStyles.grid}>
              <TextField
                id={id('title')}
                label={t('campaign.fields.title')}
                value={creative.title}
                onValue={(title) => change(index, { title })}
                error={error('title')}
                required
                className={formStyles.wide}
              />
              <TextAreaField
                id={id('description')}
                label={t('campaign.fields.description')}
                value={creative.description}
                onValue={(description) => change(index, { description })}
                error={error('description')}
                className={formStyles.wide}
              />
              <ImageUpload
                id={id('imageUrl')}
                value={creative.imageUrl}
                onValue={(imageUrl) => change(index, { imageUrl })}
                error={error('imageUrl')}
              />
              <TextField
                id={id('targetUrl')}
                label={t('campaign.fields.targetUrl')}
                value={creative.targetUrl}
                onValue={(targetUrl) => change(index, { targetUrl })}
                error={error('targetUrl')}
                required
                input={{
                  type: 'url',
                  inputMode: 'url',
                  placeholder: t('campaign.fields.targetUrlPlaceholder'),
                }}
              />
            </div>
            <div className={styles.creativeActions}>
              <Button
                variant="secondary"
                size="small"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('campaign.creatives.remove', { n })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      {listError && (
        <p id="campaign-creatives" className={styles.error} tabIndex={-1}>
          {text(listError)}
        </p>
      )}
      {value.length < maxCreatives - 1 && (
        <div>
          <Button variant="secondary" onClick={() => onChange([...value, emptyCreative()])}>
            {t('campaign.creatives.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
