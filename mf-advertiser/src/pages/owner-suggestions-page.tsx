import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DecideSuggestionRequest, OwnerSuggestion } from '@laundry/contracts';
import { Badge, Button, Card, Dialog, Skeleton, buttonClassName, toast } from '@laundry/ui';
import { useClaimedLaundromat } from '../api/claims.ts';
import { useCurrentUser } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { decideOwnerSuggestion, ownerSuggestionsKey, useOwnerSuggestions } from '../api/suggestions.ts';
import { TextAreaField } from '../components/form-field.tsx';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import { formatDay } from '../domain/formats.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import {
  answerWindow,
  changeRows,
  decisionRequest,
  needsCurrency,
  type ChangeValue,
} from '../domain/owner-suggestions.ts';
import pageStyles from '../components/page.module.css';
import claimStyles from '../claim/claim.module.css';
import styles from '../suggestions/suggestions.module.css';

type Decided = { suggestion: OwnerSuggestion; status: 'approved' | 'rejected' };

/**
 * /advertiser/suggestions: the edits people suggested for the owner's verified laundromats (GET
 * /api/owner/suggestions), each change as the value now → the proposed one, with Accept, or Reject with a
 * reason (POST /api/owner/suggestions/{id}/decision). A decided one stays on the page with its outcome.
 */
