import { lazy } from 'react';
import type { AdminRoutesModule } from '@laundry/ui';

export const load = {
  overview: () => import('./pages/overview-page.tsx'),
  moderation: () => import('./pages/moderation-page.tsx'),
  verifications: () => import('./pages/verifications-page.tsx'),
  claims: () => import('./pages/claims-page.tsx'),
  laundromats: () => import('./pages/laundromats-page.tsx'),
  suggestions: () => import('./pages/suggestions-page.tsx'),
  audit: () => import('./pages/audit-page.tsx'),
  retention: () => import('./pages/retention-page.tsx'),
  billing: () => import('./pages/billing-page.tsx'),
} satisfies Required<NonNullable<AdminRoutesModule['load']>>;

/**
 * Exposed as mf_admin/routes. The shell asks for it only when GET /api/auth/user says the person is an admin;
 * every call behind these pages is refused to anyone else by the services themselves.
 */
export const pages: AdminRoutesModule['pages'] = {
  overview: lazy(load.overview),
  moderation: lazy(load.moderation),
  verifications: lazy(load.verifications),
  claims: lazy(load.claims),
  laundromats: lazy(load.laundromats),
  suggestions: lazy(load.suggestions),
  audit: lazy(load.audit),
  retention: lazy(load.retention),
  billing: lazy(load.billing),
};
