import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What each remote exposes as `./routes`: its pages by key. The shell owns the route table (paths,
 * 404) and asks a remote only for page components, so both sides type-check against these keys.
 */
export const finderPages = ['home', 'explore', 'favorites', 'gallery', 'add'] as const;
export type FinderPage = (typeof finderPages)[number];

export const advertiserPages = [
  'setup',
  'dashboard',
  'settings',
  'campaignCreate',
  'campaignEdit',
  'campaignAnalytics',
  'claim',
  'ownedLaundromats',
  'laundromatInsights',
  'listingEdit',
  'laundromatMachines',
  'ownerSuggestions',
  'transferAccept',
  'team',
] as const;
export type AdvertiserPage = (typeof advertiserPages)[number];

/** The admin console's pages; the shell loads the remote only for a signed-in admin. */
export const adminPages = [
  'overview',
  'moderation',
  'verifications',
  'claims',
  'laundromats',
  'suggestions',
  'audit',
  'retention',
  'billing',
] as const;
export type AdminPage = (typeof adminPages)[number];

export interface RemoteRoutesModule<Page extends string> {
  pages: Record<Page, ComponentType>;
  /**
   * The pages' modules themselves, for a host that wants a page loaded before its first render (the shell
   * does, while the prerendered first screen is showing, so the swap to the live page happens in one frame).
   */
  load?: Partial<Record<Page, () => Promise<{ default: ComponentType }>>>;
  /** Starts a page's first queries in the page's own shared query client, for the same host. */
  prefetch?: Partial<Record<Page, (client: QueryClient) => void>>;
}

export type FinderRoutesModule = RemoteRoutesModule<FinderPage>;
export type AdvertiserRoutesModule = RemoteRoutesModule<AdvertiserPage>;
export type AdminRoutesModule = RemoteRoutesModule<AdminPage>;
