import { Link, useSearchParams } from 'react-router';
import { Button, Card, buttonClassName } from '@laundry/ui';
import { useAdvertiser } from '../api/queries.ts';
import { useAcceptInvitation, useTeam, useTeamChanges } from '../api/team.ts';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { canDo } from '../domain/team-role.ts';
import { InvitationList, InviteForm, MemberList } from '../team/team-sections.tsx';
import pageStyles from '../components/page.module.css';
import styles from '../settings/settings.module.css';

/** The invitation mail's link (?invitation=…): the signed-in person accepts it here. */
function AcceptInvitation({ token }: { token: string }) {
  const { t, failure } = useText();
  const accept = useAcceptInvitation();
  const joined = accept.data;
  return (
    <div className={pageStyles.page}>
      <Card className={pageStyles.messageCard} data-testid="team-accept">
        {joined ? (
          <>
            <h1>{t('team.accept.doneTitle', { business: joined.businessName })}</h1>
            <p>{t('team.accept.doneText', { role: t(`team.roles.${joined.role}`) })}</p>
            <Link className={buttonClassName()} to="/advertiser/dashboard">
              {t('team.accept.toDashboard')}
            </Link>
          </>
        ) : (
          <>
            <h1>{t('team.accept.title')}</h1>
            <p>{t('team.accept.text')}</p>
            {accept.isError && (
              <p className={styles.error} role="alert">
                {failure(accept.error)}
              </p>
            )}
            <div>
              <Button disabled={accept.isPending} onClick={() => accept.mutate(token)}>
                {accept.isPending ? t('team.accept.accepting') : t('team.accept.button')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}

/**
 * /advertiser/team: the owner invites colleagues as managers or viewers, changes their roles, removes them
 * and withdraws invitations not yet accepted; a member is told the team is the owner's. With an
 * invitation's link, the signed-in person accepts it.
 */
export default function TeamPage() {
  const { t } = useText();
  const [search] = useSearchParams();
  const token = search.get('invitation');
  const { isSignedIn, isLoading, profile, error, refetch } = useAdvertiser();
  const isOwner = canDo(profile, 'team');
  const team = useTeam(isOwner && !token);
  const changes = useTeamChanges();
  useScrollToTop();

  if (isLoading) return <PageLoading />;
  if (!isSignedIn)
    return (
      <SignInCard
        returnTo={token ? `/advertiser/team?invitation=${encodeURIComponent(token)}` : '/advertiser/team'}
        text={token ? t('team.accept.signIn') : undefined}
      />
    );
  if (token) return <AcceptInvitation token={token} />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;
  if (!profile) return <WelcomeCard />;

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <h1 className={pageStyles.title}>{t('team.title')}</h1>
          <p className={pageStyles.subtitle}>{t('team.subtitle')}</p>
        </div>
      </header>
      {!isOwner ? (
        <p className={pageStyles.notice} data-testid="team-not-owner">
          {t('team.notOwner', { role: t(`team.roles.${profile.role}`) })}
        </p>
      ) : team.isPending ? (
        <PageLoading />
      ) : team.isError ? (
        <LoadFailed onRetry={() => void team.refetch()} />
      ) : (
        <div className={styles.layout}>
          <section className={styles.group} aria-labelledby="team-invite">
            <h2 id="team-invite" className={styles.groupTitle}>
              {t('team.invite.title')}
            </h2>
            <p className={styles.groupText}>{t('team.invite.text')}</p>
            <InviteForm invite={changes.invite} />
          </section>
          <section className={styles.group} aria-labelledby="team-members">
            <h2 id="team-members" className={styles.groupTitle}>
              {t('team.members.title')}
            </h2>
            <MemberList members={team.data.members} changes={changes} />
          </section>
          <section className={styles.group} aria-labelledby="team-invitations">
            <h2 id="team-invitations" className={styles.groupTitle}>
              {t('team.invitations.title')}
            </h2>
            <InvitationList invitations={team.data.invitations} withdraw={changes.withdraw} />
          </section>
        </div>
      )}
    </div>
  );
}
