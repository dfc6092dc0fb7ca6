import { describe, expect, it } from 'vitest';
import { internalMailRequestSchema, languages } from '@laundry/contracts';
import { mayDo, refusal, requirePermission } from '../../src/domain/team-access.ts';
import { noticeKindsFor } from '../../src/domain/advertiser-notices.ts';
import { teamInvitationMail } from '../../src/domain/team-mail.ts';
import { hashInvitationToken } from '../../src/domain/team.ts';

describe('what a role on an advertiser account may do', () => {
  it('when the person is the owner, then everything is theirs, billing and the team included', () => {
    for (const permission of ['reports', 'manage', 'team', 'billing'] as const) {
      expect(mayDo('owner', permission)).toBe(true);
    }
  });

  it('when the person is a manager, then they change campaigns but neither billing nor the team', () => {
    expect(mayDo('manager', 'reports')).toBe(true);
    expect(mayDo('manager', 'manage')).toBe(true);
    expect(mayDo('manager', 'team')).toBe(false);
    expect(mayDo('manager', 'billing')).toBe(false);
  });

  it('when the person is a viewer, then the reports only, and a change is a 403 that says whom to ask', () => {
    expect(mayDo('viewer', 'reports')).toBe(true);
    expect(() => requirePermission('viewer', 'manage')).toThrow(
      expect.objectContaining({ status: 403, message: expect.stringContaining("ask the account's owner") }),
    );
    expect(refusal('team').message).toBe("Only the account's owner manages the team.");
  });
});

describe("the account's notices a colleague reads", () => {
  it('when the colleague is a viewer, then the campaigns and their budgets, nothing of billing or verification', () => {
    expect(noticeKindsFor('viewer').sort()).toEqual([
      'budget-100',
      'budget-80',
      'campaign-approved',
      'campaign-changes-requested',
      'campaign-held',
      'campaign-rejected',
    ]);
  });

  it('when the colleague is a manager, then the verification too, and still nothing of billing', () => {
    const kinds = noticeKindsFor('manager');
    expect(kinds).toEqual(expect.arrayContaining(['verification-approved', 'verification-rejected']));
    for (const billing of [
      'charge-failed',
      'account-suspended',
      'statement-issued',
      'refund-issued',
    ] as const) {
      expect(kinds).not.toContain(billing);
    }
  });
});

describe('the invitation mail', () => {
  const input = {
    invitationId: '6f1d2c3b-1111-4222-8333-944455556666',
    to: 'colleague@example.test',
    language: 'es' as const,
    businessName: 'Bright <Suds>',
    role: 'viewer' as const,
    link: 'https://finder.example/advertiser/team?invitation=abc',
    validityDays: 14,
  };

  it('when made, then it is a transactional mail identity accepts, in every language, with the link', () => {
    const mail = teamInvitationMail(input);
    expect(internalMailRequestSchema.safeParse(mail).success).toBe(true);
    expect(mail).toMatchObject({ type: 'advertiser.team-invitation', to: input.to, language: 'es' });
    expect(Object.keys(mail.content).sort()).toEqual([...languages].sort());
    for (const language of languages) {
      expect(mail.content[language]!.text).toContain(input.link);
      expect(mail.content[language]!.text).toContain('14');
    }
    expect(mail.content.es!.subject).toBe('Te invitan a trabajar en los anuncios de Bright <Suds>');
    // The business's name is the advertiser's words: escaped in the HTML form.
    expect(mail.content.en!.html).toContain('Bright &#60;Suds&#62;');
    expect(mail.content.en!.text).toContain('see the campaigns and their reports');
    // The inviter's address stays out of the mail identity keeps.
    expect(JSON.stringify(mail)).not.toContain('owner@');
  });

  it('when a call is retried, then the mail id is the same, so identity sends one mail', () => {
    expect(teamInvitationMail(input).mailId).toBe(teamInvitationMail(input).mailId);
  });
});

describe("the invitation link's secret", () => {
  it('when stored, then only its hash is kept, the same for the same secret', () => {
    const hash = hashInvitationToken('a'.repeat(43));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('a'.repeat(43));
    expect(hashInvitationToken('a'.repeat(43))).toBe(hash);
  });
});
