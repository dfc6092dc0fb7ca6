import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, toastText } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit for Review' });

test.describe('add a laundromat', () => {
  test('when signed out, then a Login Required card offers Log In back to /add and Go Back', async ({
    page,
  }) => {
    await page.goto('/add');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('Authentication required')).toBeVisible();
    await expect(page.getByText('Please log in to add a laundromat.')).toBeVisible();
    const logIn = page.getByRole('link', { name: 'Log In' });
    expect(decodeURIComponent((await logIn.getAttribute('href')) ?? '')).toBe('/api/login?returnTo=/add');
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(submitButton(page)).toHaveCount(0);
  });

  test('when an empty form is submitted, then each required field shows its error', async ({ page }) => {
    await signUpThroughApi(page.request, 'add');
    await page.goto('/add');
    // Empty until the pin is placed, never 0, 0.
    await expect(page.getByLabel('Latitude')).toHaveValue('');
    await expect(page.getByLabel('Longitude')).toHaveValue('');
    await expect(page.getByLabel('Currency')).toHaveValue('USD');
    await expect(page.getByLabel('Self-service')).toBeChecked();
    await expect(page.getByLabel('Coins')).toBeChecked();
    await screenshot(page, 'add-form');

    await submitButton(page).click();
    for (const message of [
      'Name must be at least 3 characters',
      'Address is required',
      'City is required',
      'Country is required',
      'Place the pin on the map, or type the latitude and longitude',
    ]) {
      // The pin's message is under both boxes.
      await expect(page.getByText(message).first()).toBeVisible();
    }
    const name = page.getByLabel('Laundromat name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name must be at least 3 characters');
    await expect(name).toBeFocused();
    await screenshot(page, 'add-form-errors');

    await page.getByLabel('Website').fill('not a url');
    await submitButton(page).click();
    await expect(page.getByText('Must be a valid URL')).toBeVisible();
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  });

  test(
    'when a valid laundromat is submitted, then it is thanked for and the page goes home',
    { tag: '@phone' },
    async ({ page }) => {
      await signUpThroughApi(page.request, 'add');
      await page.goto('/add');
      await page.getByLabel('Laundromat name').fill('Playwright Suds');
      await page.getByLabel('Address', { exact: true }).fill('12 Test Street');
      await page.getByLabel('City').fill('Oslo');
      await page.getByLabel('Country').fill('Norway');
      // The currency follows the country until one is picked.
      await expect(page.getByLabel('Currency')).toHaveValue('NOK');
      await page.getByLabel('Latitude').fill('59.91');
      await page.getByLabel('Longitude').fill('10.75');
      await page.getByLabel('Website').fill('https://suds.example.test');
      await page.getByLabel('Number of washers').fill('8');
      await page.getByLabel('Wi-Fi').check();
      await page.getByLabel('Currency').selectOption('EUR');
      await page.getByLabel('Wash price (small load)').fill('4.50');
      await page.getByLabel('Monday, hours 1: opens').fill('07:00');
      await page.getByLabel('Monday, hours 1: closes').fill('22:00');

      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/laundromats') && r.method() === 'POST',
      );
      await submitButton(page).click();
      const body = (await request).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        name: 'Playwright Suds',
        latitude: 59.91,
        currency: 'EUR',
        numWashers: 8,
        washPriceSmall: 4.5,
        hasWifi: true,
        openingHours: 'Mo 07:00-22:00',
      });

      await expect(toastText(page, 'Success!')).toBeVisible();
      await expect(
        toastText(page, 'Your laundromat has been submitted for review. Thank you for contributing!'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    },
  );

  test('when the server refuses the submission, then an Error toast carries its message', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'add');
    await page.route('**/api/laundromats', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Database is asleep"}',
      }),
    );
    await page.goto('/add');
    await page.getByLabel('Laundromat name').fill('Refused Suds');
    await page.getByLabel('Address', { exact: true }).fill('12 Test Street');
    await page.getByLabel('City').fill('Oslo');
    await page.getByLabel('Country').fill('Norway');
    await page.getByLabel('Latitude').fill('59.91');
    await page.getByLabel('Longitude').fill('10.75');
    await submitButton(page).click();
    await expect(toastText(page, 'Error')).toBeVisible();
    await expect(toastText(page, 'Database is asleep')).toBeVisible();
    await expect(page).toHaveURL(/\/add$/);
  });

  test('when Use My Current Location is pressed with permission, then latitude and longitude are filled', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await signUpThroughApi(page.request, 'add');
    await page.goto('/add');
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await expect(page.getByLabel('Latitude')).toHaveValue('48.8566');
    await expect(page.getByLabel('Longitude')).toHaveValue('2.3522');
    await expect(toastText(page, 'Location captured')).toBeVisible();
    await expect(toastText(page, 'Your current location has been set.')).toBeVisible();
  });
});
