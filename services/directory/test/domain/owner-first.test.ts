import { describe, expect, it } from 'vitest';
import { ownerAnswerDays } from '@laundry/contracts';
import { ownerAnswerDeadline, waitingForOwnerUntil } from '../../src/domain/suggestions/owner-first.ts';

const suggestedAt = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe("a suggestion waits for the laundromat's verified owner for a week", () => {
  it(`answers by ${ownerAnswerDays} days after the first suggestion`, () => {
    expect(ownerAnswerDeadline(suggestedAt).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it('waits for the owner until the deadline, to the millisecond', () => {
    expect(waitingForOwnerUntil(suggestedAt, true, at('2026-03-01T10:00:00.000Z'))).toBe(
      '2026-03-08T10:00:00.000Z',
    );
    expect(waitingForOwnerUntil(suggestedAt, true, at('2026-03-08T09:59:59.999Z'))).toBe(
      '2026-03-08T10:00:00.000Z',
    );
  });

  it("is the admins' from the deadline on", () => {
    expect(waitingForOwnerUntil(suggestedAt, true, at('2026-03-08T10:00:00.000Z'))).toBeNull();
    expect(waitingForOwnerUntil(suggestedAt, true, at('2026-04-01T00:00:00.000Z'))).toBeNull();
  });

  it('goes to the admins at once when the laundromat has no verified owner', () => {
    expect(waitingForOwnerUntil(suggestedAt, false, at('2026-03-01T10:00:01.000Z'))).toBeNull();
  });
});
