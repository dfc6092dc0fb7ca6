import { queryOptions } from '@tanstack/react-query';
import type {
  AuditPage,
  ClaimQueueItem,
  Laundromat,
  LaundromatSubmissionList,
  ModerationQueueItem,
  RetentionPoliciesResponse,
  VerificationQueueItem,
} from '@laundry/contracts';
import { auditQueryString, type AuditFilters } from '../domain/audit-filters.ts';
import type { ModerationFilterStatus, VerificationFilterStatus } from '../domain/statuses.ts';
import { getJson } from './admin-http.ts';

/** Every query of the console starts with this, so a decision can refresh all of them (the overview's counts too). */
export const adminKey = 'admin' as const;

export const moderationQueue = (status: ModerationFilterStatus) =>
  queryOptions({
    queryKey: [adminKey, 'moderation', status],
    queryFn: () =>
      getJson<ModerationQueueItem[]>(`/api/admin/moderation?status=${encodeURIComponent(status)}`),
  });

export const verificationQueue = (status: VerificationFilterStatus) =>
  queryOptions({
    queryKey: [adminKey, 'verifications', status],
    queryFn: () =>
      getJson<VerificationQueueItem[]>(`/api/admin/verifications?status=${encodeURIComponent(status)}`),
  });

/** Owners' claims waiting for an admin (pending review and contested), oldest first. */
export const claimQueue = () =>
  queryOptions({
    queryKey: [adminKey, 'claims', 'pending'],
    queryFn: () => getJson<ClaimQueueItem[]>('/api/admin/claims?status=pending'),
  });

/** A claimed laundromat's name and address (an admin may read a pending one too). */
export const claimedLaundromat = (laundromatId: string) =>
  queryOptions({
    queryKey: ['laundromat', laundromatId],
    queryFn: () => getJson<Laundromat>(`/api/laundromats/${encodeURIComponent(laundromatId)}`),
    staleTime: 5 * 60_000,
  });

/** The laundromats users submitted, a page at a time; `cursor` is the previous page's nextCursor. */
export const submissionsPage = (cursor: string | null, limit = 20) =>
  getJson<LaundromatSubmissionList>(
    `/api/laundromats/submissions?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const auditPage = (filters: AuditFilters, before: string | null) =>
  getJson<AuditPage>(`/api/admin/audit?${auditQueryString(filters, before)}`);

export const verificationDocumentUrl = (verificationId: string) =>
  `/api/advertisers/verifications/${encodeURIComponent(verificationId)}/document`;

/** Every service's data retention policies (kept by identity). */
export const retentionPolicies = () =>
  queryOptions({
    queryKey: [adminKey, 'retention-policies'],
    queryFn: () => getJson<RetentionPoliciesResponse>('/api/admin/retention-policies'),
  });
