import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/** What is kept of the browser a session signed in from: its name and system, never the whole header. */
export interface ClientSummary {
  browser: string | null;
  os: string | null;
  address: string | null;
}

const shorten = (text: string | undefined) => (text ? text.slice(0, 60) : null);

/**
 * "Chrome" and "Windows" from a User-Agent header, for the session list's "Chrome on Windows". A header too
 * long to be a browser's is not read (bowser's patterns are run on it).
 */
export function summariseUserAgent(userAgent: string | undefined): Pick<ClientSummary, 'browser' | 'os'> {
  if (!userAgent || userAgent.length > 1000) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: shorten(parsed.browser.name), os: shorten(parsed.os.name) };
}

/**
 * The address with its last part zeroed (IPv4 /24, IPv6 /48): enough for a person to tell home from
 * elsewhere, not enough to single out a device (the privacy page's truncated addresses).
 */
export function truncateAddress(address: string | undefined): string | null {
  if (!address) return null;
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(plain)) {
    const [head = ''] = plain.split('::');
    const groups = head.split(':').filter(Boolean);
    // An address written with :: early ("2001:db8::1") has fewer than three leading groups: pad with zeros.
    while (groups.length < 3) groups.push('0');
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return null;
}

export function describeClient(userAgent: string | undefined, address: string | undefined): ClientSummary {
  return { ...summariseUserAgent(userAgent), address: truncateAddress(address) };
}
