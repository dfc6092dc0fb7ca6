import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@laundry/ui';
import { useInstallPrompt } from './use-install-prompt.ts';
import styles from './overlays.module.css';

/** The install card; `held` while something else (the cookie banner) asks for the person's attention. */
export function InstallPrompt({ held = false }: { held?: boolean }) {
  const { t } = useTranslation('shell');
  const { visible: due, ios, install, dismiss } = useInstallPrompt();
  const visible = due && !held;
  const [instructionsOpen, setInstructionsOpen] = useState(false);

  return (
    <>
      {visible && (
        <section className={styles.installCard} aria-labelledby="install-prompt-title">
          <div className={styles.cardHeader}>
            <h2 id="install-prompt-title" className={styles.cardTitle}>
              {t('install.title')}
            </h2>
            <Button variant="ghost" size="icon" aria-label={t('install.close')} onClick={dismiss}>
              <span aria-hidden="true">✕</span>
            </Button>
          </div>
          <p className={styles.cardText}>{t('install.text')}</p>
          <div className={styles.actions}>
            <Button onClick={() => (ios ? setInstructionsOpen(true) : void install())}>
              {ios ? t('install.showInstructions') : t('install.installApp')}
            </Button>
            <Button variant="secondary" onClick={dismiss}>
              {t('install.maybeLater')}
            </Button>
          </div>
        </section>
      )}
      <Dialog
        open={instructionsOpen}
        onOpenChange={setInstructionsOpen}
        title={t('install.ios.title')}
        description={t('install.ios.intro')}
      >
        <ol className={styles.steps}>
          <li>{t('install.ios.step1')}</li>
          <li>{t('install.ios.step2')}</li>
          <li>{t('install.ios.step3')}</li>
        </ol>
        <Button onClick={() => setInstructionsOpen(false)}>{t('install.ios.done')}</Button>
      </Dialog>
    </>
  );
}
