import { lazy } from 'react';
import type { FinderRoutesModule } from '@laundry/ui';
import { prefetchFirstList } from './hooks/use-laundromat-results.ts';

export const load = {
  home: () => import('./pages/home-page.tsx'),
  explore: () => import('./pages/explore-page.tsx'),
  favorites: () => import('./pages/favorites-page.tsx'),
  gallery: () => import('./pages/gallery-page.tsx'),
  add: () => import('./pages/add-laundromat-page.tsx'),
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
