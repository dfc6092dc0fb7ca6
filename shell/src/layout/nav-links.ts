/**
 * Header navigation (spec §2). Explore, For owners and Help have no target of their own in the spec;
 * they lead to the closest page and are never marked as the current one.
 */
export const navLinks = [
  { key: 'explore', to: '/', ownPage: false },
  { key: 'photos', to: '/gallery', ownPage: true },
  { key: 'forOwners', to: '/advertiser/setup', ownPage: false },
  { key: 'help', to: '/', ownPage: false },
] as const;
