import { ownerAnswerDays } from '@laundry/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a change first suggested at `firstSuggestedAt` comes to the admins if the owner has not answered. */
export function ownerAnswerDeadline(firstSuggestedAt: string): Date {
  return new Date(Date.parse(firstSuggestedAt) + ownerAnswerDays * DAY_MS);
}

/**
 * Whether a pending change still waits for the laundromat's verified owner, and until when (ISO), else null.
 *
 * Worked out from the change's age whenever the queue is read rather than by a scheduled job: nothing but
 * the admins' view changes when the week ends, so there is no state to move, no job to run or miss, and the
 * answer is right to the second instead of up to the job's next run. It also follows the owner at once: a
 * laundromat that loses its owner sends its changes to the admins without anything being rewritten.
 */
export function waitingForOwnerUntil(
  firstSuggestedAt: string,
  hasVerifiedOwner: boolean,
  now: Date,
): string | null {
  if (!hasVerifiedOwner) return null;
  const deadline = ownerAnswerDeadline(firstSuggestedAt);
  return deadline.getTime() > now.getTime() ? deadline.toISOString() : null;
}
