import { expect, test, type Page } from '@playwright/test';
import type { Laundromat } from '@laundry/contracts';
import { openList, screenshot, searchFromHero, searchResponse } from './finder-helpers.ts';

interface CardFacts {
  name: string;
  /** Metres, from '350 m away' or '1.2 km away'. */
  distance: number | null;
  /** From the stars' label '4.5 out of 5 stars'; null for 'No rating'. */
  rating: number | null;
  /** From 'From £4.50/load' (the symbol where the locale puts it). */
  price: number | null;
}

/** What each card shows, top to bottom, read as a person reads it. */
async function cardFacts(page: Page): Promise<CardFacts[]> {
  const raw = await page.getByTestId('laundromat-card').evaluateAll((cards) =>
    cards.map((card) => ({
      label: card.getAttribute('aria-label') ?? '',
      text: card.textContent ?? '',
      stars: card.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '',
    })),
  );
  return raw.map(({ label, text, stars }) => {
    const distance = /([\d.,]+)\s?(km|m) away/.exec(text);
    const rating = /^([\d.]+) out of 5/.exec(stars);
    const price = /From [^\d/]*([\d.,]+)[^\d/]*\/load/.exec(text);
    return {
      name: label.replace(/^Show details for /, ''),
      distance: distance
        ? Number((distance[1] ?? '').replace(/,/g, '')) * (distance[2] === 'km' ? 1000 : 1)
        : null,
      rating: rating ? Number(rating[1]) : null,
      price: price ? Number((price[1] ?? '').replace(/,/g, '')) : null,
    };
  });
}

/**
 * The cards' values for `key`, in list order, must be sorted `direction` with the cards lacking a value
 * after all the others. `varied` also asks for two different values, so the order is not an accident.
 * Polled: the list re-renders just after the control changes.
 */
async function expectOrder(
  page: Page,
  key: 'distance' | 'rating' | 'price',
  direction: 'up' | 'down',
  varied = true,
) {
  const check = async () => {
    const values = (await cardFacts(page)).map((fact) => fact[key]);
    const firstMissing = values.indexOf(null);
    const present = values.filter((v): v is number => v !== null);
    const missingLast = firstMissing < 0 || values.slice(firstMissing).every((v) => v === null);
    const sorted = present.every(
      (v, i) => i === 0 || (direction === 'up' ? present[i - 1]! <= v : present[i - 1]! >= v),
    );
    return { missingLast, sorted, distinct: new Set(present).size > 1 || !varied };
  };
  await expect.poll(check).toEqual({ missingLast: true, sorted: true, distinct: true });
}

async function chooseSort(page: Page, mode: 'Distance' | 'Rating' | 'Price') {
  await page.getByLabel('Sort by').selectOption({ label: mode });
}

test.describe('sorting the finder list', () => {
  test('when London is searched, then each sort mode orders the cards by its value, and reversing flips it', async ({
    page,
  }) => {
    await searchFromHero(page, 'London');
    await expect(page.getByTestId('laundromat-card').first()).toBeVisible();
    const direction = page.getByRole('button', { name: 'Reverse sort order' });

    // Distance is the default, nearest first, measured from the searched place.
    await expect(page.getByLabel('Sort by')).toHaveValue('distance');
    await expect(direction).toContainText('Low to high');
    await expectOrder(page, 'distance', 'up');

    await chooseSort(page, 'Rating');
    await expect(direction).toContainText('High to low');
    await expectOrder(page, 'rating', 'down');

    await chooseSort(page, 'Price');
    await expect(direction).toContainText('Low to high');
    await expectOrder(page, 'price', 'up');
    await screenshot(page, 'finder-sort-price');

    await direction.click();
    await expect(direction).toContainText('High to low');
    await expectOrder(page, 'price', 'down');

    await chooseSort(page, 'Distance');
    await expect(direction).toContainText('Low to high');
    await direction.click();
    await expectOrder(page, 'distance', 'down');
  });

  test('when no place is searched and the location is refused, then distance sorting says why and rating still sorts', async ({
    page,
  }) => {
    await page.goto('/');
    await openList(page);
    await expect(page.getByTestId('laundromat-card').first()).toBeVisible();
    // Distance is chosen and cannot work: the list says so and keeps the server's order.
    await expect(page.getByText('Distance sorting unavailable - no location')).toBeVisible();
    await expect(page.getByText('Search for a place or enable location')).toBeVisible();
    const distanceOption = page.getByLabel('Sort by').locator('option[value="distance"]');
    await expect(distanceOption).toHaveAttribute('title', 'Distance sorting requires a location');

    await chooseSort(page, 'Rating');
    await expect(page.getByText('Distance sorting unavailable - no location')).toHaveCount(0);
    await expect(page.getByText('Distance sorting requires a location')).toBeVisible();
    await expectOrder(page, 'rating', 'down', false);
  });
});

const itemsOf = async (response: { json(): Promise<unknown> }) =>
  ((await response.json()) as { items: Laundromat[] }).items;

test.describe('filtering the finder list', () => {
  test('when filters are added, then only matching laundromats show, each filter narrows, and clearing restores', async ({
    page,
  }) => {
    const first = await itemsOf(await searchFromHero(page, 'London'));
    await expect(page.getByTestId('laundromat-card')).toHaveCount(first.length);

    const shownNames = async () => (await cardFacts(page)).map((fact) => fact.name).sort();
    // The list re-renders once the answer is in: wait for exactly these names.
    const expectShown = async (items: Laundromat[]) => {
      await expect.poll(shownNames).toEqual(items.map((item) => item.name).sort());
      await expect(page.getByTestId('result-count')).toContainText(`${items.length}`);
    };

    let answer = searchResponse(page, (url) => url.searchParams.get('acceptsCard') === 'true');
    await page.getByRole('button', { name: 'Card payment' }).click();
    const card = await itemsOf(await answer);
    expect(card.length).toBeGreaterThan(0);
    expect(card.every((item) => item.acceptsCard)).toBe(true);
    await expectShown(card);

    answer = searchResponse(
      page,
      (url) => url.searchParams.get('acceptsCard') === 'true' && url.searchParams.get('hasWifi') === 'true',
    );
    await page.getByRole('button', { name: 'Free Wi-Fi' }).click();
    const cardAndWifi = await itemsOf(await answer);
    expect(cardAndWifi.every((item) => item.acceptsCard && item.hasWifi)).toBe(true);
    // Every laundromat that takes cards and has Wi-Fi also takes cards: the set can only shrink.
    expect(cardAndWifi.length).toBeLessThanOrEqual(card.length);
    expect(first.filter((item) => item.acceptsCard && item.hasWifi).length).toBeLessThanOrEqual(
      cardAndWifi.length,
    );
    await expectShown(cardAndWifi);
    await screenshot(page, 'finder-filtered');

    const panelToggle = page.getByRole('button', { name: 'Show filters' });
    if (await panelToggle.isVisible()) await panelToggle.click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Back to the unfiltered search (answered from the query cache, so no new request is awaited).
    await expectShown(first);
    await expect(page.getByRole('button', { name: 'Card payment' })).toHaveAttribute('aria-pressed', 'false');
  });
});
