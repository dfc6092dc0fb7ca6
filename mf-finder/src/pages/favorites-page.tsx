import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClassName, toast } from '@laundry/ui';
import type { FavoriteListResponse } from '@laundry/contracts';
import { getJson, mutateJson } from '../api/http-client.ts';
import { redirectToSignIn } from '../api/sign-in.ts';
import { isUnauthorizedError } from '../domain/api-errors.ts';
import { FavoriteCard } from '../favorites/favorite-card.tsx';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import styles from '../favorites/favorites.module.css';

const favoritesKey = ['/api/favorites'] as const;

export default function FavoritesPage() {
  const { t } = useText();
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  const favorites = useQuery({
    queryKey: favoritesKey,
    queryFn: async () => (await getJson<FavoriteListResponse>(favoritesKey)).data ?? [],
    enabled: isSignedIn,
  });
  const remove = useMutation({
    mutationFn: (id: string) => mutateJson('DELETE', `/api/favorites/${id}`),
    onSuccess: () => {
      toast({ title: t('messages.favorites.removed'), description: t('messages.favorites.removedText') });
      void favorites.refetch();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({
          title: t('messages.auth.unauthorizedTitle'),
          description: t('messages.auth.unauthorizedText'),
          variant: 'destructive',
        });
        redirectToSignIn();
        return;
      }
      toast({
        title: t('messages.addLaundromat.errorTitle'),
        description: t('messages.favorites.removeFailed'),
        variant: 'destructive',
      });
    },
  });

  if (userLoading || (isSignedIn && favorites.isPending)) {
    return (
      <p className={styles.center} role="status">
        {t('favorites.loading')}
      </p>
    );
  }
  if (!isSignedIn) {
    return (
      <section className={styles.center}>
        <h1>{t('favorites.signInRequired')}</h1>
        <p>{t('favorites.signInText')}</p>
        <Link className={buttonClassName()} to="/">
          {t('favorites.backToMap')}
        </Link>
      </section>
    );
  }
  const items = favorites.data ?? [];
  return (
    <section className={styles.page}>
      <h1>{t('favorites.title')}</h1>
      <p>{t('favorites.count', { count: items.length })}</p>
      {items.length === 0 ? (
        <div className={styles.center}>
          <h2>{t('favorites.emptyTitle')}</h2>
          <p>{t('favorites.emptyText')}</p>
          <Link className={buttonClassName()} to="/">
            {t('favorites.findLaundromats')}
          </Link>
        </div>
      ) : (
        <div className={styles.grid}>
          {items.map((favorite) => (
            <FavoriteCard key={favorite.id} favorite={favorite} onRemove={(id) => remove.mutate(id)} />
          ))}
        </div>
      )}
    </section>
  );
}
