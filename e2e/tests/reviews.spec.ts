import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { openLaundromatFrom, signUpThroughApi, toastText } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-reviews-${name}.png` });

/**
 * Searches a city and opens one of its laundromats; desktop and phone take different ones, so the two
 * projects running side by side never count each other's reviews. Returns the detail and the laundromat id.
 */
async function openLaundromat(page: Page, city: string, laundromatId?: string) {
  return openLaundromatFrom(page, city, /\/api\/laundromats\/([^/]+)\/reviews$/, laundromatId);
}

test.describe('reviews in the detail modal', () => {
  test('when a signed-out visitor presses Write Review, then sign-in is asked for', async ({ page }) => {
    const { detail } = await openLaundromat(page, 'London');
    await expect(detail.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await detail.getByRole('button', { name: 'Write Review' }).click();
    await expect(toastText(page, 'Sign in required: Please sign in to submit a review')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /^Write Review for / })).toHaveCount(0);
  });

  test('when a signed-in user writes a review, then it is thanked for and shows in the detail', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'reviews');
    const { detail, id } = await openLaundromat(page, 'London');
    const name = (await detail.getByRole('heading').first().textContent()) ?? '';
    await detail.getByRole('button', { name: 'Write Review' }).click();
    const form = page.getByRole('dialog', { name: `Write Review for ${name}` });
    await expect(form).toBeVisible();

    // No overall rating yet: the 'Rating required' toast and the field's own message, nothing sent.
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastText(page, 'Rating required: Please provide an overall rating')).toBeVisible();
    await expect(form.getByText('Overall rating is required')).toBeVisible();
    await screenshot(page, 'form-errors');

    const text = `Spotless machines, review ${randomUUID().slice(0, 8)}`;
    await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '4 stars' }).check();
    await expect(form.getByText('Overall rating is required')).toHaveCount(0);
    await form.getByRole('group', { name: 'Cleanliness' }).getByRole('radio', { name: '5 stars' }).check();
    await form.getByRole('group', { name: 'Safety' }).getByRole('radio', { name: '3 stars' }).check();
    await form.getByRole('radio', { name: 'Night' }).check();
    await form.getByRole('checkbox', { name: 'Well Lit' }).check();
    await form.getByRole('checkbox', { name: 'Safe at Night' }).check();
    await form.getByLabel('Wash price').fill('4.50');
    await form.getByLabel('Dry price').fill('2.00');
    await form.getByLabel('Your review').fill(text);
    await form.getByLabel('Tips for other visitors').fill('Bring your own detergent');
    await screenshot(page, 'form-filled');

    const posted = page.waitForRequest(
      (r) => r.url().endsWith(`/api/laundromats/${id}/reviews`) && r.method() === 'POST',
    );
    await form.getByRole('button', { name: 'Submit Review' }).click();
    expect((await posted).postDataJSON()).toEqual({
      overallRating: 4,
      cleanlinessRating: 5,
      safetyRating: 3,
      visitTime: 'night',
      checklistItems: ['well-lit', 'safe-night'],
      observedWashPrice: '4.50',
      observedDryPrice: '2.00',
      reviewText: text,
      tips: 'Bring your own detergent',
    });
    await expect(toastText(page, 'Review submitted: Thank you for your review!')).toBeVisible();
    await expect(form).toHaveCount(0);

    const review = detail.getByTestId('review').filter({ hasText: text });
    await expect(review).toBeVisible();
    await expect(review.getByText('Anonymous User')).toBeVisible();
    await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(review.getByText('Bring your own detergent')).toBeVisible();
    await expect(review.getByText('✓ Safe at Night')).toBeVisible();
    await expect(review.getByText('Night', { exact: true })).toBeVisible();
    await review.scrollIntoViewIfNeeded();
    await screenshot(page, 'detail-with-review');
  });

  // Desktop only: the rule is the same at every size, and each run's writes share the gateway's rate limit.
  test('when more than three reviews exist, then the newest three show and View all N reviews shows every one @desktop-only', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { id } = await openLaundromat(page, 'Tokyo');
    // Each account may review a laundromat once a day, so four reviewers.
    for (let i = 1; i <= 4; i++) {
      const reviewer = await playwright.request.newContext({ baseURL: baseURL ?? '' });
      await signUpThroughApi(reviewer, 'reviews');
      const response = await reviewer.post(`/api/laundromats/${id}/reviews`, {
        data: { overallRating: i, reviewText: `Reviewer ${i} of ${id}` },
      });
      expect(response.ok(), await response.text()).toBe(true);
      await reviewer.dispose();
    }
    const total = ((await (await page.request.get(`/api/laundromats/${id}/reviews`)).json()) as unknown[])
      .length;

    const { detail } = await openLaundromat(page, 'Tokyo', id);
    await expect(detail.getByTestId('review')).toHaveCount(3);
    await expect(detail.getByTestId('review').first()).toContainText(`Reviewer 4 of ${id}`);
    await detail.getByRole('button', { name: `View all ${total} reviews` }).click();
    await expect(detail.getByTestId('review')).toHaveCount(total);
    await expect(detail.getByRole('button', { name: /^View all/ })).toHaveCount(0);
  });

  test('when the server refuses the review, then Failed to submit review shows with its reason', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'reviews');
    await page.route('**/api/laundromats/*/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"message":"Reviews are asleep"}',
          })
        : route.fallback(),
    );
    const { detail } = await openLaundromat(page, 'London');
    await detail.getByRole('button', { name: 'Write Review' }).click();
    const form = page.getByRole('dialog', { name: /^Write Review for / });
    await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '2 stars' }).check();
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastText(page, 'Failed to submit review')).toBeVisible();
    await expect(toastText(page, 'Reviews are asleep')).toBeVisible();
    await expect(form).toBeVisible();
  });

  test('when the session has ended, then the unauthorized toast shows and sign-in follows', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'reviews');
    await page.route('**/api/laundromats/*/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' })
        : route.fallback(),
    );
    const { detail } = await openLaundromat(page, 'London');
    await detail.getByRole('button', { name: 'Write Review' }).click();
    const form = page.getByRole('dialog', { name: /^Write Review for / });
    await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '5 stars' }).check();
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastText(page, 'Unauthorized: You are logged out. Logging in again...')).toBeVisible();
    await expect(page).toHaveURL(/\/api\/login\?returnTo=/);
  });
});
