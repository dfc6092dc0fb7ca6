import { lazy } from 'react';
import type { FinderRoutesModule } from '@laundry/ui';

/** Exposed as mf_finder/routes: the shell maps its paths to these pages. */
export const pages: FinderRoutesModule['pages'] = {
  home: lazy(() => import('./pages/home-page.tsx')),
  favorites: lazy(() => import('./pages/favorites-page.tsx')),
  gallery: lazy(() => import('./pages/gallery-page.tsx')),
  add: lazy(() => import('./pages/add-laundromat-page.tsx')),
};
