import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from '@laundry/ui';
import { accountApi, accountSessionsQueryKey, errorText } from './account-api.ts';
import { SectionStatus, type Outcome } from './section-status.tsx';
import styles from './account.module.css';

/** A new password, asked with the current one; every other session ends. */
export function PasswordSection() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    try {
      await accountApi.changePassword({ currentPassword, newPassword });
      setOutcome({ kind: 'success', text: t('account.password.changed') });
      setCurrentPassword('');
      setNewPassword('');
      await queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.password.title')}</h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className={styles.field}>
          <span>{t('account.password.currentPassword')}</span>
          <input
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>{t('account.password.newPassword')}</span>
          <input
            type="password"
            required
            minLength={8}
            maxLength={200}
            autoComplete="new-password"
            aria-describedby="account-password-hint"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <span id="account-password-hint" className={styles.hint}>
            {t('account.password.hint')}
          </span>
        </label>
        <Button type="submit" disabled={busy}>
          {busy ? t('common:actions.saving') : t('account.password.submit')}
        </Button>
      </form>
      <SectionStatus outcome={outcome} />
    </Card>
  );
}
