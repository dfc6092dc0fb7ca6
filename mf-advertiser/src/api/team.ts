import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptedTeamInvitation,
  AdvertiserMemberRole,
  InviteTeamMemberRequest,
  TeamInvitation,
  TeamMember,
  TeamResponse,
} from '@laundry/contracts';
import { getJson, request } from './http.ts';

export const teamKey = ['/api/advertisers/me/team'] as const;

/** GET /api/advertisers/me/team: the owner's members and open invitations. */
export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: teamKey, queryFn: () => getJson<TeamResponse>(teamKey[0]), enabled });
}

/** The team's changes; each reads the team again once it is made. */
export function useTeamChanges() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamKey });
  return {
    invite: useMutation({
      mutationFn: (body: InviteTeamMemberRequest) =>
        request<TeamInvitation>('POST', '/api/advertisers/me/team/invitations', body),
      onSuccess: refresh,
    }),
    withdraw: useMutation({
      mutationFn: (id: string) =>
        request<null>('DELETE', `/api/advertisers/me/team/invitations/${encodeURIComponent(id)}`),
      onSettled: refresh,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: AdvertiserMemberRole }) =>
        request<TeamMember>('PUT', `/api/advertisers/me/team/members/${encodeURIComponent(userId)}`, {
          role,
        }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        request<null>('DELETE', `/api/advertisers/me/team/members/${encodeURIComponent(userId)}`),
      onSettled: refresh,
    }),
  };
}

/** POST /api/advertisers/team/accept: the person now works on another account, so every answer is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      request<AcceptedTeamInvitation>('POST', '/api/advertisers/team/accept', { token }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
