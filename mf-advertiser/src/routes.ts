import { lazy } from 'react';
import type { AdvertiserRoutesModule } from '@laundry/ui';
import { warmUpAfterProfile } from './api/warm-up.ts';

export const load = {
  setup: () => import('./pages/setup-page.tsx'),
  dashboard: () => {
    // The dashboard's answers are asked for while its code loads (Lighthouse's largest paint waits on them);
    // the advertiser's own ones once the profile says there is an advertiser.
    warmUpAfterProfile('/api/advertisers/me', ['/api/campaigns', '/api/analytics/revenue', '/api/payouts']);
    return import('./pages/dashboard-page.tsx');
  },
  settings: () => import('./pages/settings-page.tsx'),
  campaignCreate: () => import('./pages/campaign-create-page.tsx'),
  campaignEdit: () => import('./pages/campaign-edit-page.tsx'),
  campaignAnalytics: () => import('./pages/campaign-analytics-page.tsx'),
  claim: () => import('./pages/claim-page.tsx'),
  ownedLaundromats: () => import('./pages/owned-laundromats-page.tsx'),
  laundromatInsights: () => import('./pages/laundromat-insights-page.tsx'),
  listingEdit: () => import('./pages/listing-edit-page.tsx'),
  laundromatMachines: () => import('./pages/laundromat-machines-page.tsx'),
  ownerSuggestions: () => import('./pages/owner-suggestions-page.tsx'),
  transferAccept: () => import('./pages/transfer-accept-page.tsx'),
  team: () => import('./pages/team-page.tsx'),
} satisfies Required<NonNullable<AdvertiserRoutesModule['load']>>;

/** Exposed as mf_advertiser/routes: the shell maps its paths (docs/product.md, Pages) to these pages. */
export const pages: AdvertiserRoutesModule['pages'] = {
  setup: lazy(load.setup),
  dashboard: lazy(load.dashboard),
  settings: lazy(load.settings),
  campaignCreate: lazy(load.campaignCreate),
  campaignEdit: lazy(load.campaignEdit),
  campaignAnalytics: lazy(load.campaignAnalytics),
  claim: lazy(load.claim),
  ownedLaundromats: lazy(load.ownedLaundromats),
  laundromatInsights: lazy(load.laundromatInsights),
  listingEdit: lazy(load.listingEdit),
  laundromatMachines: lazy(load.laundromatMachines),
  ownerSuggestions: lazy(load.ownerSuggestions),
  transferAccept: lazy(load.transferAccept),
  team: lazy(load.team),
};
