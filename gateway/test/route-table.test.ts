import { describe, expect, test } from 'vitest';
import { serviceFor } from '../src/route-table.ts';

describe('serviceFor', () => {
  test.each([
    ['/api/login', 'identity'],
    ['/api/logout', 'identity'],
    ['/api/auth/user', 'identity'],
    ['/api/auth/register', 'identity'],
    ['/api/laundromats', 'directory'],
    ['/api/laundromats/search', 'directory'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001', 'directory'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/approve', 'directory'],
    ['/api/favorites', 'directory'],
    ['/api/favorites/0b7e1c1e-0000-4000-8000-000000000001/check', 'directory'],
    ['/api/geocode', 'directory'],
    ['/api/geocode/reverse', 'directory'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/reviews', 'review'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/reviews/summary', 'review'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/availability', 'availability'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/availability/reports', 'availability'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/busyness', 'availability'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/availabilityx', 'directory'],
    ['/api/feeds/machines', 'availability'],
    ['/api/admin/laundromats/0b7e1c1e-0000-4000-8000-000000000001/feed-keys', 'availability'],
    ['/api/admin/feed-keys/0b7e1c1e-0000-4000-8000-000000000001', 'availability'],
    ['/api/admin/availability/out-of-order', 'availability'],
    ['/api/admin/availability/out-of-order/0b7e1c1e-0000-4000-8000-000000000001/fixed', 'availability'],
    ['/api/photos', 'photo'],
    ['/api/photos/abc/ocr', 'photo'],
    ['/objects/photos/abc.jpg', 'photo'],
    ['/api/advertisers', 'ad'],
    ['/api/campaigns/42', 'ad'],
    ['/api/ads/serve', 'ad'],
    ['/api/placements', 'ad'],
    ['/api/analytics/revenue', 'billing'],
    ['/api/payouts', 'billing'],
    ['/api/payouts/0b7e1c1e-0000-4000-8000-000000000001/invoice.pdf', 'billing'],
    ['/api/billing/payment-method', 'billing'],
    ['/api/billing/stripe/webhook', 'billing'],
    ['/api/admin/billing/close-period', 'billing'],
    ['/api/admin/billing/statements/0b7e1c1e-0000-4000-8000-000000000001/retry', 'billing'],
    ['/api/admin/moderation', 'ad'],
    ['/api/admin/billingx', 'ad'],
    ['/api/admin/audit', 'ad'],
    ['/api/admin/retention-policies', 'identity'],
    ['/api/admin/retention-policies/0b7e1c1e-0000-4000-8000-000000000001', 'identity'],
    ['/api/admin/retention-policiesx', 'ad'],
    ['/api/me/consent', 'identity'],
    ['/api/owner/laundromats', 'owner'],
    // PATCH on a laundromat's own path edits its listing; giving it up has a path of its own.
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001', 'directory'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/', 'directory'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/ownership', 'owner'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/insights', 'directory'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/insightsx', 'owner'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/feed-keys', 'availability'],
    [
      '/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/feed-keys/0b7e1c1e-0000-4000-8000-000000000002/rotate',
      'availability',
    ],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/out-of-order/fixed', 'availability'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/feed-keysx', 'owner'],
    ['/api/owner/laundromats/0b7e1c1e-0000-4000-8000-000000000001/promote', 'ad'],
    ['/api/ads/conversions', 'ad'],
    ['/api/laundromats/0b7e1c1e-0000-4000-8000-000000000001/claims', 'owner'],
  ])('when the path is %s, then it goes to the %s service', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  test.each([
    ['/'],
    ['/favorites'],
    ['/api/unknown'],
    ['/api/loginpage'],
    ['/api/laundromatsx'],
    ['/api'],
    ['/objectsx/a'],
    ['/mf-finder/remoteEntry.js'],
  ])('when the path is %s, then no service owns it', (path) => {
    expect(serviceFor(path)).toBeUndefined();
  });
});
