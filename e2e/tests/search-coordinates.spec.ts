import { expect, test, type Page } from '@playwright/test';
import { openList, screenshot } from './finder-helpers.ts';

/** Issue 15: 'Use current location' sends 'lat,lng'; coordinates are a location, named by the reverse lookup. */

/** '1.2 km away' or '850 m away' as metres. */
function metresOf(distance: string): number {
  const match = /([\d.,]+)\s*(km|m)\b/.exec(distance);
  if (!match?.[1]) throw new Error(`no distance in "${distance}"`);
  const value = Number(match[1].replace(/,/g, ''));
  return match[2] === 'km' ? value * 1000 : value;
}

async function firstCardDistance(page: Page): Promise<number> {
  const card = page.getByTestId('laundromat-card').first();
  await expect(card).toContainText(/away/);
  return metresOf((await card.getByText(/away$/).textContent()) ?? '');
}

test('when location is granted and Use current location is pressed, then results near the point are listed under its place name', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
  await page.goto('/');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/laundromats/search');
  // The hero's button; the list's own (beside 'Location off') shows too until the granted position is
  // being read, and does the same.
  await page.getByRole('button', { name: 'Use current location' }).first().click();
  const response = await answer;

  expect(new URL(response.url()).searchParams.get('q')).toBe('48.8566,2.3522');
  expect(response.status()).toBe(200);
  await openList(page);
  await expect(page.getByTestId('result-count')).toContainText(/laundromats? found near Paris/);
  await expect(page.getByText('Location not found', { exact: false })).toHaveCount(0);
  expect(await firstCardDistance(page)).toBeLessThan(5000);
  await screenshot(page, 'current-location-paris');
});

test('when coordinates with a sign and a space are typed, then they are the place searched', async ({
  page,
}) => {
  await page.goto('/');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/laundromats/search');
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('-33.8688, 151.2093');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  expect((await answer).status()).toBe(200);
  await openList(page);
  await expect(page.getByTestId('result-count')).toContainText(/found near .*(Sydney|Australia)/);
  expect(await firstCardDistance(page)).toBeLessThan(10_000);
});

test('when coordinates out of range are typed, then the range is named and nothing is searched', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/laundromats/search') sent.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill('95, 10');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await openList(page);

  await expect(page.getByText('Latitude must be between -90 and 90.')).toBeVisible();
  expect(sent).toEqual([]);
  await screenshot(page, 'coordinates-out-of-range');
});
