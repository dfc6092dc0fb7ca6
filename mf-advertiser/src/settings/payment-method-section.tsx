import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { BillingAccount, BillingInvoice, PaymentMethodSetupResponse } from '@laundry/contracts';
import { Button, Dialog, Skeleton, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { billingAccountKey, servingKey, type Availability } from '../api/queries.ts';
import { InfoTip } from '../components/info-tip.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useText } from '../components/use-text.ts';
import { serverMessageOf } from '../domain/api-errors.ts';
import {
  accountStanding,
  cardBrandName,
  cardExpiry,
  checkoutReturnOf,
  checkoutReturnParam,
  declineText,
  isCardExpired,
  type Standing,
} from '../domain/billing.ts';
import { formatDay, formatMoney } from '../domain/formats.ts';
import formStyles from '../components/form.module.css';
import styles from './settings.module.css';

/** Why the account is (or is not) in good standing, with what to do about it. */
function StandingNotice({ standing }: { standing: Standing }) {
  const { t, text, locale } = useText();
  const figures = (invoice: BillingInvoice) => ({
    amount: formatMoney(invoice.amount, locale, undefined, invoice.currency.toUpperCase()),
    period: t('dashboard.payouts.period', {
      start: formatDay(invoice.periodStart, locale),
      end: formatDay(invoice.periodEnd, locale),
    }),
    reason: invoice.lastDecline ? text(declineText(invoice.lastDecline)) : '',
  });
  if (standing.kind === 'good') {
    return (
      <p className={styles.standingGood} data-testid="billing-standing" data-standing="good">
        <span aria-hidden="true">✓</span> {t('settings.billing.good')}
      </p>
    );
  }
  if (standing.kind === 'failing') {
    const { invoice } = standing;
    return (
      <div
        className={styles.standingProblem}
        role="alert"
        data-testid="billing-standing"
        data-standing="failing"
      >
        <p className={styles.standingTitle}>{t('settings.billing.failingTitle')}</p>
        <p>{t('settings.billing.failingText', figures(invoice))}</p>
        {invoice.nextAttemptAt && (
          <p>{t('settings.billing.nextAttempt', { date: formatDay(invoice.nextAttemptAt, locale) })}</p>
        )}
      </div>
    );
  }
  return (
    <div
      className={styles.standingProblem}
      role="alert"
      data-testid="billing-standing"
      data-standing="suspended"
    >
      <p className={styles.standingTitle}>{t('settings.billing.suspendedTitle')}</p>
      <p>
        {standing.invoice
          ? t('settings.billing.suspendedText', figures(standing.invoice))
          : t('settings.billing.suspendedFallback')}
      </p>
    </div>
  );
}

/**
 * The payment method on the settings page: the saved card (brand, last four digits, expiry) or none, a
 * button that opens checkout (POST /api/billing/payment-method, then the browser goes to its url: Stripe's
 * page, or the local test page in test mode), what happened when the browser comes back
 * (?payment-method=added or =cancelled), the card's removal (DELETE /api/billing/payment-method, after a
 * confirmation that says what it stops), and the account's standing.
 */
export function PaymentMethodSection({
  account,
  invoices,
}: {
  account: { data: Availability<BillingAccount> | undefined; isError: boolean };
  invoices: BillingInvoice[];
}) {
  const { t } = useText();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, on arrival: what checkout said, and the address without it, which replaces the address at
  // once so a reload does not say it again.
  const [arrival] = useState(() => {
    const params = new URLSearchParams(location.search);
    params.delete(checkoutReturnParam);
    const search = params.toString();
    return { returned: checkoutReturnOf(location.search), search: search ? `?${search}` : '' };
  });
  const { returned } = arrival;
  useEffect(() => {
    if (!arrival.returned) return;
    // The page scrolls to the section its hash names. Runs once: `arrival` is fixed, and the router keeps
    // `navigate` the same function while the page's path stays.
    void navigate({ search: arrival.search, hash: '#payment-method' }, { replace: true });
  }, [arrival, navigate]);

  const start = useMutation({
    mutationFn: () => request<PaymentMethodSetupResponse>('POST', '/api/billing/payment-method'),
    // A full-page navigation: Stripe's Checkout (or the test page) is not part of this app.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      handledAsSignedOut(error, t);
    },
  });

  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => request<BillingAccount>('DELETE', '/api/billing/payment-method'),
    onSuccess: (updated) => {
      const next: Availability<BillingAccount> = { available: true, data: updated };
      queryClient.setQueryData(billingAccountKey, next);
      // The dashboard's serving notice follows once the ad service heard of it.
      void queryClient.invalidateQueries({ queryKey: servingKey });
      toast({ title: t('settings.payment.removed'), variant: 'success' });
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      // A 404 means the card was already gone (removed in another tab): show the account as it is.
      void queryClient.invalidateQueries({ queryKey: billingAccountKey });
      toast({
        title: t('settings.payment.removeFailed'),
        description: serverMessageOf(error) ?? t('common:status.tryAgainLater'),
        variant: 'destructive',
      });
    },
  });

  const title = (
    <span className={styles.titleWithBadge}>
      {t('settings.payment.title')}
      {account.data?.available && account.data.data.mode === 'test' && <TestModeBadge />}
    </span>
  );
  return (
    <section className={formStyles.section} aria-labelledby="payment-method">
      <h2 id="payment-method" className={formStyles.sectionTitle}>
        {title}
      </h2>
      <p className={formStyles.sectionText}>{t('settings.payment.text')}</p>
      {returned && (
        <p
          className={returned === 'added' ? styles.returnAdded : styles.returnCancelled}
          role="status"
          data-testid="checkout-return"
        >
          {t(returned === 'added' ? 'settings.payment.added' : 'settings.payment.cancelled')}
        </p>
      )}
      {account.data === undefined && !account.isError ? (
        <Skeleton height="4rem" />
      ) : !account.data?.available ? (
        <p className={styles.text} role={account.isError ? 'alert' : undefined}>
          {t('settings.payment.notAvailable')}
        </p>
      ) : (
        <PaymentMethodBody
          account={account.data.data}
          invoices={invoices}
          starting={start.isPending}
          startError={
            start.isError ? (serverMessageOf(start.error) ?? t('common:status.tryAgainLater')) : null
          }
          onStart={() => start.mutate()}
          removing={remove.isPending}
          onRemove={() => remove.mutate()}
        />
      )}
    </section>
  );
}