export default function OwnerSuggestionsPage() {
  const { t, failure } = useText();
  // Amenities are named in the finder's words.
  useTranslation('finder');
  const user = useCurrentUser();
  const suggestions = useOwnerSuggestions(user.isSignedIn);
  const queryClient = useQueryClient();
  useScrollToTop();
  const [decided, setDecided] = useState<Map<string, Decided>>(new Map());
  const [rejecting, setRejecting] = useState<OwnerSuggestion | null>(null);

  const decide = useMutation({
    mutationFn: ({ suggestion, body }: { suggestion: OwnerSuggestion; body: DecideSuggestionRequest }) =>
      decideOwnerSuggestion(suggestion.id, body),
    onSuccess: (answer, { suggestion }) => {
      setDecided((current) => new Map(current).set(suggestion.id, { suggestion, status: answer.status }));
      setRejecting(null);
      toast({
        title: t(answer.status === 'approved' ? 'suggestions.accepted' : 'suggestions.rejected'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({ title: t('suggestions.decideFailed'), description: failure(error), variant: 'destructive' });
      // Decided meanwhile (by an admin after the week) or no longer the owner's: the list as it is now.
      if (statusOf(error) === 409 || statusOf(error) === 403 || statusOf(error) === 404) {
        setRejecting(null);
        void queryClient.invalidateQueries({ queryKey: ownerSuggestionsKey });
      }
    },
    onSettled: (_answer, error) => {
      if (!error) void queryClient.invalidateQueries({ queryKey: ownerSuggestionsKey });
    },
  });

  // The pending ones as the API has them, and the ones decided here in their places, oldest first.
  const items = useMemo(() => {
    const pending = (suggestions.data?.items ?? []).filter((item) => !decided.has(item.id));
    const all = [...pending, ...[...decided.values()].map((entry) => entry.suggestion)];
    return all.sort((a, b) => a.firstSuggestedAt.localeCompare(b.firstSuggestedAt));
  }, [suggestions.data, decided]);
  const waiting = items.filter((item) => !decided.has(item.id)).length;

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo="/advertiser/suggestions" text={t('suggestions.signInText')} />;
  if (suggestions.error) return <LoadFailed onRetry={() => void suggestions.refetch()} />;

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/laundromats">
            ← {t('listing.backToList')}
          </Link>
          <h1 className={pageStyles.title}>{t('suggestions.title')}</h1>
          <p className={pageStyles.subtitle}>{t('suggestions.subtitle')}</p>
        </div>
      </header>
      {suggestions.isPending ? (
        <div aria-busy="true">
          <Skeleton height="8rem" />
        </div>
      ) : items.length === 0 ? (
        <Card className={pageStyles.messageCard} data-testid="suggestions-empty">
          <h2>{t('suggestions.emptyTitle')}</h2>
          <p>{t('suggestions.emptyText')}</p>
          <Link className={buttonClassName('secondary')} to="/advertiser/laundromats">
            {t('listing.backToList')}
          </Link>
        </Card>
      ) : (
        <>
          <p className={styles.count} role="status" data-testid="suggestions-waiting">
            {waiting > 0 ? t('suggestions.waiting', { count: waiting }) : t('suggestions.allAnswered')}
          </p>
          <ul className={claimStyles.list} aria-label={t('suggestions.title')}>
            {items.map((suggestion) => (
              <SuggestionCard
                key={suggestion.id}
                suggestion={suggestion}
                decided={decided.get(suggestion.id)?.status}
                busy={decide.isPending && decide.variables?.suggestion.id === suggestion.id}
                onAccept={() => decide.mutate({ suggestion, body: { decision: 'approve' } })}
                onReject={() => setRejecting(suggestion)}
              />
            ))}
          </ul>
        </>
      )}
      <RejectDialog
        suggestion={rejecting}
        pending={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(suggestion, body) => decide.mutate({ suggestion, body })}
      />
    </div>
  );
}

function SuggestionCard({
  suggestion,
  decided,
  busy,
  onAccept,
  onReject,
}: {
  suggestion: OwnerSuggestion;
  decided: 'approved' | 'rejected' | undefined;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t, text, locale } = useText();
  const { laundromat } = suggestion;
  // Prices are shown in the laundromat's currency, which the finder's detail carries.
  const whole = useClaimedLaundromat(laundromat.id, needsCurrency(suggestion));
  const rows = useMemo(
    () => changeRows(suggestion.changes, whole.data?.currency, locale),
    [suggestion.changes, whole.data?.currency, locale],
  );
  const answer = answerWindow(suggestion.answerBy, new Date());
  const titleId = useId();
  return (
    <li>
      <Card
        className={styles.card}
        data-testid="owner-suggestion"
        data-suggestion-id={suggestion.id}
        aria-labelledby={titleId}
        role="group"
      >
        <div className={styles.cardHead}>
          <h2 id={titleId} className={claimStyles.rowTitle}>
            {laundromat.name}
            <Badge tone="info">{t(`suggestions.kinds.${suggestion.kind}`)}</Badge>
          </h2>
          <p className={claimStyles.rowMeta}>
            {[
              laundromat.city,
              t('suggestions.suggestedBy', {
                count: suggestion.confirmations,
                date: formatDay(suggestion.firstSuggestedAt, locale),
              }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <dl className={styles.changes} data-testid="suggestion-changes">
          {rows.map((row) => (
            <div key={row.field} className={styles.change}>
              <dt className={styles.field}>{text(row.label)}</dt>
              <dd className={styles.values}>
                <span className={styles.current}>
                  <span className="visually-hidden">{t('suggestions.now')} </span>
                  <Value value={row.current} />
                </span>
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
                <span className={styles.proposed}>
                  <span className="visually-hidden">{t('suggestions.suggested')} </span>
                  <Value value={row.proposed} />
                </span>
              </dd>
            </div>
          ))}
        </dl>
        {suggestion.notes.length > 0 && (
          <ul className={styles.notes} aria-label={t('suggestions.notes')}>
            {suggestion.notes.map((note, index) => (
              <li key={index}>
                <q>{note}</q>
              </li>
            ))}
          </ul>
        )}
        {decided ? (
          <p className={styles.outcome} role="status" data-testid="suggestion-outcome">
            <Badge tone={decided === 'approved' ? 'open' : 'closed'}>
              {t(decided === 'approved' ? 'suggestions.acceptedBadge' : 'suggestions.rejectedBadge')}
            </Badge>{' '}
            {t(decided === 'approved' ? 'suggestions.acceptedText' : 'suggestions.rejectedText')}
          </p>
        ) : (
          <>
            <p className={claimStyles.rowMeta} data-testid="suggestion-window">
              {answer.state === 'owner'
                ? t('suggestions.answerBy', {
                    date: formatDay(suggestion.answerBy, locale),
                    count: answer.daysLeft,
                  })
                : t('suggestions.answerOverdue')}
            </p>
            <div className={claimStyles.rowActions}>
              <Button
                onClick={onAccept}
                disabled={busy}
                aria-label={t('suggestions.acceptNamed', { name: laundromat.name })}
              >
                {t('suggestions.accept')}
              </Button>
              <Button
                variant="secondary"
                onClick={onReject}
                disabled={busy}
                aria-label={t('suggestions.rejectNamed', { name: laundromat.name })}
              >
                {t('suggestions.reject')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </li>
  );
}

/** One side of a change: the hours day by day, a price, yes or no, or the text as it is. */
function Value({ value }: { value: ChangeValue }) {
  const { t, text } = useText();
  const dayName = (day: string) => t(`common:days.${day}`);
  switch (value.type) {
    case 'none':
      return <em className={styles.none}>{t('suggestions.values.none')}</em>;
    case 'text':
    case 'money':
      return <>{value.text}</>;
    case 'flag':
      return <>{t(value.on ? 'suggestions.values.yes' : 'suggestions.values.no')}</>;
    case 'alwaysOpen':
      return <>{t('listing.hours.alwaysOpen')}</>;
    case 'message':
      return <>{text(value.text)}</>;
    case 'hours':
      return (
        <span className={styles.hours}>
          {value.groups.map((group) => (
            <span key={group.first} className={styles.hoursLine}>
              <span className={styles.hoursDays}>
                {group.first === group.last
                  ? dayName(group.first)
                  : `${dayName(group.first)} – ${dayName(group.last)}`}
              </span>{' '}
              {group.closed
                ? t('listing.hours.closed')
                : group.ranges.length === 0
                  ? t('suggestions.values.unknown')
                  : group.ranges
                      .map(
                        ([from, to, nextDay]) =>
                          `${from} – ${to}${nextDay ? ` (${t('listing.hours.nextDay')})` : ''}`,
                      )
                      .join(', ')}
            </span>
          ))}
        </span>
      );
  }
}

/** 'Reject': the reason the people who suggested it are told, checked as the contract checks it. */
function RejectDialog({
  suggestion,
  pending,
  onClose,
  onReject,
}: {
  suggestion: OwnerSuggestion | null;
  pending: boolean;
  onClose: () => void;
  onReject: (suggestion: OwnerSuggestion, body: DecideSuggestionRequest) => void;
}) {
  const { t } = useText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<I18nText | undefined>();
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A fresh reason for each suggestion the dialog opens for.
  if ((suggestion?.id ?? null) !== shownFor) {
    setShownFor(suggestion?.id ?? null);
    setReason('');
    setError(undefined);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!suggestion) return;
    const checked = decisionRequest('reject', reason);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    onReject(suggestion, checked.request);
  };
  return (
    <Dialog
      open={suggestion !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('suggestions.rejectTitle')}
      description={t('suggestions.rejectText', { name: suggestion?.laundromat.name ?? '' })}
    >
      <form className={claimStyles.form} onSubmit={submit} noValidate>
        <TextAreaField
          id="suggestion-reject-reason"
          label={t('suggestions.reason')}
          hint={t('suggestions.reasonHint')}
          required
          value={reason}
          onValue={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          input={{ rows: 4, maxLength: 2000 }}
        />
        <div className={claimStyles.dialogActions}>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="danger" type="submit" disabled={pending}>
            {t('suggestions.reject')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
