/**
 * Header navigation (spec §2). Explore has no page of its own yet and leads to the finder's map; For owners
 * and Help have theirs, marked as the current page while open.
 */
export const navLinks = [
  { key: 'explore', to: '/', ownPage: false },
  { key: 'photos', to: '/gallery', ownPage: true },
  { key: 'forOwners', to: '/for-owners', ownPage: true },
  { key: 'help', to: '/help', ownPage: true },
] as const;
