import { expect, test, type Page } from '@playwright/test';
import { screenshot, searchFromHero } from './finder-helpers.ts';

/**
 * Opening hours as the server reads them with the OSM library: each card's badge says what the API's open
 * status says, and hours that cannot say open or closed read 'Hours unknown', never a red CLOSED.
 */
async function badgesFollowServer(page: Page) {
  const response = await searchFromHero(page, 'London');
  const body = (await response.json()) as {
    items: {
      id: string;
      openStatus: {
        isOpenNow: boolean;
        is24Hours: boolean;
        isUnknownNow?: boolean;
        statusText: { kind: string };
      };
    }[];
  };
  await expect(page.getByTestId('result-count')).toContainText('found near London');
  const cards = page.getByTestId('laundromat-card');
  await expect(cards.first()).toBeVisible();
  const shown = Math.min(await cards.count(), 8);
  for (let i = 0; i < shown; i += 1) {
    const card = cards.nth(i);
    const id = await card.getAttribute('data-laundromat-id');
    const status = body.items.find((item) => item.id === id)?.openStatus;
    if (!status) continue;
    const unknown =
      !status.isOpenNow &&
      (status.isUnknownNow || ['hours_not_available', 'call_ahead'].includes(status.statusText.kind));
    if (unknown) {
      await expect(card).toContainText('Hours unknown');
      await expect(card).not.toContainText('CLOSED');
    } else if (!status.isOpenNow) {
      await expect(card).toContainText('CLOSED');
    }
  }
  await screenshot(page, 'finder-hours-list');
}

test('when a city is searched, then each card’s badge follows the server’s hours reading', async ({
  page,
}) => {
  await badgesFollowServer(page);
});

// The list sits in a bottom sheet on a phone: the same badges, at phone size.
test('when a city is searched on a phone, then each card’s badge follows the server’s hours reading @phone-only', async ({
  page,
}) => {
  await badgesFollowServer(page);
});
