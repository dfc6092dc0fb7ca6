import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, buttonClassName, toast } from '@laundry/ui';
import { acceptTransfer, ownedLaundromatsKey, transferKey, useIncomingTransfer } from '../api/claims.ts';
import { useCurrentUser, useLaundromatNames } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { serverMessageOf, statusOf } from '../domain/api-errors.ts';
import { formatDay } from '../domain/formats.ts';
import pageStyles from '../components/page.module.css';
import styles from '../claim/claim.module.css';

/**
 * /advertiser/transfers/{transferId}, the link of a transfer's mail: its recipient, signed in with the address
 * it was sent to, accepts and the laundromat is theirs; anyone else is told to sign in with that address.
 */
export default function TransferAcceptPage() {
  const { transferId = '' } = useParams();
  const { t, failure, locale } = useText();
  const user = useCurrentUser();
  const transfer = useIncomingTransfer(transferId, user.isSignedIn);
  const names = useLaundromatNames(
    useMemo(() => (transfer.data ? [transfer.data.laundromatId] : []), [transfer.data]),
  );
  const name = transfer.data ? names.get(transfer.data.laundromatId) : undefined;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useScrollToTop();

  const accept = useMutation({
    mutationFn: () => acceptTransfer(transferId),
    onSuccess: () => {
      toast({
        title: t('claims.transfer.accepted', { name: name ?? t('claims.unknownName') }),
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: ownedLaundromatsKey });
      void navigate('/advertiser/laundromats');
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('claims.transfer.acceptFailed'),
        description: failure(error),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: transferKey(transferId) });
    },
  });

  const returnTo = `/advertiser/transfers/${encodeURIComponent(transferId)}`;
  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn) return <SignInCard returnTo={returnTo} text={t('claims.transfer.signInText')} />;
  if (transfer.isPending) return <PageLoading />;

  const message = (title: string, text: string) => (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <Card className={pageStyles.messageCard} data-testid="transfer-message">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link className={buttonClassName('secondary')} to="/advertiser/laundromats">
          {t('claims.listTitle')}
        </Link>
      </Card>
    </div>
  );

  if (transfer.error) {
    const status = statusOf(transfer.error);
    if (status === 403)
      return message(t('claims.transfer.otherAccountTitle'), t('claims.transfer.otherAccountText'));
    if (status === 404 || status === 400)
      return message(t('claims.transfer.notFoundTitle'), t('claims.transfer.notFoundText'));
    if (serverMessageOf(transfer.error) === null || (status ?? 500) >= 500)
      return <LoadFailed onRetry={() => void transfer.refetch()} />;
    return message(t('claims.transfer.notFoundTitle'), failure(transfer.error));
  }

  const { status, expiresAt } = transfer.data;
  if (status === 'accepted')
    return message(t('claims.transfer.acceptedTitle'), t('claims.transfer.acceptedText'));
  if (status === 'cancelled')
    return message(t('claims.transfer.cancelledTitle'), t('claims.transfer.cancelledText'));
  if (status === 'expired')
    return message(t('claims.transfer.expiredTitle'), t('claims.transfer.expiredText'));

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <h1 className={pageStyles.title}>{t('claims.transfer.acceptTitle')}</h1>
          <p className={pageStyles.subtitle}>{t('claims.transfer.acceptSubtitle')}</p>
        </div>
      </header>
      <Card className={styles.outcome} data-testid="transfer-accept">
        <h2>{name ?? t('claims.unknownName')}</h2>
        <p>{t('claims.transfer.acceptText')}</p>
        <p>{t('claims.transfer.validUntil', { date: formatDay(expiresAt, locale) })}</p>
        <div className={styles.rowActions}>
          <Button
            onClick={() => accept.mutate()}
            disabled={accept.isPending}
            data-testid="transfer-accept-button"
          >
            {accept.isPending ? t('claims.transfer.accepting') : t('claims.transfer.accept')}
          </Button>
          <Link className={buttonClassName('secondary')} to="/advertiser/laundromats">
            {t('claims.transfer.notNow')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
