import { describe, expect, it } from 'vitest';
import type { User } from '@laundry/contracts';
import { adminAccess, isAdmin, isAdminOnly, mayPreload } from '../src/auth/admin-access.ts';
import { remoteRouteAt, remoteRoutes } from '../src/remote-routes.ts';

const user = (role: User['role']): User => ({
  id: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab',
  email: 'someone@example.test',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  contributionPoints: 0,
  laundromatsAdded: 0,
  reviewsWritten: 0,
  photosUploaded: 0,
  contributorBadge: null,
  role,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const adminPaths = [
  '/admin',
  '/admin/moderation',
  '/admin/verifications',
  '/admin/claims',
  '/admin/laundromats',
  '/admin/audit',
  '/admin/retention',
  '/admin/suggestions',
  '/admin/billing',
];

describe('who is an admin', () => {
  it.each([
    ['an admin', user('admin'), true],
    ['a signed-in user', user('user'), false],
    ['nobody signed in', null, false],
    ['an answer not there yet', undefined, false],
  ])('when GET /api/auth/user answers %s, then isAdmin is %s', (_case, answer, expected) => {
    expect(isAdmin(answer)).toBe(expected);
  });
});

describe('the admin pages', () => {
  it('when who is signed in is still being asked, then the page waits and loads nothing', () => {
    expect(adminAccess({ isPending: true })).toBe('wait');
  });

  it('when the answer is an admin, then the page loads', () => {
    expect(adminAccess({ isPending: false, data: user('admin') })).toBe('allow');
  });

  it.each([
    ['a signed-in user', user('user')],
    ['nobody signed in', null],
    ['a failed question (no answer)', undefined],
  ])('when the answer is %s, then the page is the 404', (_case, data) => {
    expect(adminAccess({ isPending: false, data })).toBe('deny');
  });

  it.each(adminPaths)('when %s is opened, then its route is the admin remote and admin-only', (path) => {
    const route = remoteRouteAt(path);

    expect(route?.remote).toBe('mf_admin');
    expect(isAdminOnly(route!)).toBe(true);
  });

  it('when every route is listed, then only the admin remote is admin-only', () => {
    const adminOnly = remoteRoutes.filter(isAdminOnly).map((route) => route.path);

    expect(adminOnly.sort()).toEqual([...adminPaths].sort());
  });

  it('when a path under /admin is unknown, then it is no remote route (the shell answers 404)', () => {
    expect(remoteRouteAt('/admin/unknown')).toBeUndefined();
  });
});

describe('loading a page before the first render', () => {
  it.each(['/', '/gallery', '/advertiser/dashboard'])(
    'when %s is opened, then it may be preloaded',
    (path) => {
      expect(mayPreload(remoteRouteAt(path))).toBe(true);
    },
  );

  it.each(adminPaths)('when %s is opened, then it is never preloaded (nobody is known yet)', (path) => {
    expect(mayPreload(remoteRouteAt(path))).toBe(false);
  });

  it('when the path is no remote route, then nothing is preloaded', () => {
    expect(mayPreload(remoteRouteAt('/privacy'))).toBe(false);
  });
});
