/**
 * How a laundromat's place and contact details read on a card or its detail: the address with its city and
 * country, a phone number that dials, and a website that opens only when it is a web address.
 */

export interface PlaceParts {
  address?: string | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
}

/**
 * 'address, city, country' without the parts that are missing, and without a city or country the address
 * already ends with (an address typed whole, '5 Rue Cler, Paris').
 */
export function placeLine({ address, city, country }: PlaceParts): string {
  const parts: string[] = [];
  for (const part of [address, city, country]) {
    const text = part?.trim() ?? '';
    if (text === '') continue;
    const said = parts.join(', ').toLowerCase();
    if (said === text.toLowerCase() || said.endsWith(`, ${text.toLowerCase()}`)) continue;
    parts.push(text);
  }
  return parts.join(', ');
}

/**
 * The tel: link of a number as people write it ('+1 (555) 010-1234'): its digits, a leading '+' and any
 * extension; null when it has no digits to dial.
 */
export function phoneHref(phone: string | null | undefined): string | null {
  const text = phone?.trim() ?? '';
  const digits = text.replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

export interface WebsiteLink {
  href: string;
  /** The host without 'www.' and the path, which is what people read in a link ('example.com/wash'). */
  label: string;
}

/** A website as a link, only for http(s) addresses: anything else (javascript:, data:) is never put in an href. */
export function websiteLink(website: string | null | undefined): WebsiteLink | null {
  const text = website?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return { href: url.href, label: `${url.hostname.replace(/^www\./, '')}${path}` };
}
