import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationType } from '@laundry/contracts';
import { Button, Skeleton, Switch, toast } from '@laundry/ui';
import { handledAsSignedOut } from '../api/sign-in.ts';
import {
  notificationsKey,
  updateNotificationPreferences,
  useNotificationPreferences,
} from '../api/suggestions.ts';
import { useText } from '../components/use-text.ts';
import {
  notificationHint,
  notificationLabel,
  portalNotificationTypes,
  withPreference,
} from '../domain/notification-settings.ts';
import styles from './settings.module.css';
import switchStyles from '../suggestions/suggestions.module.css';

/**
 * 'E-mail notifications' (GET/PUT /api/me/notifications): a switch per mail, saved as soon as it is
 * flipped; shown switched at once, and switched back with a toast when the save fails.
 */
export function NotificationsSection() {
  const { t, text, failure } = useText();
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useNotificationPreferences(true);

  const save = useMutation({
    mutationFn: ({ type, on }: { type: NotificationType; on: boolean }) =>
      updateNotificationPreferences({ [type]: on }),
    onMutate: async ({ type, on }) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      const before = queryClient.getQueryData<NotificationPreferences>(notificationsKey);
      queryClient.setQueryData(notificationsKey, withPreference(before, type, on));
      return { before };
    },
    onError: (error, { type }, context) => {
      // Only this switch goes back: another one flipped meanwhile keeps its own save.
      const now = queryClient.getQueryData<NotificationPreferences>(notificationsKey);
      const was = context?.before?.preferences[type];
      if (was !== undefined) queryClient.setQueryData(notificationsKey, withPreference(now, type, was));
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('notifications.saveFailed', { name: text(notificationLabel(type)) }),
        description: failure(error),
        variant: 'destructive',
      });
    },
    onSuccess: (answer, { type }) => {
      const now = queryClient.getQueryData<NotificationPreferences>(notificationsKey);
      queryClient.setQueryData(notificationsKey, withPreference(now, type, answer.preferences[type]));
    },
  });

  return (
    <section className={styles.group} aria-labelledby={`${id}-title`} id="notifications">
      <h2 id={`${id}-title`} className={styles.groupTitle}>
        {t('notifications.title')}
      </h2>
      <p className={styles.groupText}>{t('notifications.text')}</p>
      {preferences.isPending ? (
        <Skeleton height="12rem" />
      ) : preferences.isError ? (
        <div role="alert">
          <p className={styles.text}>{t('notifications.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void preferences.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : (
        <ul className={switchStyles.switches} data-testid="notification-switches">
          {portalNotificationTypes.map((type) => {
            const switchId = `${id}-${type}`;
            return (
              <li key={type} className={switchStyles.switchRow}>
                <div className={switchStyles.switchText}>
                  <label className={switchStyles.switchLabel} htmlFor={switchId}>
                    {text(notificationLabel(type))}
                  </label>
                  <p id={`${switchId}-hint`} className={switchStyles.switchHint}>
                    {text(notificationHint(type))}
                  </p>
                </div>
                <Switch
                  id={switchId}
                  checked={preferences.data.preferences[type]}
                  onCheckedChange={(on) => save.mutate({ type, on })}
                  aria-describedby={`${switchId}-hint`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
