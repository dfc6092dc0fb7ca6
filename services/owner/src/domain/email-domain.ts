/** The rule lives in the contracts, so the business portal offers the e-mail claim by the same test. */
export { emailDomain, isAtWebsiteDomain, websiteDomain } from '@laundry/contracts';
