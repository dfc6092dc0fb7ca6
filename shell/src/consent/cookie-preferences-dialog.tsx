import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Switch } from '@laundry/ui';
import { necessaryOnlyConsent, type CookieConsent } from './cookie-consent-rules.ts';
import styles from './consent.module.css';

export interface CookiePreferencesDialogProps {
  open: boolean;
  consent: CookieConsent | null;
  onSave: (consent: CookieConsent) => void;
  onCancel: () => void;
}

const categories = ['necessary', 'analytics', 'advertising'] as const;

export function CookiePreferencesDialog({ open, consent, onSave, onCancel }: CookiePreferencesDialogProps) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [draft, setDraft] = useState<CookieConsent>(consent ?? necessaryOnlyConsent);

  // Each opening starts from the stored choice, not from toggles left by a cancelled edit.
  useEffect(() => {
    if (open) setDraft(consent ?? necessaryOnlyConsent);
  }, [open, consent]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t('cookies.preferences.title')}
      description={t('cookies.preferences.description')}
    >
      <ul className={styles.categories}>
        {categories.map((category) => {
          const labelId = `${id}-${category}-label`;
          const descriptionId = `${id}-${category}-description`;
          return (
            <li key={category} className={styles.category}>
              <div>
                <h3 id={labelId} className={styles.categoryTitle}>
                  {t(`cookies.preferences.${category}.title`)}
                </h3>
                <p id={descriptionId} className={styles.text}>
                  {t(`cookies.preferences.${category}.description`)}
                </p>
                {category === 'necessary' && (
                  <p className={styles.alwaysOn}>{t('cookies.preferences.alwaysOn')}</p>
                )}
              </div>
              <Switch
                checked={category === 'necessary' ? true : draft[category]}
                disabled={category === 'necessary'}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                onCheckedChange={(checked) => {
                  if (category !== 'necessary') setDraft((current) => ({ ...current, [category]: checked }));
                }}
              />
            </li>
          );
        })}
      </ul>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('cookies.preferences.cancel')}
        </Button>
        <Button onClick={() => onSave(draft)}>{t('cookies.preferences.save')}</Button>
      </div>
    </Dialog>
  );
}
