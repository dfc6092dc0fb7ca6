import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAndVerify } from './sign-up-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';
import { openList, screenshot, searchResponse, toastText } from './finder-helpers.ts';

/** A listed laundromat of this test's own, at a point no other fixture shares, with 12 washers. */
async function listedLaundromat(request: APIRequestContext, admin: APIRequestContext, name: string) {
  await registerAndVerify(request, {
    email: `live-owner-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
  const latitude = Number((64.12 + Math.random() * 0.02).toFixed(5));
  const longitude = Number((-21.9 + Math.random() * 0.04).toFixed(5));
  const created = await request.post('/api/laundromats', {
    data: {
      name,
      address: '5 Harbour Street',
      city: 'Reykjavik',
      country: 'Iceland',
      latitude,
      longitude,
      currency: 'ISK',
      openingHours: 'Mo-Su 00:00-24:00',
      numWashers: 12,
      numDryers: 6,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const approved = await admin.post(`/api/laundromats/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, latitude, longitude };
}

async function searchAt(page: Page, point: { latitude: number; longitude: number }) {
  await page.goto('/');
  const query = `${point.latitude}, ${point.longitude}`;
  const answer = searchResponse(page);
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await answer;
  await openList(page);
}

test.describe('Live availability', () => {
  test('when a visitor reports 3 of 12 washers free, then the detail and the card show it, another confirms it, and Washers free now finds it', async ({
    page,
    browser,
    request,
  }) => {
    // Three accounts, two browsers, an event through the outbox to the directory: a busy machine takes its time.
    test.setTimeout(120_000);
    const admin = await browser.newContext();
    await signInAsAdmin(admin.request);
    const name = `Harbour Wash ${randomUUID().slice(0, 8)}`;
    const place = await listedLaundromat(request, admin.request, name);
    await admin.close();

    // Signed out, 'I'm here' asks to sign in; nothing recent is said as such, never as a guess.
    await page.goto(`/?l=${place.id}`);
    const detail = page.getByRole('dialog', { name });
    const live = detail.getByTestId('live-section');
    // The finder loads its remote first; a busy machine takes its time.
    await expect(live).toContainText('No recent reports', { timeout: 30_000 });
    await expect(live.getByTestId('live-state')).toHaveCount(0);

    // The visitor, signed in and on site (the browser shares the position), gives the counts.
    await page.context().grantPermissions(['geolocation']);
    await page
      .context()
      .setGeolocation({ latitude: place.latitude, longitude: place.longitude, accuracy: 20 });
    await registerAndVerify(page.request, {
      email: `live-visitor-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    await page.goto(`/?l=${place.id}`);
    await detail.getByRole('button', { name: "I'm here: how many free?" }).click({ timeout: 30_000 });
    const form = page.getByRole('dialog', { name: `How many are free at ${name}?` });
    await expect(form.getByRole('button', { name: 'Some free' })).toBeVisible();
    await expect(form.getByLabel('Washers in total')).toHaveValue('12');
    await form.getByLabel('Washers free').fill('13');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(form.getByText('Free cannot be more than the total')).toBeVisible();
    await form.getByLabel('Washers free').fill('3');
    await form.getByLabel('Wait (minutes)').fill('5');
    await screenshot(page, 'live-report-form');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toastText(page, 'Thanks! Your report is in')).toBeVisible();

    const state = live.getByTestId('live-state');
    await expect(state).toContainText('3 of 12 washers free');
    await expect(state).toContainText(/just now|1 min ago/);
    await expect(live.getByTestId('live-source')).toHaveText('reported by visitors');
    await expect(live.getByTestId('live-confidence')).toContainText(/confidence: 1 report/);
    await live.getByText('1 recent report').click();
    await expect(live.getByTestId('live-report')).toContainText('on site');
    await expect(live.getByTestId('live-report')).toContainText('Your report');
    await screenshot(page, 'live-detail');

    // A second report within ten minutes is refused with a message that says why.
    await detail.getByRole('button', { name: "I'm here: how many free?" }).click();
    await form.getByRole('button', { name: 'Full, waiting' }).click();
    await expect(
      toastText(page, 'You reported here less than 10 minutes ago. Try again in a few minutes.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // Another person confirms it: 'Still right'.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerAndVerify(otherPage.request, {
      email: `live-second-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    });
    await otherPage.goto(`/?l=${place.id}`);
    const otherLive = otherPage.getByRole('dialog', { name }).getByTestId('live-section');
    await otherLive.getByText('1 recent report').click({ timeout: 30_000 });
    await otherLive.getByRole('button', { name: 'Still right' }).click();
    await expect(toastText(otherPage, 'Thanks for confirming')).toBeVisible();
    await expect(otherLive.getByTestId('live-state')).toContainText('1 confirmed');
    await other.close();

    // The card carries the badge (the directory's summary follows the availability event).
    await expect(async () => {
      await searchAt(page, place);
      await expect(page.locator(`[data-laundromat-id="${place.id}"]`).getByTestId('live-badge')).toHaveText(
        /3\/12 free · (just now|\d+ min)/,
        { timeout: 3_000 },
      );
    }).toPass({ timeout: 40_000 });
    await screenshot(page, 'live-card-badge');

    // 'Washers free now' sends washersFree=true and keeps the laundromat with a free washer.
    const chips = page.getByRole('group', { name: 'Quick filters' });
    const filtered = searchResponse(page, (url) => url.searchParams.get('washersFree') === 'true');
    await chips.getByRole('button', { name: 'Washers free now' }).click();
    await filtered;
    await expect(chips.getByRole('button', { name: 'Washers free now' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator(`[data-laundromat-id="${place.id}"]`)).toBeVisible();
    for (const badge of await page.getByTestId('laundromat-card').all())
      await expect(badge.getByTestId('live-badge')).toBeVisible();
    await screenshot(page, 'live-washers-free-filter');
  });
});

test.describe('Live availability from the machines', () => {
  test("when a laundromat's machines send their states, then the detail lists each machine and says where it comes from", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await browser.newContext();
    await signInAsAdmin(admin.request);
    const name = `Sensor Wash ${randomUUID().slice(0, 8)}`;
    const place = await listedLaundromat(request, admin.request, name);
    const issued = await admin.request.post(`/api/admin/laundromats/${place.id}/feed-keys`, {
      data: { label: 'Test sensor' },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { key } = (await issued.json()) as { key: string };
    await admin.close();

    const fed = await request.post('/api/feeds/machines', {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        machines: [
          { machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' },
          { machineId: 'W2', type: 'washer', capacityKg: 14, status: 'in_use', minutesRemaining: 12 },
          { machineId: 'D1', type: 'dryer', status: 'out_of_order' },
        ],
      },
    });
    expect(fed.status(), await fed.text()).toBe(200);

    await page.goto(`/?l=${place.id}`);
    const live = page.getByRole('dialog', { name }).getByTestId('live-section');
    await expect(live.getByTestId('live-state')).toContainText('1 of 2 washers free', { timeout: 30_000 });
    await expect(live.getByTestId('live-source')).toHaveText('from the machines');
    await expect(live.getByTestId('live-confidence')).toHaveText('high confidence');
    const machines = live.getByRole('list', { name: 'Machines' });
    await expect(machines.getByRole('listitem')).toHaveCount(3);
    await expect(machines.getByRole('listitem').filter({ hasText: 'Washer W1' })).toContainText('8 kg');
    await expect(machines.getByRole('listitem').filter({ hasText: 'Washer W1' })).toContainText('Free');
    await expect(machines.getByRole('listitem').filter({ hasText: 'Washer W2' })).toContainText(
      'In use · 12 min left',
    );
    await expect(machines.getByRole('listitem').filter({ hasText: 'Dryer D1' })).toContainText(
      'Out of order',
    );
    await expect(live.getByTestId('live-stale')).toHaveCount(0);
    await screenshot(page, 'live-machines');
  });
});

/**
 * A busyness answer as the service gives it after weeks of visits (services/availability's busyness tests
 * build one from eight weeks of reports): quiet mornings, full evenings. The embedded product keeps its
 * reports in its own database, where a test cannot put weeks of past visits, so the page is given this one.
 */
function usualWeek(laundromatId: string, now: { weekday: number; hour: number }) {
  const occupancyAt = (hour: number) =>
    hour < 6 ? null : hour === 10 ? 0.05 : hour < 12 ? 0.2 : hour >= 17 && hour <= 20 ? 0.9 : 0.45;
  return {
    laundromatId,
    timeZone: 'Atlantic/Reykjavik',
    enoughData: true,
    days: Array.from({ length: 7 }, (_, index) => ({
      weekday: index + 1,
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        occupancy: occupancyAt(hour),
        weight: occupancyAt(hour) === null ? 0 : 4,
      })),
    })),
    now: { ...now, usually: 'quiet' },
    bestTimeToday: { hour: 10, occupancy: 0.05 },
    observedHours: 600,
  };
}

/** Resolves once a live stream following the laundromat has answered (its headers; the body stays open). */
const liveStreamOpened = (page: Page, laundromatId: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/live' &&
      response.ok() &&
      (url.searchParams.get('laundromats') ?? '').split(',').includes(laundromatId)
    );
  });