function PaymentMethodBody({
  account,
  invoices,
  starting,
  startError,
  onStart,
  removing,
  onRemove,
}: {
  account: BillingAccount;
  invoices: BillingInvoice[];
  starting: boolean;
  startError: string | null;
  onStart: () => void;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useText();
  const [confirming, setConfirming] = useState(false);
  const card = account.paymentMethod;
  const expiry = card ? cardExpiry(card) : null;
  const expired = card ? isCardExpired(card) : false;
  return (
    <>
      <div className={styles.cardRow}>
        <span className={styles.cardIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
            <path d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Zm2 0v2h14V6H5Zm0 5v7h14v-7H5Zm2 4h5v2H7v-2Z" />
          </svg>
        </span>
        <div className={styles.cardText} data-testid="payment-method">
          {card ? (
            <>
              <p className={styles.cardName}>
                {t('settings.payment.cardLabel', { brand: cardBrandName(card.brand), last4: card.last4 })}
                <InfoTip name={t('settings.payment.title')}>{t('settings.payment.cardTip')}</InfoTip>
              </p>
              <p className={expired ? styles.expired : styles.text}>
                {expiry
                  ? t(expired ? 'settings.payment.expired' : 'settings.payment.expires', { date: expiry })
                  : t('settings.payment.noExpiry')}
              </p>
            </>
          ) : (
            <p className={styles.text}>{t('settings.payment.none')}</p>
          )}
        </div>
        <div className={styles.cardActions}>
          <Button
            type="button"
            variant={card ? 'secondary' : 'primary'}
            onClick={onStart}
            disabled={starting}
            data-testid="payment-method-button"
          >
            {starting
              ? t('settings.payment.opening')
              : card
                ? t('settings.payment.replace')
                : t('settings.payment.add')}
          </Button>
          {card && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => setConfirming(true)}
              disabled={removing}
              data-testid="remove-card-button"
            >
              {removing ? t('settings.payment.removing') : t('settings.payment.remove')}
            </Button>
          )}
        </div>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.payment.removeTitle')}
        description={t('settings.payment.removeText', {
          card: card
            ? t('settings.payment.cardLabel', { brand: cardBrandName(card.brand), last4: card.last4 })
            : '',
        })}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="remove-card-confirm"
            onClick={() => {
              setConfirming(false);
              onRemove();
            }}
          >
            {t('settings.payment.removeConfirm')}
          </Button>
        </div>
      </Dialog>
      {startError && (
        <p className={styles.error} role="alert">
          {t('settings.payment.openFailed')} {startError}
        </p>
      )}
      {account.mode === 'test' && <p className={styles.testNote}>{t('settings.payment.testModeText')}</p>}
      <div className={styles.standing}>
        <p className={styles.standingLabel}>
          {t('settings.billing.standingLabel')}
          <InfoTip name={t('settings.billing.standingLabel')}>{t('settings.billing.standingTip')}</InfoTip>
        </p>
        <StandingNotice standing={accountStanding(account, invoices)} />
      </div>
    </>
  );
}
