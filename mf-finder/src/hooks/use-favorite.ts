import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@laundry/ui';
import type { FavoriteCheckResponse } from '@laundry/contracts';
import { getJson, mutateJson } from '../api/http-client.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { useText } from '../shared/use-text.ts';
import { useCurrentUser } from './use-current-user.ts';

/**
 * The detail modal's favourite toggle (docs/product.md, Behaviour): sign-in gate, add or remove, its toasts.
 */
export function useFavorite(laundromatId: string) {
  const { t } = useText();
  const { isSignedIn } = useCurrentUser();
  const queryClient = useQueryClient();
  // One element: by the key rule (docs/product.md, API calls) a second element not starting with '/' is a
  // query string.
  const checkKey = [`/api/favorites/${laundromatId}/check`] as const;
  const check = useQuery({
    queryKey: checkKey,
    queryFn: async () => (await getJson<FavoriteCheckResponse>(checkKey)).data,
    enabled: isSignedIn,
    retry: false,
  });
  const isFavorite = check.data?.isFavorite ?? false;

  const mutation = useMutation({
    mutationFn: () =>
      isFavorite
        ? mutateJson('DELETE', `/api/favorites/${laundromatId}`)
        : mutateJson('POST', '/api/favorites', { laundromatId }),
    onSuccess: () => {
      queryClient.setQueryData(checkKey, { isFavorite: !isFavorite });
      void queryClient.invalidateQueries({ queryKey: ['/api/favorites'], exact: true });
      toast({
        title: t(isFavorite ? 'messages.favorites.removed' : 'messages.favorites.added'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({ title: t('messages.favorites.updateFailed'), variant: 'destructive' });
    },
  });

  const toggle = () => {
    if (!isSignedIn) {
      toast({ title: `${t('messages.auth.signInRequiredTitle')}: ${t('messages.auth.signInForFavorites')}` });
      return;
    }
    mutation.mutate();
  };

  return { isFavorite, toggle, isPending: mutation.isPending };
}
