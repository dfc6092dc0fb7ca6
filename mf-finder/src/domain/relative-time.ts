// The offline banner lives in the shell; the rule is shared from the design system.
export { lastOnline, relativeTimeKeys, type LastOnline } from '@laundry/ui/relative-time';
