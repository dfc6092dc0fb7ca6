import { notificationTypes, type NotificationPreferences, type NotificationType } from '@laundry/contracts';

/** The types a person set; infra/notification-repository.ts keeps them. */
export interface NotificationPreferenceStore {
  /** The person's own settings; a type without one is on. */
  settings(userId: string): Promise<Map<NotificationType, boolean>>;
  set(userId: string, changes: ReadonlyArray<[NotificationType, boolean]>): Promise<void>;
}

/** Every type, on unless the person turned it off. */
export async function notificationPreferences(
  store: NotificationPreferenceStore,
  userId: string,
): Promise<NotificationPreferences> {
  const settings = await store.settings(userId);
  return {
    preferences: Object.fromEntries(
      notificationTypes.map((type) => [type, settings.get(type) ?? true]),
    ) as NotificationPreferences['preferences'],
  };
}

export async function wantsNotification(
  store: NotificationPreferenceStore,
  userId: string,
  type: NotificationType,
): Promise<boolean> {
  return (await store.settings(userId)).get(type) ?? true;
}

export async function changeNotificationPreferences(
  store: NotificationPreferenceStore,
  userId: string,
  changes: Record<string, boolean>,
): Promise<NotificationPreferences> {
  const known = notificationTypes.filter((type) => type in changes);
  await store.set(
    userId,
    known.map((type) => [type, changes[type]!]),
  );
  return notificationPreferences(store, userId);
}
