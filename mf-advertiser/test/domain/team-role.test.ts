import { describe, expect, it } from 'vitest';
import { canDo } from '../../src/domain/team-role.ts';
import { messageText } from '../../src/domain/validation-messages.ts';

describe('what the portal offers a role', () => {
  it('when the person owns the account, then campaigns, the team and billing are offered', () => {
    const actions = ['manage', 'team', 'billing'] as const;
    expect(actions.map((action) => canDo({ role: 'owner' }, action))).toEqual([true, true, true]);
  });

  it('when the person is a manager, then campaigns only; a viewer and nobody get none of it', () => {
    expect(canDo({ role: 'manager' }, 'manage')).toBe(true);
    expect(canDo({ role: 'manager' }, 'team')).toBe(false);
    expect(canDo({ role: 'manager' }, 'billing')).toBe(false);
    expect(canDo({ role: 'viewer' }, 'manage')).toBe(false);
    expect(canDo(null, 'manage')).toBe(false);
  });

  it("when the service refuses a viewer's change, then its message is shown in the reader's language", () => {
    expect(
      messageText(
        "Viewers see the reports only: ask the account's owner to make you a manager to change campaigns or settings.",
      ),
    ).toEqual({ key: 'advertiser:team.refusals.viewer' });
  });
});