/**
 * Two people look at the same laundromat; a third sends a report. Both pages show it within a second,
 * without a reload and without asking again on a timer: the change comes over the live stream.
 */
async function reportShowsLiveOnOtherPages({ page, browser, request }: LiveFixtures, withCard: boolean) {
  test.setTimeout(120_000);
  const admin = await browser.newContext();
  await signInAsAdmin(admin.request);
  const name = `Stream Wash ${randomUUID().slice(0, 8)}`;
  const place = await listedLaundromat(request, admin.request, name);
  await admin.close();

  // The first person: the list around the laundromat (on a desktop), then its detail.
  const firstStream = liveStreamOpened(page, place.id);
  if (withCard) {
    await searchAt(page, place);
    await page.locator(`[data-laundromat-id="${place.id}"]`).click();
  } else {
    await page.goto(`/?l=${place.id}`);
  }
  const detail = page.getByRole('dialog', { name });
  const live = detail.getByTestId('live-section');
  await expect(live).toContainText('No recent reports', { timeout: 30_000 });
  // Nothing reported here yet, as the service says: no chart made up.
  await expect(live.getByTestId('busyness')).toContainText('Not enough visits yet');
  await firstStream;

  // The second person, from a link, on a laundromat with weeks of visits behind it.
  // At the same size, and with the cookie choice made, as the test's own page.
  const {
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    storageState,
    serviceWorkers,
    baseURL,
  } = test.info().project.use;
  const second = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    storageState,
    serviceWorkers,
    baseURL,
  });
  const secondPage = await second.newPage();
  const today = { weekday: 6, hour: 9 };
  await secondPage.route(`**/api/laundromats/${place.id}/busyness`, (route) =>
    route.fulfill({ json: usualWeek(place.id, today) }),
  );
  const secondStream = liveStreamOpened(secondPage, place.id);
  await secondPage.goto(`/?l=${place.id}`);
  const secondLive = secondPage.getByRole('dialog', { name }).getByTestId('live-section');
  await expect(secondLive).toContainText('No recent reports', { timeout: 30_000 });
  await secondStream;
  for (const each of [page, secondPage])
    await each.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  // A third person, over the API, says 4 of 12 washers are free.
  const reporter = await browser.newContext();
  await registerAndVerify(reporter.request, {
    email: `live-stream-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
  const sent = await reporter.request.post(`/api/laundromats/${place.id}/availability/reports`, {
    data: { kind: 'counts', washers: { free: 4, total: 12 } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await reporter.close();

  // Within a second, on both pages: the detail, and the card of the list.
  await expect(live.getByTestId('live-state')).toContainText('4 of 12 washers free', { timeout: 1_000 });
  await expect(secondLive.getByTestId('live-state')).toContainText('4 of 12 washers free', {
    timeout: 1_000,
  });
  if (withCard)
    await expect(page.locator(`[data-laundromat-id="${place.id}"]`).getByTestId('live-badge')).toHaveText(
      /4\/12 free · (just now|1 min)/,
      { timeout: 1_000 },
    );
  for (const each of [page, secondPage])
    expect(await each.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await screenshot(page, 'live-stream-detail');

  // How busy it usually is, on the second page: the chart, the verdict, and the hours as a table.
  const busyness = secondLive.getByTestId('busyness');
  await expect(busyness.getByTestId('busyness-verdict')).toHaveText(
    'Usually quiet at this time · Best time today: 10:00 AM',
  );
  await expect(busyness.getByTestId('busyness-bars').locator('span[data-level]')).toHaveCount(24);
  await busyness.getByRole('heading', { name: 'How busy it usually is' }).scrollIntoViewIfNeeded();
  await screenshot(secondPage, 'live-busyness-chart');
  // A keyboard opens the table; a screen reader reads it by its caption (the bars are hidden from it).
  await busyness.getByText('Show the hours as a table').focus();
  await secondPage.keyboard.press('Enter');
  const table = busyness.getByRole('table', {
    name: "How busy it usually is on Saturday, by hour (the laundromat's local time)",
  });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /^9:00 AM \(now\)/ })).toContainText('quiet');
  await expect(table.getByRole('row', { name: /^6:00 PM/ })).toContainText('busy · 90% of machines in use');
  await expect(table.getByRole('row', { name: /^3:00 AM/ })).toContainText('no visits seen');
  await table.scrollIntoViewIfNeeded();
  await screenshot(secondPage, 'live-busyness-table');
  await second.close();
}

type LiveFixtures = {
  page: Page;
  browser: import('@playwright/test').Browser;
  request: APIRequestContext;
};

test.describe('Live availability on the page', () => {
  test('when a report is sent about a laundromat two people are looking at, then both see it within a second without reloading, and the usual busyness shows', async ({
    page,
    browser,
    request,
  }) => {
    await reportShowsLiveOnOtherPages({ page, browser, request }, true);
  });

  test('when a report is sent about a laundromat open on two phones, then both show it within a second @phone-only', async ({
    page,
    browser,
    request,
  }) => {
    await reportShowsLiveOnOtherPages({ page, browser, request }, false);
  });
});
