import { describe, expect, it } from 'vitest';
import {
  claimDecisionRequestSchema,
  decideSuggestionRequestSchema,
  moderationDecisionRequestSchema,
  rejectLaundromatRequestSchema,
  verificationDecisionRequestSchema,
} from '@laundry/contracts';
import {
  decisionBody,
  maxNoteLength,
  reasonRequired,
  type DecisionKind,
} from '../../src/domain/decisions.ts';

const kinds = Object.keys(reasonRequired) as DecisionKind[];

/** The schema the server checks each decision's body with. */
const serverSchema = (kind: DecisionKind) =>
  kind.startsWith('moderation.')
    ? moderationDecisionRequestSchema
    : kind.startsWith('verification.')
      ? verificationDecisionRequestSchema
      : kind.startsWith('suggestion.')
        ? decideSuggestionRequestSchema
        : kind.startsWith('claim.')
          ? claimDecisionRequestSchema
          : rejectLaundromatRequestSchema;

describe('the body of an admin decision', () => {
  it.each(kinds.filter((kind) => reasonRequired[kind]))(
    'when %s has no reason or only spaces, then it is not sent and asks for one',
    (kind) => {
      expect(decisionBody(kind, '')).toEqual({ ok: false, errorKey: 'decision.reasonRequired' });
      expect(decisionBody(kind, '   ')).toEqual({ ok: false, errorKey: 'decision.reasonRequired' });
    },
  );

  it.each(kinds.filter((kind) => kind !== 'laundromat.approve'))(
    'when %s is sent with a note, then the server schema accepts its body and keeps the trimmed note',
    (kind) => {
      const checked = decisionBody(kind, '  The link goes elsewhere.  ');

      expect(checked.ok).toBe(true);
      const parsed = serverSchema(kind).parse(checked.ok && checked.body) as Record<string, unknown>;
      expect(Object.values(parsed)).toContain('The link goes elsewhere.');
    },
  );

  it.each(kinds.filter((kind) => !reasonRequired[kind] && kind !== 'laundromat.approve'))(
    'when %s is sent without notes, then the server schema accepts it',
    (kind) => {
      const checked = decisionBody(kind, '');

      expect(checked.ok).toBe(true);
      expect(serverSchema(kind).safeParse(checked.ok && checked.body).success).toBe(true);
    },
  );

  it('when a laundromat is approved, then no body is sent', () => {
    expect(decisionBody('laundromat.approve', '')).toEqual({ ok: true, body: undefined });
  });

  it.each(kinds)('when the note of %s is longer than the server allows, then it is not sent', (kind) => {
    expect(decisionBody(kind, 'x'.repeat(maxNoteLength + 1))).toEqual({
      ok: false,
      errorKey: 'decision.tooLong',
    });
  });

  it('when the decisions are listed, then each maps to the decision the server names', () => {
    expect(decisionBody('moderation.request_changes', 'Use https')).toEqual({
      ok: true,
      body: { decision: 'request_changes', reason: 'Use https' },
    });
    expect(decisionBody('verification.reject', 'Unreadable scan')).toEqual({
      ok: true,
      body: { decision: 'reject', notes: 'Unreadable scan' },
    });
    expect(decisionBody('claim.reject', 'The bill names another business')).toEqual({
      ok: true,
      body: { decision: 'reject', notes: 'The bill names another business' },
    });
    expect(decisionBody('claim.approve', '  ')).toEqual({ ok: true, body: { decision: 'approve' } });
  });
});
