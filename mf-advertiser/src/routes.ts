import { lazy } from 'react';
import type { AdvertiserRoutesModule } from '@laundry/ui';

const ComingSoonPage = lazy(() => import('./pages/coming-soon-page.tsx'));

/** Exposed as mf_advertiser/routes. Every page is a placeholder until the advertiser screens are built. */
export const pages: AdvertiserRoutesModule['pages'] = {
  setup: ComingSoonPage,
  dashboard: ComingSoonPage,
  settings: ComingSoonPage,
  campaignCreate: ComingSoonPage,
  campaignEdit: ComingSoonPage,
  campaignAnalytics: ComingSoonPage,
};
