import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address cut to its network, so it still tells a region or provider apart but no longer one household:
 * IPv4 to its /24 (203.0.113.77 → 203.0.113.0), IPv6 to its /48 (2001:db8:85a3:8d3::1 → 2001:db8:85a3::).
 * An IPv4 address written as IPv6 (::ffff:203.0.113.77) is cut as IPv4. Anything else (a placeholder such
 * as 'unknown', a malformed value) becomes null: it cannot be shortened, so it is not kept.
 */
export function anonymiseAddress(address: string | null): string | null {
  if (address === null) return null;
  const value = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  const v4 = mapped ? mapped[1]! : value;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (!isIPv6(value)) return null;
  const network = expandIPv6(value).slice(0, 3).map(stripZeros);
  // Written the short way: trailing zero groups fold into the '::' (2001:db8:0:: is 2001:db8::).
  while (network.at(-1) === '0') network.pop();
  return `${network.join(':')}::`;
}

/** The eight groups of an IPv6 address, '::' filled in with zero groups. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups; only the first three groups are kept anyway.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const missing = tail === undefined ? 0 : 8 - left.length - rightGroups.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...rightGroups];
}

const stripZeros = (group: string) => group.replace(/^0+(?=.)/, '').toLowerCase();
