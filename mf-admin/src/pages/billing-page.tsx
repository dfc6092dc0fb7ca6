import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStatement,
  AdminStatementEntries,
  AdminStatementPage,
  BillingCredit,
  ClosePeriodResponse,
  CreditNote,
  FailedChargeList,
} from '@laundry/contracts';
import { Badge, Button, Card, Dialog, toast } from '@laundry/ui';
import { getJson, postJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { Empty, LoadError, Loading } from '../components/query-states.tsx';
import { useAdminText } from '../components/use-admin-text.ts';
import { redirectToSignIn } from '../components/use-decision.ts';
import { errorDetail, errorText, isSignedOutError } from '../domain/admin-errors.ts';
import { shortId } from '../domain/audit-filters.ts';
import {
  creditProblems,
  formatE4,
  formatMinorUnits,
  maxCreditReasonLength,
  maxRefundReasonLength,
  minorDigits,
  refundProblems,
  stateTone,
  statementStates,
  type StatementStateFilter,
} from '../domain/billing.ts';
import styles from '../components/admin.module.css';

const billingKey = [adminKey, 'billing'] as const;

const statementsPage = (state: StatementStateFilter, cursor: string | null) => {
  const query = new URLSearchParams({ limit: '20' });
  if (state !== 'all') query.set('state', state);
  if (cursor) query.set('cursor', cursor);
  return getJson<AdminStatementPage>(`/api/admin/billing/statements?${query.toString()}`);
};

/** What a failed call says, in the admin's language, with the service's own message when it has one. */
function useFailure() {
  const { text } = useAdminText();
  return (failure: unknown) => {
    if (isSignedOutError(failure)) redirectToSignIn();
    return errorDetail(failure) ?? text(errorText(failure));
  };
}

/**
 * Billing: every advertiser's statements by period and where their charge stands, closing the open period,
 * the declined charges with 'Retry now', and credits for invalid traffic. Every action is audited by the
 * billing service in the change's own transaction.
 */
export default function BillingPage() {
  const { t } = useAdminText();
  const [closing, setClosing] = useState(false);
  const [credit, setCredit] = useState<{ adEventId: string } | null>(null);

  return (
    <AdminLayout
      title={t('billing.title')}
      intro={t('billing.intro')}
      actions={
        <>
          <Button variant="secondary" onClick={() => setCredit({ adEventId: '' })}>
            {t('billing.credit.open')}
          </Button>
          <Button onClick={() => setClosing(true)}>{t('billing.close.open')}</Button>
        </>
      }
    >
      <FailedCharges />
      <Statements onCredit={(adEventId) => setCredit({ adEventId })} />
      <p className={styles.muted}>{t('billing.refundNote')}</p>
      <ClosePeriodDialog open={closing} onClose={() => setClosing(false)} />
      <CreditDialog request={credit} onClose={() => setCredit(null)} />
    </AdminLayout>
  );
}

function StatementFacts({ statement }: { statement: AdminStatement }) {
  const { t, dateTime, locale } = useAdminText();
  return (
    <dl className={styles.facts}>
      <dt>{t('billing.period')}</dt>
      <dd>
        {t('billing.periodRange', {
          start: dateTime(statement.periodStart),
          end: dateTime(statement.periodEnd),
        })}
      </dd>
      <dt>{t('billing.charged')}</dt>
      <dd data-testid="statement-charge">
        {formatMinorUnits(statement.chargeCents, statement.currency, locale)}
      </dd>
      <dt>{t('billing.attempts')}</dt>
      <dd>{statement.attempts}</dd>
      {statement.invoiceNumber && (
        <>
          <dt>{t('billing.invoice')}</dt>
          <dd>{statement.invoiceNumber}</dd>
        </>
      )}
      {statement.refundedCents > 0 && (
        <>
          <dt>{t('billing.refunded')}</dt>
          <dd data-testid="statement-refunded">
            {formatMinorUnits(statement.refundedCents, statement.currency, locale)}
          </dd>
        </>
      )}
      {statement.creditNotes.length > 0 && (
        <>
          <dt>{t('billing.creditNotes')}</dt>
          <dd>
            <ul className={styles.creditNotes}>
              {statement.creditNotes.map((note) => (
                <li key={note.id}>
                  <a
                    href={note.url}
                    download
                    data-testid="credit-note-link"
                    aria-label={t('billing.creditNoteLabel', { number: note.number })}
                  >
                    {note.number}
                  </a>{' '}
                  ({formatMinorUnits(-note.amountCents, note.currency, locale)})
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

function advertiserLabel(statement: AdminStatement, t: ReturnType<typeof useAdminText>['t']) {
  return statement.advertiserName ?? t('billing.advertiserId', { id: shortId(statement.advertiserId) });
}

function Statements({ onCredit }: { onCredit: (adEventId: string) => void }) {
  const { t } = useAdminText();
  const headingId = useId();
  const [state, setState] = useState<StatementStateFilter>('all');
  const [opened, setOpened] = useState<AdminStatement | null>(null);
  const [refunding, setRefunding] = useState<AdminStatement | null>(null);
  const list = useInfiniteQuery({
    queryKey: [...billingKey, 'statements', state],
    queryFn: ({ pageParam }) => statementsPage(state, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const statements = list.data?.pages.flatMap((page) => page.statements) ?? [];

  return (
    <section className={styles.billingSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {t('billing.statements')}
      </h2>
      <div className={styles.filter} role="group" aria-label={t('billing.stateFilter')}>
        {statementStates.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.chip}
            aria-pressed={state === option}
            onClick={() => setState(option)}
          >
            {t(`billing.state.${option}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : statements.length === 0 ? (
        <Empty title={t('billing.emptyTitle')} text={t('billing.empty')} />
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={headingId}>
            {statements.map((statement) => (
              <li key={statement.id}>
                <Card className={styles.item} data-testid="billing-statement">
                  <div className={styles.itemMain}>
                    <div className={styles.itemTop}>
                      <h3 className={styles.itemTitle}>{advertiserLabel(statement, t)}</h3>
                      <Badge tone={stateTone[statement.state]}>{t(`billing.state.${statement.state}`)}</Badge>
                    </div>
                    <StatementFacts statement={statement} />
                  </div>
                  <div className={styles.itemActions}>
                    {statement.state === 'paid' && statement.refundedCents < statement.chargeCents && (
                      <Button
                        variant="secondary"
                        onClick={() => setRefunding(statement)}
                        aria-label={t('billing.refund.openLabel', { name: advertiserLabel(statement, t) })}
                      >
                        {t('billing.refund.open')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      onClick={() => setOpened(statement)}
                      aria-label={t('billing.entries.openLabel', { name: advertiserLabel(statement, t) })}
                    >
                      {t('billing.entries.open')}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className={styles.loadMore}>
              <Button
                variant="secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t('loading') : t('actions.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      <RefundDialog statement={refunding} onClose={() => setRefunding(null)} />
      <EntriesDialog
        statement={opened}
        onClose={() => setOpened(null)}
        onCredit={(adEventId) => {
          setOpened(null);
          onCredit(adEventId);
        }}
      />
    </section>
  );
}

function FailedCharges() {
  const { t, dateTime } = useAdminText();
  const headingId = useId();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const charges = useQuery({
    queryKey: [...billingKey, 'failed-charges'],
    queryFn: () => getJson<FailedChargeList>('/api/admin/billing/failed-charges'),
  });
  const retry = useMutation({
    mutationFn: (statement: AdminStatement) =>
      postJson<AdminStatement>(`/api/admin/billing/statements/${statement.id}/retry`),
    onSuccess: (_result, statement) => {
      toast({
        title: t('billing.failed.retried'),
        description: advertiserLabel(statement, t),
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: billingKey });
    },
    onError: (error) => toast({ title: t('billing.failed.retryFailed'), description: failure(error) }),
  });

  return (
    <section className={styles.billingSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {t('billing.failed.title')}
      </h2>
      {charges.isPending ? (
        <Loading />
      ) : charges.isError ? (
        <LoadError error={charges.error} onRetry={() => void charges.refetch()} />
      ) : charges.data.charges.length === 0 ? (
        <p className={styles.count}>{t('billing.failed.none')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {charges.data.charges.map((charge) => (
            <li key={charge.id}>
              <Card className={styles.item} data-testid="failed-charge">
                <div className={styles.itemMain}>
                  <div className={styles.itemTop}>
                    <h3 className={styles.itemTitle}>{advertiserLabel(charge, t)}</h3>
                    <Badge tone={stateTone[charge.state]}>{t(`billing.state.${charge.state}`)}</Badge>
                  </div>
                  <StatementFacts statement={charge} />
                  <dl className={styles.facts}>
                    <dt>{t('billing.failed.reason')}</dt>
                    <dd>
                      {charge.lastDecline.message || charge.lastDecline.code} ({charge.lastDecline.code})
                    </dd>
                    <dt>{t('billing.failed.nextTry')}</dt>
                    <dd>
                      {charge.nextAttemptAt ? dateTime(charge.nextAttemptAt) : t('billing.failed.noNextTry')}
                    </dd>
                  </dl>
                </div>
                <div className={styles.itemActions}>
                  <Button
                    disabled={retry.isPending && retry.variables?.id === charge.id}
                    onClick={() => retry.mutate(charge)}
                    aria-label={t('billing.failed.retryLabel', { name: advertiserLabel(charge, t) })}
                  >
                    {t('billing.failed.retry')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClosePeriodDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const [error, setError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: () => postJson<ClosePeriodResponse>('/api/admin/billing/close-period'),
    onSuccess: (result) => {
      toast({
        title:
          result.periods.length === 0
            ? t('billing.close.nothing')
            : t('billing.close.done', { count: result.statements.length }),
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: [adminKey] });
      setError(null);
      onClose();
    },
    onError: (failed) => setError(failure(failed)),
  });
  const dismiss = () => {
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && dismiss()}
      title={t('billing.close.title')}
      description={t('billing.close.text')}
    >
      <div className={styles.dialogForm}>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={dismiss}>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" disabled={close.isPending} onClick={() => close.mutate()}>
            {close.isPending ? t('billing.close.closing') : t('billing.close.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function EntriesDialog({
  statement,
  onClose,
  onCredit,
}: {
  statement: AdminStatement | null;
  onClose: () => void;
  onCredit: (adEventId: string) => void;
}) {
  const { t, dateTime, locale } = useAdminText();
  const entries = useQuery({
    queryKey: [...billingKey, 'entries', statement?.id],
    queryFn: () => getJson<AdminStatementEntries>(`/api/admin/billing/statements/${statement!.id}/entries`),
    enabled: statement !== null,
  });

  return (
    <Dialog
      open={statement !== null}
      onOpenChange={(next) => !next && onClose()}
      title={statement ? t('billing.entries.title', { name: advertiserLabel(statement, t) }) : ''}
      description={t('billing.entries.text')}
    >
      {entries.isPending ? (
        <Loading />
      ) : entries.isError ? (
        <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
      ) : entries.data.entries.length === 0 ? (
        <p className={styles.muted}>{t('billing.entries.none')}</p>
      ) : (
        <ul className={styles.entryList}>
          {entries.data.entries.map((entry) => (
            <li key={entry.sourceId} className={styles.entryItem} data-testid="billing-entry">
              <div>
                <p className={styles.entryTitle}>
                  {t(`billing.entries.kind.${entry.kind}`)} ·{' '}
                  {formatE4(entry.amountE4, entries.data.currency, locale)}
                </p>
                <p className={styles.muted}>
                  {dateTime(entry.occurredAt)} · <code className={styles.entryId}>{entry.sourceId}</code>
                </p>
                {entry.note && <p className={styles.muted}>{entry.note}</p>}
              </div>
              {/* A credit, or an event that cost nothing, has nothing to give back. */}
              {entry.kind !== 'credit' &&
                entry.amountE4 > 0 &&
                (entry.credited ? (
                  <Badge tone="outline">{t('billing.entries.credited')}</Badge>
                ) : (
                  <Button variant="secondary" onClick={() => onCredit(entry.sourceId)}>
                    {t('billing.entries.giveBack')}
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function CreditDialog({ request, onClose }: { request: { adEventId: string } | null; onClose: () => void }) {
  const { t } = useAdminText();
  const id = useId();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const [adEventId, setAdEventId] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof creditProblems>>({});
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<{ adEventId: string } | null>(null);
  // A new request (another 'Give back') starts the form from its ad event.
  if (request !== shownFor) {
    setShownFor(request);
    setAdEventId(request?.adEventId ?? '');
    setReason('');
    setProblems({});
    setError(null);
  }

  const give = useMutation({
    mutationFn: (body: { adEventId: string; reason: string }) =>
      postJson<BillingCredit>('/api/admin/billing/credits', body),
    onSuccess: (credited) => {
      toast({
        title: t('billing.credit.done'),
        description: t('billing.credit.doneText', { id: credited.adEventId }),
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: [adminKey] });
      onClose();
    },
    onError: (failed) => setError(failure(failed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = creditProblems(adEventId, reason);
    setProblems(found);
    setError(null);
    if (found.adEventId || found.reason) return;
    give.mutate({ adEventId: adEventId.trim(), reason: reason.trim() });
  };

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('billing.credit.title')}
      description={t('billing.credit.text')}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-event`} className={styles.label}>
          {t('billing.credit.adEventId')}
        </label>
        <input
          id={`${id}-event`}
          className={styles.input}
          value={adEventId}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problems.adEventId ? true : undefined}
          aria-describedby={problems.adEventId ? `${id}-event-error` : undefined}
          onChange={(event) => setAdEventId(event.target.value)}
        />
        {problems.adEventId && (
          <span id={`${id}-event-error`} className={styles.error}>
            {t(problems.adEventId)}
          </span>
        )}
        <label htmlFor={`${id}-reason`} className={styles.label}>
          {t('billing.credit.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={styles.textarea}
          rows={3}
          value={reason}
          maxLength={maxCreditReasonLength + 100}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={problems.reason ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problems.reason && (
          <span id={`${id}-reason-error`} className={styles.error}>
            {t(problems.reason, { max: maxCreditReasonLength })}
          </span>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={give.isPending}>
            {t('billing.credit.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Refund part or all of a paid statement: the amount in the currency's major unit (read exactly into minor
 * units), at most what is left, and a reason, which the credit note prints and the audit log keeps.
 */
function RefundDialog({ statement, onClose }: { statement: AdminStatement | null; onClose: () => void }) {
  const { t, locale } = useAdminText();
  const id = useId();
  const queryClient = useQueryClient();
  const failure = useFailure();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<AdminStatement | null>(null);
  if (statement !== shownFor) {
    setShownFor(statement);
    setAmount('');
    setReason('');
    setProblems({});
    setError(null);
  }
  const currency = statement?.currency ?? 'USD';
  const leftCents = statement ? statement.chargeCents - statement.refundedCents : 0;
  const left = formatMinorUnits(leftCents, currency, locale);

  const refund = useMutation({
    mutationFn: (body: { amountCents: number; reason: string }) =>
      postJson<CreditNote>(`/api/admin/billing/statements/${statement!.id}/refunds`, body),
    onSuccess: (note) => {
      toast({
        title: t('billing.refund.done', { number: note.number }),
        description: t('billing.refund.doneText', {
          amount: formatMinorUnits(note.amountCents, note.currency, locale),
          name: statement ? advertiserLabel(statement, t) : '',
        }),
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: billingKey });
      onClose();
    },
    onError: (failed) => setError(failure(failed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = refundProblems(amount, reason, leftCents, currency);
    setProblems({ amount: found.amount, reason: found.reason });
    setError(null);
    if (found.amount || found.reason || found.amountCents === undefined) return;
    refund.mutate({ amountCents: found.amountCents, reason: reason.trim() });
  };

  return (
    <Dialog
      open={statement !== null}
      onOpenChange={(next) => !next && onClose()}
      title={statement ? t('billing.refund.title', { name: advertiserLabel(statement, t) }) : ''}
      description={t('billing.refund.text', { left })}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-amount`} className={styles.label}>
          {t('billing.refund.amount', { currency })}
        </label>
        <input
          id={`${id}-amount`}
          className={styles.input}
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          placeholder={(0).toFixed(minorDigits(currency))}
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={problems.amount ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        {problems.amount && (
          <span id={`${id}-amount-error`} className={styles.error}>
            {t(problems.amount, { left })}
          </span>
        )}
        <label htmlFor={`${id}-reason`} className={styles.label}>
          {t('billing.refund.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={styles.textarea}
          rows={3}
          value={reason}
          maxLength={maxRefundReasonLength + 100}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={`${id}-reason-hint${problems.reason ? ` ${id}-reason-error` : ''}`}
          onChange={(event) => setReason(event.target.value)}
        />
        <span id={`${id}-reason-hint`} className={styles.muted}>
          {t('billing.refund.reasonHint')}
        </span>
        {problems.reason && (
          <span id={`${id}-reason-error`} className={styles.error}>
            {t(problems.reason, { max: maxRefundReasonLength })}
          </span>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={refund.isPending}>
            {refund.isPending ? t('billing.refund.refunding') : t('billing.refund.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
