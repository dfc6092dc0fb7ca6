import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Spinner } from '@laundry/ui';
import type { AccountSession } from '@laundry/contracts';
import { accountApi, accountSessionsQueryKey, errorText } from './account-api.ts';
import { SectionStatus, type Outcome } from './section-status.tsx';
import styles from './account.module.css';

/** "Chrome on Windows", from what the session list kept of the browser. */
function deviceName(session: AccountSession, t: TFunction<'shell'>): string {
  const browser = session.browser ?? t('account.sessions.unknownBrowser');
  if (!session.os) return browser;
  return t('account.sessions.device', { browser, os: session.os });
}

/** The person's signed-in sessions, each one endable, and 'Sign out everywhere else'. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('shell');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: accountSessionsQueryKey, queryFn: accountApi.sessions });
  const [busy, setBusy] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (which: string, work: () => Promise<unknown>, done: string) => {
    setBusy(which);
    setOutcome(undefined);
    try {
      await work();
      setOutcome({ kind: 'success', text: done });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(undefined);
      await queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    }
  };

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('account.sessions.title')}</h2>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <p className={styles.error}>{errorText(sessions.error, t)}</p>}
      <ul className={styles.sessions}>
        {list.map((session) => (
          <li key={session.id} className={styles.session}>
            <div className={styles.sessionText}>
              <p className={styles.sessionName}>
                {deviceName(session, t)}{' '}
                {session.current && <Badge tone="open">{t('account.sessions.thisDevice')}</Badge>}
              </p>
              <p className={styles.muted}>
                {t('account.sessions.signedIn', { date: date.format(new Date(session.createdAt)) })}
                {' · '}
                {t('account.sessions.lastActive', { date: date.format(new Date(session.lastSeenAt)) })}
                {session.address && ` · ${t('account.sessions.address', { address: session.address })}`}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="small"
                disabled={busy !== undefined}
                onClick={() =>
                  void run(
                    session.id,
                    () => accountApi.endSession(session.id),
                    t('account.sessions.sessionEnded'),
                  )
                }
              >
                {busy === session.id ? t('account.sessions.signingOut') : t('account.sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {sessions.isSuccess && others.length === 0 && (
        <p className={styles.muted}>{t('account.sessions.onlyThisDevice')}</p>
      )}
      <Button
        variant="danger"
        disabled={busy !== undefined || !sessions.isSuccess}
        onClick={() => void run('others', accountApi.endOtherSessions, t('account.sessions.othersSignedOut'))}
      >
        {busy === 'others' ? t('account.sessions.signingOut') : t('account.sessions.signOutOthers')}
      </Button>
      <SectionStatus outcome={outcome} />
    </Card>
  );
}
