/** The states each queue can be filtered by, pending first; the ad service answers these values. */
export const moderationFilterStatuses = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export type ModerationFilterStatus = (typeof moderationFilterStatuses)[number];

export const verificationFilterStatuses = ['pending', 'verified', 'rejected'] as const;
export type VerificationFilterStatus = (typeof verificationFilterStatuses)[number];

/** The filter a URL names, or pending for anything else. */
export function statusFrom<S extends string>(value: string | null, statuses: readonly S[]): S {
  return statuses.find((status) => status === value) ?? statuses[0]!;
}

/** A state's label key, or null for a value this console does not know (shown as the server wrote it). */
export function statusKey(value: string, statuses: readonly string[]): string | null {
  return statuses.includes(value) ? `status.${value}` : null;
}
