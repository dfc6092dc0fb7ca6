import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, searchFromHero, signUpThroughApi, toastText } from './finder-helpers.ts';

/** Issue 15: every count shown equals the reviews listed, and a posted review updates it everywhere at once. */

/** The '(N reviews)' of a star rating inside `scope`. */
async function reviewCount(scope: Locator): Promise<number> {
  const text =
    (await scope
      .getByText(/^\(\d+ reviews?\)$/)
      .first()
      .textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0]);
}

/** The first card of the list claiming at least `min` reviews. */
async function cardWithReviews(page: Page, min: number): Promise<Locator> {
  const cards = page.getByTestId('laundromat-card');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < (await cards.count()); i++) {
    if ((await reviewCount(cards.nth(i)).catch(() => 0)) >= min) return cards.nth(i);
  }
  throw new Error(`no laundromat with ${min} reviews or more in the list`);
}

test('when a demo laundromat claims N reviews, then its detail lists exactly N @desktop-only', async ({
  page,
}) => {
  await searchFromHero(page, 'Berlin');
  await expect(page.getByTestId('result-count')).toContainText('found near Berlin');
  const card = await cardWithReviews(page, 4);
  const claimed = await reviewCount(card);
  await card.click();
  const detail = page.getByRole('dialog').first();
  await expect(detail).toBeVisible();

  expect(await reviewCount(detail)).toBe(claimed);
  await expect(detail.getByTestId('review')).toHaveCount(3);
  await detail.getByRole('button', { name: `View all ${claimed} reviews` }).click();
  await expect(detail.getByTestId('review')).toHaveCount(claimed);
  await expect(detail.getByText('No reviews yet', { exact: false })).toHaveCount(0);
  await screenshot(page, 'demo-reviews-listed');
});

test('when a review is posted, then the detail header and the card count it at once @desktop-only', async ({
  page,
}) => {
  await signUpThroughApi(page.request, 'counts');
  await searchFromHero(page, 'Madrid');
  await expect(page.getByTestId('result-count')).toContainText('found near Madrid');
  const card = await cardWithReviews(page, 1);
  const id = await card.getAttribute('data-laundromat-id');
  const before = await reviewCount(card);
  await card.click();
  const detail = page.getByRole('dialog').first();
  await expect(detail).toBeVisible();
  expect(await reviewCount(detail)).toBe(before);

  await detail.getByRole('button', { name: 'Write Review' }).click();
  const form = page.getByRole('dialog', { name: /^Write Review for / });
  await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '5 stars' }).check();
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toastText(page, 'Review submitted: Thank you for your review!')).toBeVisible();

  await expect(detail.getByText(`(${before + 1} reviews)`)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(
    page.locator(`[data-laundromat-id="${id}"]`).getByText(`(${before + 1} reviews)`),
  ).toBeVisible();
  await screenshot(page, 'review-counted');
});
