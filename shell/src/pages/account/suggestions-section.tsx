import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Spinner, type BadgeTone } from '@laundry/ui';
import { suggestionListSchema, type SuggestionList, type SuggestionStatus } from '@laundry/contracts';
import styles from './account.module.css';

export const ownSuggestionsQueryKey = ['/api/suggestions/mine'] as const;

async function ownSuggestions(): Promise<SuggestionList> {
  const response = await fetch('/api/suggestions/mine', { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}`);
  return suggestionListSchema.parse(await response.json());
}

const tones: Record<SuggestionStatus, BadgeTone> = {
  pending: 'neutral',
  approved: 'open',
  rejected: 'closed',
};

/** The edits the person suggested and what became of each, with the admin's reason (issue 29). */
export function SuggestionsSection() {
  const { t, i18n } = useTranslation('shell');
  const suggestions = useQuery({ queryKey: ownSuggestionsQueryKey, queryFn: ownSuggestions });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const items = suggestions.data?.items ?? [];
  return (
    <Card className={styles.section} data-testid="own-suggestions">
      <h2 className={styles.sectionTitle}>{t('account.suggestions.title')}</h2>
      {suggestions.isPending && <Spinner />}
      {suggestions.isError && <p className={styles.error}>{t('account.suggestions.loadFailed')}</p>}
      {suggestions.isSuccess && items.length === 0 && (
        <p className={styles.muted}>{t('account.suggestions.empty')}</p>
      )}
      <ul className={styles.sessions}>
        {items.map((suggestion) => (
          <li key={suggestion.id} className={styles.session} data-testid="own-suggestion">
            <div className={styles.sessionText}>
              <p className={styles.sessionName}>
                <a href={`/?l=${encodeURIComponent(suggestion.laundromatId)}`}>{suggestion.laundromatName}</a>
                {' · '}
                {t(`account.suggestions.kinds.${suggestion.kind}`)}
              </p>
              <p className={styles.muted}>
                {date.format(new Date(suggestion.createdAt))}
                {suggestion.reason && ` · ${t('account.suggestions.reason', { reason: suggestion.reason })}`}
              </p>
            </div>
            <Badge tone={tones[suggestion.status]}>{t(`account.suggestions.${suggestion.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}
