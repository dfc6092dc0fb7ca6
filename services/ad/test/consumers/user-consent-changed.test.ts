import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createEvent, userConsentChangedV1 } from '@laundry/contracts';
import {
  createLogger,
  createRedisCache,
  migrate,
  openPostgres,
  type Cache,
  type Db,
} from '@laundry/platform';
import { frequencyKey } from '../../src/domain/delivery/ad-counting.ts';
import { userConsentChangedHandler } from '../../src/consumers/user-consent-changed.handler.ts';
import { urls } from '../../../../test/support/servers.ts';

vi.setConfig({ testTimeout: 30_000 });

const logger = createLogger('test', 'silent');
let db: Db;
let schema: string;
let cache: Cache;
let cappedCampaign: string;

beforeAll(async () => {
  schema = `ad_consent_${randomBytes(4).toString('hex')}`;
  db = await openPostgres({ url: urls.database, schema, logger, max: 2 });
  await migrate(db, fileURLToPath(new URL('../../migrations/', import.meta.url)), { logger });
  cache = createRedisCache({ url: urls.redis, prefix: `${schema}:`, logger });
  const [advertiser] = await db.query<{ id: string }>(
    `INSERT INTO advertisers (user_id, business_name, contact_email) VALUES ($1, 'Suds Ltd', 'a@suds.example')
     RETURNING id`,
    [randomUUID()],
  );
  const [campaign] = await db.query<{ id: string }>(
    `INSERT INTO campaigns (advertiser_id, title, target_url, daily_budget, total_budget, cost_per_click, status,
                            moderation_status, frequency_cap)
     VALUES ($1, 'Suds', 'https://suds.example/', 1000, 100000, 0.5, 'active', 'approved', 3) RETURNING id`,
    [advertiser!.id],
  );
  cappedCampaign = campaign!.id;
}, 60_000);

afterAll(async () => {
  await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
  await cache?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

function consentChanged(userId: string, advertising: boolean, adViewerId: string | null) {
  return createEvent(userConsentChangedV1, 'identity', {
    userId,
    analytics: false,
    advertising,
    consentVersion: '2026-11-24',
    adViewerId,
    changedAt: new Date().toISOString(),
  });
}

describe('user.consent-changed.v1 in the ad service', () => {
  test('when advertising consent is withdrawn, then the frequency counters of the person and of the browser id go, and others stay', async () => {
    const userId = randomUUID();
    const adViewerId = randomUUID();
    const someoneElse = `c:${randomUUID()}`;
    const keys = {
      person: frequencyKey(cappedCampaign, `u:${userId}`, today()),
      browser: frequencyKey(cappedCampaign, `c:${adViewerId}`, today()),
      // A campaign in a time zone ahead of UTC counts on its own day, which may be UTC's tomorrow.
      personAhead: frequencyKey(
        cappedCampaign,
        `u:${userId}`,
        new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      ),
      other: frequencyKey(cappedCampaign, someoneElse, today()),
    };
    for (const key of Object.values(keys)) await cache.incr(key, 3600);

    const handle = userConsentChangedHandler({ db, cache, logger });
    await handle(consentChanged(userId, false, adViewerId));

    expect(await cache.get(keys.person)).toBeUndefined();
    expect(await cache.get(keys.browser)).toBeUndefined();
    expect(await cache.get(keys.personAhead)).toBeUndefined();
    expect(await cache.get(keys.other)).toBe(1);
  });

  test('when advertising consent is given, then nothing is dropped', async () => {
    const userId = randomUUID();
    const key = frequencyKey(cappedCampaign, `u:${userId}`, today());
    await cache.incr(key, 3600);
    await userConsentChangedHandler({ db, cache, logger })(consentChanged(userId, true, null));
    expect(await cache.get(key)).toBe(1);
  });
});
