import { keepPreviousData, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdPricingResponse,
  AdvertiserProfile,
  AdvertiserServing,
  AdvertiserVerification,
  BillingAccount,
  BillingInvoice,
  Campaign,
  CampaignAnalytics,
  CampaignListItem,
  CurrentUserResponse,
  Laundromat,
  PayoutListItem,
  RevenueAnalyticsResponse,
} from '@laundry/contracts';
import { analyticsUrl } from '../domain/analytics.ts';
import { isNotAvailable, statusOf } from '../domain/api-errors.ts';
import { getJson } from './http.ts';

/** The shell and the finder read the same key, so all share one answer through the shared query client. */
export const currentUserKey = ['/api/auth/user'] as const;
export const profileKey = ['/api/advertisers/me'] as const;
export const verificationKey = ['/api/advertisers/me/verification'] as const;
export const servingKey = ['/api/advertisers/me/serving'] as const;
export const campaignsKey = ['/api/campaigns'] as const;
export const campaignKey = (id: string) => ['/api/campaigns', id] as const;
export const revenueKey = ['/api/analytics/revenue'] as const;
export const payoutsKey = ['/api/payouts'] as const;
export const billingAccountKey = ['/api/billing/account'] as const;
export const invoicesKey = ['/api/billing/invoices'] as const;
/** Under the campaign's own key, so a change to the campaign reads its figures again too. */
export const campaignAnalyticsKey = (id: string, query: string) =>
  ['/api/campaigns', id, 'analytics', query] as const;
export const laundromatKey = (id: string) => ['/api/laundromats', id] as const;
export const pricingKey = ['/api/ads/pricing'] as const;

/** Counters move within seconds of an event; an open report reads them again this often. */
export const analyticsRefreshMs = 30_000;

async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  const response = await fetch('/api/auth/user', { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as CurrentUserResponse;
}

/** docs/product.md, Roles and API calls: signed in when GET /api/auth/user returns a user; never retried. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, retry: false });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: Boolean(query.data) };
}

/**
 * GET /api/advertisers/me: the profile, or null when the signed-in user has none (docs/product.md, Roles).
 */
export function useAdvertiserProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => getJson<AdvertiserProfile | null>(profileKey[0]),
    enabled,
  });
}

/** Signed in, and the profile question answered: what every advertiser page waits for first. */
export function useAdvertiser() {
  const user = useCurrentUser();
  const profile = useAdvertiserProfile(user.isSignedIn);
  return {
    isSignedIn: user.isSignedIn,
    isLoading: user.isLoading || (user.isSignedIn && profile.isPending),
    profile: profile.data ?? null,
    error: profile.error,
    refetch: profile.refetch,
  };
}

/** GET /api/ads/pricing: the platform fee and the placements' factors, the price line's one source. */
export function useAdPricing() {
  return useQuery({
    queryKey: pricingKey,
    queryFn: () => getJson<AdPricingResponse>(pricingKey[0]),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/campaigns, once the profile exists (docs/product.md, API calls). */
export function useCampaigns(enabled: boolean) {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: () => getJson<CampaignListItem[]>(campaignsKey[0]),
    enabled,
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignKey(id ?? ''),
    queryFn: () => getJson<Campaign>(`/api/campaigns/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
  });
}

export function useVerification(enabled: boolean) {
  return useQuery({
    queryKey: verificationKey,
    queryFn: () => getJson<AdvertiserVerification | null>(verificationKey[0]),
    enabled,
  });
}

/**
 * GET /api/campaigns/{id}/analytics for a window (see domain/analytics.ts), read again every 30 s while the
 * page is open and visible; a new window keeps the last answer on screen until its own arrives.
 */
export function useCampaignAnalytics(id: string | undefined, query: string, enabled = true) {
  return useQuery({
    queryKey: campaignAnalyticsKey(id ?? '', query),
    queryFn: () => getJson<CampaignAnalytics>(analyticsUrl(id ?? '', query)),
    enabled: enabled && Boolean(id),
    refetchInterval: analyticsRefreshMs,
    placeholderData: keepPreviousData,
  });
}

/** Several campaigns' reports for the same window (the dashboard's overview), each on its own. */
export function useCampaignsAnalytics(ids: readonly string[], query: string) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: campaignAnalyticsKey(id, query),
      queryFn: () => getJson<CampaignAnalytics>(analyticsUrl(id, query)),
      refetchInterval: analyticsRefreshMs,
    })),
  });
}

/**
 * The names of the laundromats a report lists, from the directory's public GET /api/laundromats/{id}:
 * id → name, or null when the directory does not know it (or does not answer); undefined while asked.
 */
export function useLaundromatNames(ids: readonly string[]): Map<string, string | null | undefined> {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: laundromatKey(id),
      queryFn: async () => {
        try {
          return (await getJson<Pick<Laundromat, 'name'>>(`/api/laundromats/${encodeURIComponent(id)}`)).name;
        } catch (error) {
          const status = statusOf(error);
          if (status === 404 || status === 400) return null;
          throw error;
        }
      },
      staleTime: 60 * 60_000,
      retry: 1,
    })),
  });
  return new Map(ids.map((id, index) => [id, answers[index]?.isError ? null : answers[index]?.data]));
}

/**
 * A figure another part of the product serves (revenue, payouts: the billing service). Until that endpoint
 * exists it answers 404 or its gateway 502/503: the answer is then `{ available: false }`, shown as such
 * rather than as a made-up zero.
 */
export type Availability<T> = { available: true; data: T } | { available: false };

async function whenAvailable<T>(url: string): Promise<Availability<T>> {
  try {
    return { available: true, data: await getJson<T>(url) };
  } catch (error) {
    if (isNotAvailable(error)) return { available: false };
    throw error;
  }
}

export function useRevenue(enabled: boolean) {
  return useQuery({
    queryKey: revenueKey,
    queryFn: () => whenAvailable<RevenueAnalyticsResponse>(revenueKey[0]),
    enabled,
  });
}

export function usePayouts(enabled: boolean) {
  return useQuery({
    queryKey: payoutsKey,
    queryFn: () => whenAvailable<PayoutListItem[]>(payoutsKey[0]),
    enabled,
  });
}

/** GET /api/billing/account: the payment method, test or live mode, and the account's standing. */
export function useBillingAccount(enabled: boolean) {
  return useQuery({
    queryKey: billingAccountKey,
    queryFn: () => whenAvailable<BillingAccount>(billingAccountKey[0]),
    enabled,
  });
}

/** GET /api/advertisers/me/serving: whether the campaigns may run, and if not why (the dashboard's notice). */
export function useServing(enabled: boolean) {
  return useQuery({
    queryKey: servingKey,
    queryFn: () => getJson<AdvertiserServing>(servingKey[0]),
    enabled,
  });
}

/** GET /api/billing/invoices: the statements with their charge, standing and invoice. */
export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: invoicesKey,
    queryFn: () => whenAvailable<BillingInvoice[]>(invoicesKey[0]),
    enabled,
  });
}

/** After a campaign changes: the list and its tiles, and the campaign's own page, are read again. */
export function refreshCampaigns(client: QueryClient, id?: string) {
  void client.invalidateQueries({ queryKey: campaignsKey });
  if (id) void client.invalidateQueries({ queryKey: campaignKey(id) });
}
