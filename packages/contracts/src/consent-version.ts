/**
 * The version of the cookie and privacy policy a consent was given to (a date). Raise it when the policy
 * changes what it asks consent for: everyone whose recorded choice is older is asked again by the banner.
 * A module of its own, without zod, so the shell's first-load code can read it (docs/adr/0011).
 */
export const CONSENT_POLICY_VERSION = '2026-11-24';

/** The first versioned policy: a choice stored in a browser before versions were recorded counts as this one. */
export const FIRST_CONSENT_POLICY_VERSION = '2026-11-24';
