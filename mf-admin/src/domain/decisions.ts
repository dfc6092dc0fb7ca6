import type {
  ClaimDecisionRequest,
  DecideSuggestionRequest,
  ModerationDecisionRequest,
  RejectLaundromatRequest,
  VerificationDecisionRequest,
} from '@laundry/contracts';

/** Which decisions need a written reason (the server refuses them without one); the rest take optional notes. */
export type DecisionKind =
  | 'moderation.approve'
  | 'moderation.reject'
  | 'moderation.request_changes'
  | 'verification.verify'
  | 'verification.reject'
  | 'laundromat.approve'
  | 'laundromat.reject'
  | 'suggestion.approve'
  | 'suggestion.reject'
  | 'claim.approve'
  | 'claim.reject';

export const reasonRequired: Record<DecisionKind, boolean> = {
  'moderation.approve': false,
  'moderation.reject': true,
  'moderation.request_changes': true,
  'verification.verify': false,
  'verification.reject': true,
  'laundromat.approve': false,
  'laundromat.reject': true,
  'suggestion.approve': false,
  'suggestion.reject': true,
  'claim.approve': false,
  'claim.reject': true,
};

/** The server's limit on a reason or a note. */
export const maxNoteLength = 2000;

export type DecisionBody =
  | ModerationDecisionRequest
  | VerificationDecisionRequest
  | RejectLaundromatRequest
  | DecideSuggestionRequest
  | ClaimDecisionRequest
  | undefined;

export type DecisionCheck = { ok: true; body: DecisionBody } | { ok: false; errorKey: string };

/**
 * The request body of a decision, checked as the server will check it, so a missing reason is said at once
 * in the admin's language rather than as the server's English.
 */
export function decisionBody(kind: DecisionKind, text: string): DecisionCheck {
  const note = text.trim();
  if (reasonRequired[kind] && note === '') return { ok: false, errorKey: 'decision.reasonRequired' };
  if (note.length > maxNoteLength) return { ok: false, errorKey: 'decision.tooLong' };
  switch (kind) {
    case 'moderation.approve':
      return { ok: true, body: { decision: 'approve', notes: note } };
    case 'moderation.reject':
      return { ok: true, body: { decision: 'reject', reason: note } };
    case 'moderation.request_changes':
      return { ok: true, body: { decision: 'request_changes', reason: note } };
    case 'verification.verify':
      return { ok: true, body: { decision: 'verify', notes: note } };
    case 'verification.reject':
      return { ok: true, body: { decision: 'reject', notes: note } };
    case 'laundromat.approve':
      return { ok: true, body: undefined };
    case 'laundromat.reject':
      return { ok: true, body: { reason: note } };
    // The person reads the reason of either decision.
    case 'suggestion.approve':
      return { ok: true, body: { decision: 'approve', ...(note ? { reason: note } : {}) } };
    case 'suggestion.reject':
      return { ok: true, body: { decision: 'reject', reason: note } };
    // The server keeps the notes with the decision; an empty note is left out.
    case 'claim.approve':
      return { ok: true, body: { decision: 'approve', ...(note ? { notes: note } : {}) } };
    case 'claim.reject':
      return { ok: true, body: { decision: 'reject', notes: note } };
  }
}
