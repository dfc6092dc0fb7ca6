import { matchPath } from 'react-router';
import type { AdminPage, AdvertiserPage, FinderPage } from '@laundry/ui';

export type RemoteName = 'mf_finder' | 'mf_advertiser' | 'mf_admin';

export type RemoteRoute =
  | { path: string; remote: 'mf_finder'; page: FinderPage }
  | { path: string; remote: 'mf_advertiser'; page: AdvertiserPage }
  | { path: string; remote: 'mf_admin'; page: AdminPage };

/** docs/product.md, Pages: the shell owns the paths; each remote supplies the page component for its keys. */
export const remoteRoutes: readonly RemoteRoute[] = [
  { path: '/', remote: 'mf_finder', page: 'home' },
  { path: '/explore', remote: 'mf_finder', page: 'explore' },
  { path: '/favorites', remote: 'mf_finder', page: 'favorites' },
  { path: '/gallery', remote: 'mf_finder', page: 'gallery' },
  { path: '/add', remote: 'mf_finder', page: 'add' },
  { path: '/advertiser', remote: 'mf_advertiser', page: 'dashboard' },
  { path: '/advertiser/setup', remote: 'mf_advertiser', page: 'setup' },
  { path: '/advertiser/dashboard', remote: 'mf_advertiser', page: 'dashboard' },
  { path: '/advertiser/settings', remote: 'mf_advertiser', page: 'settings' },
  { path: '/advertiser/laundromats', remote: 'mf_advertiser', page: 'ownedLaundromats' },
  {
    path: '/advertiser/laundromats/:laundromatId/insights',
    remote: 'mf_advertiser',
    page: 'laundromatInsights',
  },
  { path: '/advertiser/laundromats/:laundromatId/edit', remote: 'mf_advertiser', page: 'listingEdit' },
  {
    path: '/advertiser/laundromats/:laundromatId/machines',
    remote: 'mf_advertiser',
    page: 'laundromatMachines',
  },
  { path: '/advertiser/suggestions', remote: 'mf_advertiser', page: 'ownerSuggestions' },
  { path: '/advertiser/team', remote: 'mf_advertiser', page: 'team' },
  { path: '/advertiser/claim/:laundromatId', remote: 'mf_advertiser', page: 'claim' },
  // A transfer mail's link: its recipient accepts the laundromat.
  { path: '/advertiser/transfers/:transferId', remote: 'mf_advertiser', page: 'transferAccept' },
  { path: '/campaigns/create', remote: 'mf_advertiser', page: 'campaignCreate' },
  { path: '/campaigns/:campaignId/edit', remote: 'mf_advertiser', page: 'campaignEdit' },
  { path: '/campaigns/:campaignId/analytics', remote: 'mf_advertiser', page: 'campaignAnalytics' },
  // The admin console: the shell renders these only for an admin (admin-access.ts), 404 for anyone else.
  { path: '/admin', remote: 'mf_admin', page: 'overview' },
  { path: '/admin/moderation', remote: 'mf_admin', page: 'moderation' },
  { path: '/admin/verifications', remote: 'mf_admin', page: 'verifications' },
  { path: '/admin/claims', remote: 'mf_admin', page: 'claims' },
  { path: '/admin/laundromats', remote: 'mf_admin', page: 'laundromats' },
  { path: '/admin/suggestions', remote: 'mf_admin', page: 'suggestions' },
  { path: '/admin/audit', remote: 'mf_admin', page: 'audit' },
  { path: '/admin/retention', remote: 'mf_admin', page: 'retention' },
  { path: '/admin/billing', remote: 'mf_admin', page: 'billing' },
];

/** The remote route a path belongs to, if any. */
export function remoteRouteAt(pathname: string): RemoteRoute | undefined {
  return remoteRoutes.find((route) => matchPath(route.path, pathname) !== null);
}
