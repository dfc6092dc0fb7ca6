import { lazy } from 'react';
import { withDeferredEnglish, type FinderRoutesModule } from '@laundry/ui';
import { prefetchFirstList } from './hooks/use-laundromat-results.ts';

export const load = {
  home: () => import('./pages/home-page.tsx'),
  // These pages' English is not in the first load (create-i18n.ts): it comes with them.
  explore: withDeferredEnglish(() => import('./pages/explore-page.tsx')),
  favorites: withDeferredEnglish(() => import('./pages/favorites-page.tsx')),
  gallery: withDeferredEnglish(() => import('./pages/gallery-page.tsx')),
  add: withDeferredEnglish(() => import('./pages/add-laundromat-page.tsx')),
} satisfies Required<NonNullable<FinderRoutesModule['load']>>;

export const prefetch: FinderRoutesModule['prefetch'] = { home: prefetchFirstList };

/** Exposed as mf_finder/routes: the shell maps its paths to these pages. */
export const pages: FinderRoutesModule['pages'] = {
  home: lazy(load.home),
  explore: lazy(load.explore),
  favorites: lazy(load.favorites),
  gallery: lazy(load.gallery),
  add: lazy(load.add),
};
