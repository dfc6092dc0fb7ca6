import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName, Card, Dialog } from '@laundry/ui';
import { accountApi, errorText } from './account-api.ts';
import { SectionStatus, type Outcome } from './section-status.tsx';
import styles from './account.module.css';

/** The person's rights over their data: a copy of all of it (export), or none of it kept (erasure). */
export function DataSection() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      await accountApi.eraseAccount(password);
      // The account is gone, and its session with it: a fresh page, signed out.
      window.location.assign('/');
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
      setBusy(false);
    }
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.data.title')}</h2>
      <p className={styles.muted}>{t('account.data.intro')}</p>
      <p className={styles.actions}>
        <a className={buttonClassName('secondary')} href="/api/me/export" download>
          {t('account.data.export')}
        </a>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('account.data.erase')}
        </Button>
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setOutcome(undefined);
        }}
        title={t('account.data.eraseTitle')}
        description={t('account.data.eraseWarning')}
      >
        <form className={styles.form} onSubmit={(event) => void erase(event)}>
          <label className={styles.field}>
            <span>{t('account.data.erasePassword')}</span>
            <input
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? t('account.data.erasing') : t('account.data.eraseConfirm')}
          </Button>
          <SectionStatus outcome={outcome} />
        </form>
      </Dialog>
    </Card>
  );
}
