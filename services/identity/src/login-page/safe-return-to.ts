const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'https://return-to.invalid';

/**
 * Only a path on this site: it must start with one '/', and '//host' or '/\host' (which browsers read as
 * another host) are refused, as are control characters and spaces, which browsers strip before parsing
 * ('/\t/evil.example' would become '//evil.example').
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return '/';
  // The browser's own URL parser is the final judge: the path must not leave the origin.
  return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : '/';
}
