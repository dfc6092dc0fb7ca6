import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Spinner, Switch, toast } from '@laundry/ui';
import type { NotificationPreferences } from '@laundry/contracts';
import { accountApi, errorText } from './account-api.ts';
import styles from './account.module.css';

export const notificationsQueryKey = ['/api/me/notifications'] as const;

/**
 * A reviewer's own notification mail: 'the owner answered your review' (reviewer.owner-reply). The business
 * portal's settings hold the owners' and advertisers' ones. Saved when flipped, switched back on a failure.
 */
export function NotificationsSection() {
  const { t } = useTranslation('shell');
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: notificationsQueryKey, queryFn: accountApi.notifications });
  const save = useMutation({
    mutationFn: (on: boolean) => accountApi.updateNotifications({ 'reviewer.owner-reply': on }),
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationsQueryKey);
      if (before)
        queryClient.setQueryData(notificationsQueryKey, {
          preferences: { ...before.preferences, 'reviewer.owner-reply': on },
        });
      return { before };
    },
    onError: (error, _on, context) => {
      if (context?.before) queryClient.setQueryData(notificationsQueryKey, context.before);
      toast({
        title: t('account.notifications.saveFailed'),
        description: errorText(error, t),
        variant: 'destructive',
      });
    },
    onSuccess: (answer) => queryClient.setQueryData(notificationsQueryKey, answer),
  });
  return (
    <Card className={styles.section} data-testid="account-notifications">
      <h2 className={styles.sectionTitle}>{t('account.notifications.title')}</h2>
      {preferences.isPending && <Spinner />}
      {preferences.isError && <p className={styles.error}>{t('account.notifications.loadFailed')}</p>}
      {preferences.isSuccess && (
        <div className={styles.switchRow}>
          <div>
            <label htmlFor={`${id}-reply`} className={styles.switchLabel}>
              {t('account.notifications.ownerReply')}
            </label>
            <p id={`${id}-reply-hint`} className={styles.muted}>
              {t('account.notifications.ownerReplyHint')}
            </p>
          </div>
          <Switch
            id={`${id}-reply`}
            checked={preferences.data.preferences['reviewer.owner-reply']}
            onCheckedChange={(on) => save.mutate(on)}
            aria-describedby={`${id}-reply-hint`}
          />
        </div>
      )}
    </Card>
  );
}
