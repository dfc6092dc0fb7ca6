import { useQuery } from '@tanstack/react-query';
import type {
  DecideSuggestionRequest,
  NotificationPreferences,
  NotificationType,
  OwnerSuggestionList,
  SuggestionDecision,
} from '@laundry/contracts';
import { getJson, request } from './http.ts';

/** GET /api/owner/suggestions: the pending changes of the caller's verified laundromats, oldest first. */
export const ownerSuggestionsKey = ['/api/owner/suggestions'] as const;

export function useOwnerSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: ownerSuggestionsKey,
    queryFn: () => getJson<OwnerSuggestionList>(ownerSuggestionsKey[0]),
    enabled,
  });
}

/** POST /api/owner/suggestions/{id}/decision: approve (applies it) or reject with a reason. */
export const decideOwnerSuggestion = (id: string, body: DecideSuggestionRequest) =>
  request<SuggestionDecision>('POST', `/api/owner/suggestions/${encodeURIComponent(id)}/decision`, body);

/** GET/PUT /api/me/notifications (identity): which notification e-mails the person gets. */
export const notificationsKey = ['/api/me/notifications'] as const;

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => getJson<NotificationPreferences>(notificationsKey[0]),
    enabled,
  });
}

export const updateNotificationPreferences = (preferences: Partial<Record<NotificationType, boolean>>) =>
  request<NotificationPreferences>('PUT', notificationsKey[0], { preferences });
