/**
 * Hosts where anyone can have a page: an address at facebook.com proves nothing about a laundromat whose
 * "website" is its Facebook page, so such a laundromat is claimed with a document instead.
 */
const sharedHosts = [
  'facebook.com',
  'instagram.com',
  'google.com',
  'goo.gl',
  'business.site',
  'wixsite.com',
  'wordpress.com',
  'blogspot.com',
  'yelp.com',
  'tripadvisor.com',
  'linktr.ee',
  'squarespace.com',
  'weebly.com',
  'gmail.com',
];

/** The website's host without a leading www., lower-case; undefined when it names no host. */
export function websiteDomain(website: string | null | undefined): string | undefined {
  if (!website?.trim()) return undefined;
  const text = website.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  // An address is at a name, not at a number.
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  if (sharedHosts.some((shared) => host === shared || host.endsWith(`.${shared}`))) return undefined;
  return host;
}

/** The domain of an address, lower-case. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether the address is at the website's own domain. Exactly the same name (www. aside): a parent domain
 * could be a host of many sites (someone.example-host.com and a mailbox at example-host.com).
 */
export function isAtWebsiteDomain(email: string, website: string | null | undefined): boolean {
  const domain = websiteDomain(website);
  return domain !== undefined && emailDomain(email) === domain;
}
