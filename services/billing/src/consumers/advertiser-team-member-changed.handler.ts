import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { EventOf, advertiserTeamMemberChangedV1 } from '@laundry/contracts';
import type { TeamMemberStore } from '../domain/team-members.ts';

/**
 * advertiser.team-member-changed.v1 → whether the person's billing calls are refused, once per event; a
 * change older than the one already kept is ignored, so a late redelivery undoes nothing.
 */
export function advertiserTeamMemberChangedHandler(deps: {
  db: Db;
  teamMembers: TeamMemberStore;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof advertiserTeamMemberChangedV1>>({
    db: deps.db,
    consumer: 'billing.advertiser-team-member-changed',
    handler: async ({ data }, tx) => {
      const applied = await deps.teamMembers.apply(tx, data);
      deps.logger.info(
        { memberUserId: data.memberUserId, advertiserId: data.advertiserId, role: data.role, applied },
        applied ? 'advertiser team member changed' : 'an older team change ignored',
      );
    },
  });
}
