import { useQuery } from '@tanstack/react-query';
import type {
  Campaign,
  ClaimTransfer,
  IncomingTransfer,
  Laundromat,
  OwnerClaim,
  OwnerLaundromatsResponse,
} from '@laundry/contracts';
import { getJson, request } from './http.ts';

/** The owner service's claim calls, for the business portal's claim page and 'My laundromats'. */
export const ownedLaundromatsKey = ['/api/owner/laundromats'] as const;
/** The whole laundromat (the reports' names share the plain key, holding only the name). */
export const claimedLaundromatKey = (id: string) => ['/api/laundromats', id, 'whole'] as const;

const path = (id: string) => encodeURIComponent(id);

/** GET /api/laundromats/{id}: its name, address and website, once signed in. */
export function useClaimedLaundromat(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: claimedLaundromatKey(id ?? ''),
    queryFn: () => getJson<Laundromat>(`/api/laundromats/${path(id ?? '')}`),
    enabled: enabled && Boolean(id),
    retry: false,
  });
}

/** GET /api/owner/laundromats: the caller's verified laundromats and open claims. */
export function useOwnedLaundromats(enabled: boolean) {
  return useQuery({
    queryKey: ownedLaundromatsKey,
    queryFn: () => getJson<OwnerLaundromatsResponse>(ownedLaundromatsKey[0]),
    enabled,
  });
}

export const claimByEmail = (laundromatId: string, email: string, language: string) =>
  request<OwnerClaim>('POST', `/api/laundromats/${path(laundromatId)}/claims`, {
    method: 'email-domain',
    email,
    language,
  });

export function claimByDocument(
  laundromatId: string,
  documentType: 'business-licence' | 'utility-bill',
  document: File,
) {
  const form = new FormData();
  form.set('method', 'document');
  form.set('documentType', documentType);
  form.set('document', document);
  return request<OwnerClaim>('POST', `/api/laundromats/${path(laundromatId)}/claims/document`, form);
}

export const verifyClaim = (claimId: string, code: string) =>
  request<OwnerClaim>('POST', `/api/claims/${path(claimId)}/verify`, { code });

export const releaseLaundromat = (laundromatId: string) =>
  request<null>('DELETE', `/api/owner/laundromats/${path(laundromatId)}/ownership`);

/** POST /api/owner/laundromats/{id}/transfer: the recipient is mailed a link, in the language chosen. */
export const startTransfer = (laundromatId: string, email: string, language: string) =>
  request<ClaimTransfer>('POST', `/api/owner/laundromats/${path(laundromatId)}/transfer`, {
    email,
    language,
  });

export const cancelTransfer = (laundromatId: string) =>
  request<null>('DELETE', `/api/owner/laundromats/${path(laundromatId)}/transfer`);

export const transferKey = (id: string) => ['/api/claims/transfers', id] as const;

/** GET /api/claims/transfers/{id}: the transfer the mail's link names, for its recipient (403 otherwise). */
export function useIncomingTransfer(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: transferKey(id ?? ''),
    queryFn: () => getJson<IncomingTransfer>(`/api/claims/transfers/${path(id ?? '')}`),
    enabled: enabled && Boolean(id),
    retry: false,
  });
}

export const acceptTransfer = (transferId: string) =>
  request<OwnerClaim>('POST', `/api/claims/transfers/${path(transferId)}/accept`);

/**
 * POST /api/owner/laundromats/{id}/promote: a draft campaign prefilled from the owned laundromat's listing
 * (an advertiser profile is made from it when the owner has none).
 */
export const promoteLaundromat = (laundromatId: string) =>
  request<Campaign>('POST', `/api/owner/laundromats/${path(laundromatId)}/promote`);
