import { websiteDomain, type ClaimStatus, type Laundromat, type OwnerClaim } from '@laundry/contracts';
import { ns, type I18nText } from './i18n-text.ts';

/**
 * The domain an e-mail claim's address must be at: the laundromat's own website's (www. aside), or none when
 * it has no website or only a page on a shared host, and then only a document proves the claim. The owner
 * service checks the address by the same rule.
 */
export const claimDomainOf = (laundromat: Pick<Laundromat, 'website'>): string | undefined =>
  websiteDomain(laundromat.website);

/**
 * The address the code goes to, from what the person typed: a local part ('info') is put at the domain, a
 * whole address is sent as typed, and the service says when it is at another domain.
 */
export function claimAddress(typed: string, domain: string): string {
  const text = typed.trim();
  if (text === '') return '';
  return text.includes('@') ? text : `${text}@${domain}`;
}

/** The code as the service expects it: six digits, spaces and dashes a mail reader copies left out. */
export const claimCode = (typed: string): string => typed.replace(/[\s-]/g, '');

/** A claim's state on 'My laundromats', in the reader's language. */
export function claimStatusText(status: ClaimStatus): I18nText {
  return { key: ns(`claims.status.${status}`) };
}

export interface OwnedRow {
  claim: OwnerClaim;
  verified: boolean;
}

/** 'My laundromats' lists the verified ones first, then the open claims, each newest first. */
export function ownedRows(answer: { verified: OwnerClaim[]; open: OwnerClaim[] }): OwnedRow[] {
  const newest = (a: OwnerClaim, b: OwnerClaim) => b.createdAt.localeCompare(a.createdAt);
  return [
    ...[...answer.verified].sort(newest).map((claim) => ({ claim, verified: true })),
    ...[...answer.open].sort(newest).map((claim) => ({ claim, verified: false })),
  ];
}

/** The laundromat's address on one line: street, city, country, none said twice. */
export function addressLine({
  address,
  city,
  country,
}: Pick<Laundromat, 'address' | 'city' | 'country'>): string {
  const parts: string[] = [];
  for (const part of [address, city, country]) {
    const text = part.trim();
    if (text !== '' && !parts.some((said) => said.toLowerCase().includes(text.toLowerCase())))
      parts.push(text);
  }
  return parts.join(', ');
}

/** Where the person already stands with this laundromat, from 'My laundromats': the claim page starts there. */
export type OwnStanding =
  | { kind: 'none' }
  | { kind: 'verified' }
  | { kind: 'in-review' }
  | { kind: 'awaiting-code'; claim: OwnerClaim };

export function ownStanding(
  answer: { verified: OwnerClaim[]; open: OwnerClaim[] } | undefined,
  laundromatId: string,
  now: Date,
): OwnStanding {
  if (!answer) return { kind: 'none' };
  if (answer.verified.some((claim) => claim.laundromatId === laundromatId)) return { kind: 'verified' };
  const open = answer.open.find((claim) => claim.laundromatId === laundromatId);
  if (!open) return { kind: 'none' };
  if (open.status === 'pending-review' || open.status === 'contested') return { kind: 'in-review' };
  // A code that ran out is no claim any more: the service takes a new one.
  if (open.status === 'awaiting-code' && open.codeExpiresAt && Date.parse(open.codeExpiresAt) > now.getTime())
    return { kind: 'awaiting-code', claim: open };
  return { kind: 'none' };
}
