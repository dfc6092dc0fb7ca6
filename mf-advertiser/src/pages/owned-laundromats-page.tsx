import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Dialog, Skeleton, buttonClassName, toast } from '@laundry/ui';
import {
  ownedLaundromatsKey,
  promoteLaundromat,
  releaseLaundromat,
  useOwnedLaundromats,
} from '../api/claims.ts';
import { useCurrentUser, useLaundromatNames } from '../api/queries.ts';
import { useOwnerSuggestions } from '../api/suggestions.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { claimStatusText, ownedRows, type OwnedRow } from '../domain/claim.ts';
import { formatDay } from '../domain/formats.ts';
import { waitingCount } from '../domain/owner-suggestions.ts';
import { PendingTransfer, TransferDialog } from '../claim/transfer-dialog.tsx';
import pageStyles from '../components/page.module.css';
import styles from '../claim/claim.module.css';

/**
 * /advertiser/laundromats (docs/product.md, Pages): the laundromats the person owns and their open claims,
 * each with its state, 'Transfer' to another person (and a waiting transfer's 'Cancel') and 'Give up' (after
 * a confirmation), from GET /api/owner/laundromats.
 */
export default function OwnedLaundromatsPage() {
  const { t, text, failure, locale } = useText();
  const user = useCurrentUser();
  const owned = useOwnedLaundromats(user.isSignedIn);
  const queryClient = useQueryClient();
  useScrollToTop();
  const rows = useMemo(() => (owned.data ? ownedRows(owned.data) : []), [owned.data]);
  const names = useLaundromatNames(useMemo(() => rows.map((row) => row.claim.laundromatId), [rows]));
  const [leaving, setLeaving] = useState<OwnedRow | null>(null);
  const [handing, setHanding] = useState<{ id: string; name: string } | null>(null);
  const nameOf = (row: OwnedRow) => names.get(row.claim.laundromatId) ?? t('claims.unknownName');
  // The edits people suggested, counted for the link: asked for only once a laundromat is verified.
  const ownsAny = rows.some((row) => row.verified);
  const suggestions = useOwnerSuggestions(user.isSignedIn && ownsAny);
  const waiting = waitingCount(suggestions.data);

  const release = useMutation({
    mutationFn: (laundromatId: string) => releaseLaundromat(laundromatId),
    onSuccess: () => toast({ title: t('claims.givenUp'), variant: 'success' }),
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({ title: t('claims.giveUpFailed'), description: failure(error), variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownedLaundromatsKey }),
  });

  // 'Promote': a draft campaign from the listing, opened in the campaign editor.
  const navigate = useNavigate();
  const promote = useMutation({
    mutationFn: (laundromatId: string) => promoteLaundromat(laundromatId),
    onSuccess: (campaign) => void navigate(`/campaigns/${encodeURIComponent(campaign.id)}/edit`),
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({ title: t('promote.failed'), description: failure(error), variant: 'destructive' });
    },
  });

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo="/advertiser/laundromats" text={t('claims.signInListText')} />;
  if (owned.error) return <LoadFailed onRetry={() => void owned.refetch()} />;

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <h1 className={pageStyles.title}>{t('claims.listTitle')}</h1>
          <p className={pageStyles.subtitle}>{t('claims.listSubtitle')}</p>
        </div>
        {ownsAny && (
          <nav className={pageStyles.headerActions} aria-label={t('suggestions.title')}>
            <Link
              className={buttonClassName('secondary')}
              to="/advertiser/suggestions"
              data-testid="owned-suggestions"
            >
              {t('suggestions.title')}
              {waiting > 0 && (
                <>
                  <Badge tone="info" aria-hidden="true" data-testid="owned-suggestions-count">
                    {waiting}
                  </Badge>
                  <span className="visually-hidden"> {t('suggestions.waiting', { count: waiting })}</span>
                </>
              )}
            </Link>
          </nav>
        )}
      </header>
      {owned.isPending ? (
        <div aria-busy="true">
          <Skeleton height="5rem" />
        </div>
      ) : rows.length === 0 ? (
        <Card className={pageStyles.messageCard} data-testid="owned-empty">
          <h2>{t('claims.emptyTitle')}</h2>
          <p>{t('claims.emptyText')}</p>
          <a className={buttonClassName()} href="/">
            {t('claims.findLink')}
          </a>
        </Card>
      ) : (
        <ul className={styles.list} aria-label={t('claims.listTitle')}>
          {rows.map((row) => {
            const name = nameOf(row);
            const pending = owned.data?.transfers?.find(
              (transfer) => transfer.laundromatId === row.claim.laundromatId,
            );
            return (
              <li key={row.claim.id}>
                <Card className={styles.row} data-testid="owned-row">
                  <div className={styles.rowText}>
                    <h2 className={styles.rowTitle}>
                      {names.get(row.claim.laundromatId) === undefined ? <Skeleton width="10rem" /> : name}
                      <Badge tone={row.verified ? 'info' : 'neutral'} data-testid="owned-status">
                        {text(claimStatusText(row.claim.status))}
                      </Badge>
                    </h2>
                    <p className={styles.rowMeta}>
                      {row.claim.method === 'email-domain'
                        ? t('claims.viaEmail', { email: row.claim.email ?? '' })
                        : row.claim.method === 'transfer'
                          ? t('claims.transfer.via')
                          : t('claims.viaDocument')}
                      {' · '}
                      {formatDay(row.claim.verifiedAt ?? row.claim.createdAt, locale)}
                    </p>
                  </div>
                  <div className={styles.rowActions}>
                    {row.verified && (
                      <Link
                        className={buttonClassName()}
                        to={`/advertiser/laundromats/${encodeURIComponent(row.claim.laundromatId)}/edit`}
                        aria-label={t('listing.editNamed', { name })}
                      >
                        {t('listing.edit')}
                      </Link>
                    )}
                    {row.verified && (
                      <Link
                        className={buttonClassName('secondary')}
                        to={`/advertiser/laundromats/${encodeURIComponent(row.claim.laundromatId)}/insights`}
                        aria-label={t('insights.linkNamed', { name })}
                        data-testid="owned-insights"
                      >
                        {t('insights.link')}
                      </Link>
                    )}
                    {row.verified && (
                      <Link
                        className={buttonClassName('secondary')}
                        to={`/advertiser/laundromats/${encodeURIComponent(row.claim.laundromatId)}/machines`}
                        aria-label={t('machines.linkNamed', { name })}
                        data-testid="owned-machines"
                      >
                        {t('machines.link')}
                      </Link>
                    )}
                    {row.verified && (
                      <Button
                        variant="secondary"
                        onClick={() => promote.mutate(row.claim.laundromatId)}
                        disabled={promote.isPending}
                        aria-label={t('promote.buttonNamed', { name })}
                        data-testid="owned-promote"
                      >
                        {t('promote.button')}
                      </Button>
                    )}
                    {row.claim.status === 'awaiting-code' && (
                      <Link
                        className={buttonClassName()}
                        to={`/advertiser/claim/${encodeURIComponent(row.claim.laundromatId)}`}
                      >
                        {t('claims.enterCode')}
                      </Link>
                    )}
                    {row.verified && !pending && (
                      <Button
                        variant="secondary"
                        onClick={() => setHanding({ id: row.claim.laundromatId, name })}
                        aria-label={t('claims.transfer.buttonNamed', { name })}
                        data-testid="owned-transfer"
                      >
                        {t('claims.transfer.button')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      onClick={() => setLeaving(row)}
                      disabled={release.isPending && release.variables === row.claim.laundromatId}
                      aria-label={t('claims.giveUpNamed', { name })}
                    >
                      {t('claims.giveUp')}
                    </Button>
                  </div>
                  {row.verified && pending && <PendingTransfer transfer={pending} name={name} />}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <TransferDialog laundromat={handing} onClose={() => setHanding(null)} />
      <Dialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={t(leaving?.verified === false ? 'claims.withdrawTitle' : 'claims.giveUpTitle')}
        description={t(leaving?.verified === false ? 'claims.withdrawText' : 'claims.giveUpText', {
          name: leaving ? nameOf(leaving) : '',
        })}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setLeaving(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (leaving) release.mutate(leaving.claim.laundromatId);
              setLeaving(null);
            }}
          >
            {t('claims.giveUp')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
