/**
 * Whether a live stream is open on this page right now. While it is, the live state reaches the caches by
 * itself and reading it again on focus is wasted; while it is not (not yet loaded, given up behind a
 * buffering proxy), the detail reads it again whenever the person comes back to the page.
 */
let open = false;

export const liveStreamOpen = (): boolean => open;

export function setLiveStreamOpen(value: boolean): void {
  open = value;
}

/**
 * One key per laundromat's live state. Whatever brings a new state (this page's own report, the live
 * stream, a refresh on focus) writes it under this key, and the detail follows.
 */
export const availabilityQueryKey = (laundromatId: string) =>
  [`/api/laundromats/${encodeURIComponent(laundromatId)}/availability`] as const;
