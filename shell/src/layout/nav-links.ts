/**
 * Header navigation (docs/product.md, Pages): each link's page is marked as the current one while it is open.
 */
export const navLinks = [
  { key: 'explore', to: '/explore' },
  { key: 'photos', to: '/gallery' },
  { key: 'forOwners', to: '/for-owners' },
  { key: 'help', to: '/help' },
] as const;
