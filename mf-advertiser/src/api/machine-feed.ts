import { useQuery } from '@tanstack/react-query';
import type {
  CreatedFeedKey,
  OutOfOrderFixed,
  OwnerFeedKeyList,
  OwnerOutOfOrder,
  RotatedFeedKey,
} from '@laundry/contracts';
import { getJson, request } from './http.ts';

/** The availability service's owner calls: the machine feed's keys and visitors' out-of-order reports. */
const base = (id: string) => `/api/owner/laundromats/${encodeURIComponent(id)}`;

export const feedKeysKey = (id: string) => ['/api/owner/laundromats', id, 'feed-keys'] as const;
export const outOfOrderKey = (id: string) => ['/api/owner/laundromats', id, 'out-of-order'] as const;

/** GET …/feed-keys: newest first, revoked ones too, with the feed's state; asked again every half minute. */
export function useFeedKeys(id: string, enabled: boolean) {
  return useQuery({
    queryKey: feedKeysKey(id),
    queryFn: () => getJson<OwnerFeedKeyList>(`${base(id)}/feed-keys`),
    enabled: enabled && id !== '',
    refetchInterval: 30_000,
    retry: false,
  });
}

/** GET …/out-of-order: the newest visitors' report since the last 'Mark fixed' that names broken machines. */
export function useOwnerOutOfOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: outOfOrderKey(id),
    queryFn: () => getJson<OwnerOutOfOrder>(`${base(id)}/out-of-order`),
    enabled: enabled && id !== '',
    retry: false,
  });
}

/** POST …/feed-keys: the key itself is in this answer only. */
export const createFeedKey = (id: string, body: { label?: string }) =>
  request<CreatedFeedKey>('POST', `${base(id)}/feed-keys`, body);

/** POST …/feed-keys/{keyId}/rotate: a new key; the old one works for an hour more. */
export const rotateFeedKey = (id: string, keyId: string) =>
  request<RotatedFeedKey>('POST', `${base(id)}/feed-keys/${encodeURIComponent(keyId)}/rotate`);

/** DELETE …/feed-keys/{keyId}: refused from now on. */
export const revokeFeedKey = (id: string, keyId: string) =>
  request<null>('DELETE', `${base(id)}/feed-keys/${encodeURIComponent(keyId)}`);

/** POST …/out-of-order/fixed: the detail stops showing them until a later report names broken machines. */
export const markOutOfOrderFixed = (id: string) =>
  request<OutOfOrderFixed>('POST', `${base(id)}/out-of-order/fixed`);
