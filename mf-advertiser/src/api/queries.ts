import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdvertiserProfile,
  AdvertiserVerification,
  Campaign,
  CampaignListItem,
  CurrentUserResponse,
  PayoutListItem,
  RevenueAnalyticsResponse,
} from '@laundry/contracts';
import { isNotAvailable } from '../domain/api-errors.ts';
import { getJson } from './http.ts';

/** The shell and the finder read the same key, so all share one answer through the shared query client. */
export const currentUserKey = ['/api/auth/user'] as const;
export const profileKey = ['/api/advertisers/me'] as const;
export const verificationKey = ['/api/advertisers/me/verification'] as const;
export const campaignsKey = ['/api/campaigns'] as const;
export const campaignKey = (id: string) => ['/api/campaigns', id] as const;
export const revenueKey = ['/api/analytics/revenue'] as const;
export const payoutsKey = ['/api/payouts'] as const;

async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  const response = await fetch('/api/auth/user', { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as CurrentUserResponse;
}

/** Spec §6/§7: signed in when GET /api/auth/user returns a user; never retried. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, retry: false });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: Boolean(query.data) };
}

/** GET /api/advertisers/me: the profile, or null when the signed-in user has none (spec §6). */
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

/** GET /api/campaigns, once the profile exists (spec §7). */
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

/** After a campaign changes: the list and its tiles, and the campaign's own page, are read again. */
export function refreshCampaigns(client: QueryClient, id?: string) {
  void client.invalidateQueries({ queryKey: campaignsKey });
  if (id) void client.invalidateQueries({ queryKey: campaignKey(id) });
}
