import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { haversineMeters, type GeocodeResponse, type Laundromat } from '@laundry/contracts';
import { signInAsAdmin } from './admin-helpers.ts';
import { laundromatsNear, signUpThroughApi, toastText } from './finder-helpers.ts';

/**
 * Adding a laundromat as a person does (issue 29, item 3): an address search and a pin dragged onto the
 * door, the country and currency from the pin, hours from the weekly editor, and a like-named laundromat
 * a few doors away shown before submitting.
 */

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit for Review' });

test.describe('add a laundromat where it is', () => {
  test(
    'search the address, drag the pin, fill the week, see the duplicate, submit',
    { tag: '@phone' },
    async ({ page }) => {
      test.setTimeout(120_000);
      await signUpThroughApi(page.request, 'add-place');
      // A listed laundromat in Lyon, well over a kilometre from where the search puts the city.
      const geocoded = ((await (await page.request.get('/api/geocode?q=Lyon')).json()) as GeocodeResponse)
        .results[0]!;
      const existing = (await laundromatsNear(page.request, 'Lyon')).find(
        (item: Laundromat) =>
          haversineMeters(item, geocoded) > 1500 && haversineMeters(item, geocoded) < 20_000,
      );
      expect(existing, 'a demo laundromat in Lyon away from its centre').toBeDefined();

      await page.goto('/add');
      // The form's chunk on a busy machine can take a while the first time.
      await expect(page.getByLabel('Latitude')).toHaveValue('', { timeout: 30_000 });
      await expect(page.getByLabel('Longitude')).toHaveValue('');

      // Search the address: the pin lands on it, the country and the currency follow the pin.
      await page.getByLabel('Find the address').fill('Lyon');
      await page.getByLabel('Find the address').press('Enter');
      await expect(page.getByText(/^Found: Lyon/)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByLabel('Latitude')).toHaveValue(
        String(Math.round(geocoded.latitude * 1e6) / 1e6),
      );
      await expect(page.getByLabel('Country')).toHaveValue('France');
      await expect(page.getByLabel('Currency')).toHaveValue('EUR');

      // Drag the pin: latitude and longitude follow it.
      const pin = page.getByTestId('add-pin');
      await expect(pin).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Map: drag the pin onto the laundromat' })).toBeVisible();
      await pin.scrollIntoViewIfNeeded();
      const box = (await pin.boundingBox())!;
      const start = { x: box.x + box.width / 2, y: box.y + box.height - 4 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 40, start.y + 30, { steps: 8 });
      await page.mouse.move(start.x + 80, start.y + 60, { steps: 8 });
      await page.mouse.up();
      await expect(page.getByLabel('Latitude')).not.toHaveValue(
        String(Math.round(geocoded.latitude * 1e6) / 1e6),
      );
      const dragged = Number(await page.getByLabel('Latitude').inputValue());
      await page
        .getByRole('region', { name: 'Basic Information' })
        .screenshot({ path: `screenshots/${test.info().project.name}-add-place-pin.png` });
      expect(dragged).toBeLessThan(geocoded.latitude);

      // Then precisely: the door is 20 m north of the listed one, far from the centre the search found.
      const door = { latitude: existing!.latitude + 0.00018, longitude: existing!.longitude };
      await page.getByLabel('Latitude').fill(String(door.latitude));
      await page.getByLabel('Longitude').fill(String(door.longitude));
      const far = page.getByTestId('far-warning');
      await expect(far).toContainText(/The pin is [\d.]+ km from the address you searched\./);
      await expect(far).toContainText('You searched for “Lyon”.');

      // The name of the one listed there, written differently: 'Is it one of these?' links to it.
      await page.getByLabel('Laundromat name').fill(existing!.name.toUpperCase());
      const duplicates = page.getByRole('region', { name: 'Is it one of these?' });
      await expect(duplicates).toBeVisible({ timeout: 15_000 });
      const link = duplicates.getByRole('link', { name: existing!.name });
      await expect(link).toHaveAttribute('href', `/?l=${existing!.id}`);
      await expect(duplicates).toContainText(/\d+ m away/);

      await page.getByLabel('Address', { exact: true }).fill('12 Rue de la République');
      await page.getByLabel('City').fill('Lyon');

      // The week: two ranges on Monday copied to the working week, Saturday past midnight, Sunday closed.
      await page.getByLabel('Monday, hours 1: opens').fill('08:00');
      await page.getByLabel('Monday, hours 1: closes').fill('12:00');
      await page.getByRole('button', { name: 'Add hours on Monday' }).click();
      await page.getByLabel('Monday, hours 2: opens').fill('14:00');
      await page.getByLabel('Monday, hours 2: closes').fill('20:00');
      await page.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }).click();
      await page.getByLabel('Saturday, hours 1: opens').fill('18:00');
      await page.getByLabel('Saturday, hours 1: closes').fill('02:00');
      await expect(page.getByTestId('hours-saturday')).toContainText('next day');
      await page.getByLabel('Sunday: closed').check();
      await expect(page.getByLabel('Opening hours (OpenStreetMap format)')).toHaveValue(
        'Su off; Mo-Fr 08:00-12:00,14:00-20:00, Sa 18:00-02:00',
      );
      const preview = page.getByTestId('hours-preview');
      await expect(preview).toContainText('Monday – Friday');
      await expect(preview).toContainText('8:00 AM – 12:00 PM, 2:00 PM – 8:00 PM');
      await expect(preview).toContainText('6:00 PM – 2:00 AM (next day)');
      await expect(preview).toContainText('SundayClosed');
      await screenshot(page, 'add-place-filled');
      await page
        .getByRole('group', { name: 'Opening hours' })
        .screenshot({ path: `screenshots/${test.info().project.name}-add-place-hours.png` });

      // Far from the address searched: the form asks before it sends.
      await submitButton(page).click();
      await expect(
        page.getByText('Confirm the pin’s position, or move it nearer the address.'),
      ).toBeVisible();
      await expect(page.getByLabel('Yes, the pin is on the laundromat')).toBeFocused();
      await page.getByLabel('Yes, the pin is on the laundromat').check();

      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/laundromats') && r.method() === 'POST',
      );
      await submitButton(page).click();
      const body = (await request).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        name: existing!.name.toUpperCase(),
        latitude: door.latitude,
        longitude: door.longitude,
        country: 'France',
        currency: 'EUR',
        openingHours: 'Su off; Mo-Fr 08:00-12:00,14:00-20:00, Sa 18:00-02:00',
      });
      await expect(toastText(page, 'Success!')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    },
  );

  test('when the pin is never placed or left at 0, 0, then the form says to place it and sends nothing', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'add-place');
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/laundromats') && r.method() === 'POST') sent += 1;
    });
    await page.goto('/add');
    await page.getByLabel('Laundromat name').fill('Nowhere Suds');
    await page.getByLabel('Address', { exact: true }).fill('1 Nowhere Street');
    await page.getByLabel('City').fill('Nowhere');
    await page.getByLabel('Country').fill('France');

    await submitButton(page).click();
    await expect(
      page.getByText('Place the pin on the map, or type the latitude and longitude').first(),
    ).toBeVisible();

    await page.getByLabel('Latitude').fill('0');
    await page.getByLabel('Longitude').fill('0');
    await expect(page.getByText('Place the pin on the laundromat: 0, 0 is in the open sea')).toBeVisible();
    await expect(page.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true');
    await submitButton(page).click();
    await screenshot(page, 'add-place-null-island');
    expect(sent).toBe(0);

    // Straight to the API, 0, 0 is refused as clearly.
    const refused = await page.request.post('/api/laundromats', {
      data: {
        name: 'Nowhere Suds',
        address: '1 Nowhere Street',
        city: 'Nowhere',
        country: 'FR',
        latitude: 0,
        longitude: 0,
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Latitude and longitude 0, 0 is in the open sea: place the pin on the laundromat',
    );
  });

  test('when a submission has a like name next door, then the admin queue flags it @desktop-only', async ({
    page,
    playwright,
  }) => {
    const [existing] = await laundromatsNear(page.request, 'Lyon');
    const submitter = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signUpThroughApi(submitter, 'add-place-queue');
    const name = `${existing!.name} ${randomUUID().slice(0, 4)}`;
    const created = await submitter.post('/api/laundromats', {
      data: {
        name,
        address: '14 Rue de la République',
        city: 'Lyon',
        country: 'France',
        latitude: existing!.latitude + 0.0002,
        longitude: existing!.longitude,
        currency: 'EUR',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await submitter.dispose();

    await signInAsAdmin(page.request);
    await page.goto('/admin/laundromats');
    await expect(page.getByRole('heading', { name: 'Submitted laundromats' })).toBeVisible({
      timeout: 30_000,
    });
    const card = page.getByTestId('submission').filter({ hasText: name });
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(page.getByTestId('submission').first()).toBeVisible();
    while ((await card.count()) === 0 && (await more.isVisible())) await more.click();
    const flagged = card.getByTestId('likely-duplicates');
    await expect(flagged).toContainText('Likely duplicates');
    await expect(
      flagged.getByRole('link', { name: new RegExp(`^${existing!.name}, \\d+ m away$`) }),
    ).toHaveAttribute('href', `/?l=${existing!.id}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'add-place-admin-duplicates');
  });
});
