import type { AdvertiserProfile, AdvertiserRole } from '@laundry/contracts';

/**
 * What the portal offers a role (the ad service and billing refuse the rest): changing campaigns and the
 * profile is an owner's or a manager's; the team and billing are the owner's; a viewer sees the reports.
 */
export type PortalAction = 'manage' | 'team' | 'billing';

const offered: Record<AdvertiserRole, readonly PortalAction[]> = {
  owner: ['manage', 'team', 'billing'],
  manager: ['manage'],
  viewer: [],
};

/** Whether the signed-in person's role on the account allows the action (nothing without an account). */
export function canDo(profile: Pick<AdvertiserProfile, 'role'> | null | undefined, action: PortalAction) {
  return profile ? offered[profile.role].includes(action) : false;
}
