import { expect, test } from '@playwright/test';

test.describe('the API reference', () => {
  test('when /api/docs opens, then every operation is listed, rendered from our own origin within the CSP @desktop-only', async ({
    page,
    baseURL,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));

    await page.goto('/api/docs');

    await expect(page.getByRole('heading', { name: /Laundromat Finder API/ })).toBeVisible();
    // Every service's operations are listed under its name, each list opening when the name is chosen.
    const services = ['identity', 'directory', 'review', 'photo', 'ad', 'billing', 'availability', 'owner'];
    for (const service of services) {
      await expect(page.locator('.opblock-tag', { hasText: new RegExp(`^${service}`) })).toBeVisible();
    }
    await page.locator('.opblock-tag', { hasText: /^review/ }).click();
    const operation = page.locator('.opblock-summary', { hasText: '/api/laundromats/{id}/reviews' }).first();
    await expect(operation).toBeVisible();
    await page.locator('.opblock-tag', { hasText: /^owner/ }).click();
    await expect(
      page.locator('.opblock-summary', { hasText: '/api/laundromats/{id}/claims' }).first(),
    ).toBeVisible();
    await operation.click();
    await expect(page.getByText('One page of reviews.')).toBeVisible();
    await page.screenshot({ path: 'screenshots/desktop-api-docs.png' });
    expect(problems).toEqual([]);
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
  });
});
