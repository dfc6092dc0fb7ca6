import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LaundromatMerge, LaundromatUpstream } from '@laundry/contracts';
import { Button, toast } from '@laundry/ui';
import { getJson, postJson } from '../api/admin-http.ts';
import { adminKey } from '../api/admin-queries.ts';
import { errorDetail, errorText, isSignedOutError } from '../domain/admin-errors.ts';
import { changeValueText } from '../domain/suggestion-diff.ts';
import { redirectToSignIn } from './use-decision.ts';
import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

/** A correction's request: done, the console's lists refresh; refused, the toast says why. */
function useCorrection<V, T>(send: (input: V) => Promise<T>, doneKey: string, subject: string) {
  const { t, text } = useAdminText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast({ title: t(doneKey), description: subject, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: [adminKey] });
    },
    onError: (error) => {
      const detail = errorDetail(error);
      toast({
        title: t('corrections.failed'),
        description: detail ? `${text(errorText(error))} ${detail}` : text(errorText(error)),
        variant: 'destructive',
      });
      if (isSignedOutError(error)) redirectToSignIn();
    },
  });
}

/**
 * Where the laundromat keeps its own value over OpenStreetMap's (a person's correction or the owner's):
 * 'OpenStreetMap says …' beside it, and the admin may take upstream's value. Nothing when they agree.
 */
export function UpstreamValues({ laundromatId, name }: { laundromatId: string; name: string }) {
  const { t } = useAdminText();
  const url = `/api/admin/laundromats/${encodeURIComponent(laundromatId)}/upstream`;
  const upstream = useQuery({
    queryKey: [adminKey, 'upstream', laundromatId],
    queryFn: () => getJson<LaundromatUpstream>(url),
    staleTime: 60_000,
  });
  const take = useCorrection(
    (field: string) => postJson<LaundromatUpstream>(url, { field }),
    'corrections.taken',
    name,
  );
  const differences = upstream.data?.differences ?? [];
  if (differences.length === 0) return null;
  return (
    <ul className={styles.upstream} data-testid="upstream-values" aria-label={t('corrections.upstreamLabel')}>
      {differences.map((difference) => (
        <li key={difference.field}>
          <span>
            {t(`suggestions.fields.${difference.field}`, { defaultValue: difference.field })}:{' '}
            <strong>{changeValueText(difference.local) ?? t('none')}</strong> (
            {t(`corrections.keptBy.${difference.keptBy}`)}) ·{' '}
            {t('corrections.osmSays', { value: changeValueText(difference.upstream) ?? t('none') })}
          </span>
          <Button variant="secondary" disabled={take.isPending} onClick={() => take.mutate(difference.field)}>
            {t('corrections.takeUpstream')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Merges a duplicate into the survivor: the merged one closes and leads to the survivor, its favourites,
 * reviews and photos move. `suggestionId` settles the 'duplicate of …' suggestion that asked for it.
 */
export function MergeButton({
  survivorId,
  mergedId,
  suggestionId,
  name,
}: {
  survivorId: string;
  mergedId: string;
  suggestionId?: string;
  name: string;
}) {
  const { t } = useAdminText();
  const merge = useCorrection(
    (_: void) =>
      postJson<LaundromatMerge>('/api/admin/laundromats/merge', {
        survivorId,
        mergedId,
        ...(suggestionId ? { suggestionId } : {}),
      }),
    'corrections.merged',
    name,
  );
  return (
    <Button
      variant="secondary"
      disabled={merge.isPending}
      data-testid="merge"
      onClick={() => {
        if (window.confirm(t('corrections.mergeConfirm', { name }))) merge.mutate();
      }}
    >
      {t('corrections.merge')}
    </Button>
  );
}
