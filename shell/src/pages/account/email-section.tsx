import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card } from '@laundry/ui';
import type { User } from '@laundry/contracts';
import { accountApi, errorText } from './account-api.ts';
import { SectionStatus, type Outcome } from './section-status.tsx';
import styles from './account.module.css';

/** A new address, asked with the current password; it takes effect from the link mailed to it. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      await accountApi.changeEmail({ newEmail, currentPassword });
      setOutcome({ kind: 'success', text: t('account.email.sent', { email: newEmail.trim() }) });
      setNewEmail('');
      setCurrentPassword('');
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.email.title')}</h2>
      <p className={styles.currentEmail}>
        <span className={styles.muted}>{t('account.email.current')}</span>{' '}
        <strong className={styles.breakable}>{user.email}</strong>{' '}
        <Badge tone={user.emailVerified ? 'open' : 'outline'}>
          {user.emailVerified ? t('account.email.verified') : t('account.email.notVerified')}
        </Badge>
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className={styles.field}>
          <span>{t('account.email.newEmail')}</span>
          <input
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('account.email.currentPassword')}</span>
          <input
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </label>
        <Button type="submit" disabled={busy}>
          {busy ? t('common:actions.saving') : t('account.email.submit')}
        </Button>
      </form>
      <SectionStatus outcome={outcome} />
    </Card>
  );
}
