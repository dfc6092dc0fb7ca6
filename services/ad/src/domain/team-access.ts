import { AppError } from '@laundry/platform/errors';
import type { AdvertiserRole } from '@laundry/contracts';

/**
 * What a role on an advertiser's account may do. reports: the campaigns and their figures; manage: change
 * campaigns, the profile and its verification; team: invite, change roles, remove; billing: statements,
 * invoices and payment methods (billing's own service refuses a member there, from the team's events).
 */
export type TeamPermission = 'reports' | 'manage' | 'team' | 'billing';

const granted: Record<AdvertiserRole, readonly TeamPermission[]> = {
  owner: ['reports', 'manage', 'team', 'billing'],
  manager: ['reports', 'manage'],
  viewer: ['reports'],
};

export const mayDo = (role: AdvertiserRole, permission: TeamPermission) => granted[role].includes(permission);

export const viewerMayNotMessage =
  "Viewers see the reports only: ask the account's owner to make you a manager to change campaigns or settings.";
export const ownerOnlyTeamMessage = "Only the account's owner manages the team.";
export const ownerOnlyBillingMessage = "Only the account's owner sees billing and payment methods.";

const messages: Record<TeamPermission, string> = {
  reports: viewerMayNotMessage,
  manage: viewerMayNotMessage,
  team: ownerOnlyTeamMessage,
  billing: ownerOnlyBillingMessage,
};

/** A 403 that tells the person what their role does not allow, and whom to ask. */
export const refusal = (permission: TeamPermission) =>
  new AppError(403, messages[permission], 'ROLE_NOT_ALLOWED');

/** Throws that 403 unless the role allows the permission. */
export function requirePermission(role: AdvertiserRole, permission: TeamPermission): void {
  if (!mayDo(role, permission)) throw refusal(permission);
}
