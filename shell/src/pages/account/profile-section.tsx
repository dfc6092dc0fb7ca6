import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from '@laundry/ui';
import type { User } from '@laundry/contracts';
import { currentUserQueryKey } from '../../auth/use-current-user.ts';
import { accountApi, errorText } from './account-api.ts';
import { SectionStatus, type Outcome } from './section-status.tsx';
import styles from './account.module.css';

/** The name and picture the header's user menu shows. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [busy, setBusy] = useState<'name' | 'image' | undefined>();
  const [outcome, setOutcome] = useState<Outcome>();
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (what: 'name' | 'image', work: () => Promise<User>, done: string) => {
    setBusy(what);
    setOutcome(undefined);
    try {
      // The header reads the same query: it shows the new name or picture at once.
      queryClient.setQueryData(currentUserQueryKey, await work());
      setOutcome({ kind: 'success', text: done });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(undefined);
    }
  };

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    void run('name', () => accountApi.updateName({ firstName, lastName }), t('account.profile.saved'));
  };

  const chooseImage = (file: File | undefined) => {
    if (!file) return;
    void run('image', () => accountApi.uploadProfileImage(file), t('account.profile.pictureSaved'));
    if (fileInput.current) fileInput.current.value = '';
  };

  const initial = (user.firstName || user.email).charAt(0).toUpperCase();
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.profile.title')}</h2>
      <div className={styles.picture}>
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt={t('account.profile.pictureAlt')} className={styles.avatar} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initial}
          </span>
        )}
        <div className={styles.pictureActions}>
          <input
            ref={fileInput}
            id="account-picture"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,.heic"
            className={styles.fileInput}
            onChange={(event) => chooseImage(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            size="small"
            disabled={busy !== undefined}
            onClick={() => fileInput.current?.click()}
          >
            {busy === 'image'
              ? t('account.profile.uploading')
              : user.profileImageUrl
                ? t('account.profile.change')
                : t('account.profile.upload')}
          </Button>
          {user.profileImageUrl && (
            <Button
              variant="ghost"
              size="small"
              disabled={busy !== undefined}
              onClick={() =>
                void run('image', accountApi.removeProfileImage, t('account.profile.pictureRemoved'))
              }
            >
              {t('account.profile.remove')}
            </Button>
          )}
          <p className={styles.hint}>{t('account.profile.hint')}</p>
        </div>
      </div>
      <form className={styles.form} onSubmit={saveName}>
        <div className={styles.row}>
          <label className={styles.field}>
            <span>{t('account.profile.firstName')}</span>
            <input
              value={firstName}
              maxLength={100}
              autoComplete="given-name"
              onChange={(event) => setFirstName(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span>{t('account.profile.lastName')}</span>
            <input
              value={lastName}
              maxLength={100}
              autoComplete="family-name"
              onChange={(event) => setLastName(event.target.value)}
            />
          </label>
        </div>
        <Button type="submit" disabled={busy !== undefined}>
          {busy === 'name' ? t('common:actions.saving') : t('account.profile.save')}
        </Button>
      </form>
      <SectionStatus outcome={outcome} />
    </Card>
  );
}
