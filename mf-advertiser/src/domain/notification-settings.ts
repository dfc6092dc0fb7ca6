import { notificationTypes, type NotificationPreferences, type NotificationType } from '@laundry/contracts';
import { ns, type I18nText } from './i18n-text.ts';

/**
 * The portal's 'E-mail notifications': the mails of running a laundromat and of advertising, each its own
 * switch. A reviewer's mail (the owner answered your review) is the finder's, on the account page.
 */
export const portalNotificationTypes = notificationTypes.filter(
  (type) => type.startsWith('owner.') || type.startsWith('advertiser.'),
);

/** 'owner.out-of-order' → 'ownerOutOfOrder': a type as one i18n key segment (dots would nest). */
export const notificationKey = (type: NotificationType) =>
  type.replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase());

export const notificationLabel = (type: NotificationType): I18nText => ({
  key: ns(`notifications.types.${notificationKey(type)}.label`),
});
export const notificationHint = (type: NotificationType): I18nText => ({
  key: ns(`notifications.types.${notificationKey(type)}.hint`),
});

/** The preferences with one type switched, as shown at once while the PUT is on its way. */
export function withPreference(
  current: NotificationPreferences | undefined,
  type: NotificationType,
  on: boolean,
): NotificationPreferences | undefined {
  return current && { preferences: { ...current.preferences, [type]: on } };
}
