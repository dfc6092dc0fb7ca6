import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { laundromatsNear, screenshot, signUpThroughApi, uploadPhotoThroughApi } from './finder-helpers.ts';

/** The finder opened at a laundromat's own link (finder-url.ts: /?l=<id>), its detail showing. */
async function openDetail(page: Page, laundromat: { id: string; name: string }) {
  await page.goto(`/?l=${laundromat.id}`);
  const detail = page.getByRole('dialog', { name: laundromat.name });
  // A first visit loads the finder and asks for the laundromat before the detail can open: longer than a click.
  await expect(detail).toBeVisible({ timeout: 15_000 });
  return detail;
}

test.describe('finder details that name things', () => {
  test('when a photo of a laundromat is in the gallery, then its card names the laundromat, and the name opens its detail', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'place-details');
    const [laundromat] = await laundromatsNear(page.request, 'Lisbon');
    const caption = `Front door ${randomUUID().slice(0, 8)}`;
    await uploadPhotoThroughApi(page.request, laundromat!.id, caption);

    await page.goto('/gallery');
    const card = page.getByTestId('photo-card').filter({ hasText: caption });
    const name = card.getByRole('link', { name: laundromat!.name, exact: true });
    await expect(name).toBeVisible();
    await screenshot(page, 'gallery-card-names-laundromat');
    await name.click();

    await expect(page).toHaveURL(new RegExp(`/\\?l=${laundromat!.id}$`));
    await expect(page.getByRole('dialog', { name: laundromat!.name })).toBeVisible();
  });

  test("when a laundromat's photos are open, then the page names the laundromat, and the name leads back to it", async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'place-details');
    const [, laundromat] = await laundromatsNear(page.request, 'Lisbon');
    await uploadPhotoThroughApi(page.request, laundromat!.id, `Machines ${randomUUID().slice(0, 8)}`);

    // The way there: the detail's link to all of the laundromat's photos.
    const detail = await openDetail(page, laundromat!);
    // Desktop and phone run side by side and each adds a photo of it: one or more.
    await detail.getByRole('link', { name: /^View (all )?\d+ photos?$/ }).click();

    await expect(page.getByRole('heading', { name: 'Laundromat Photos', level: 1 })).toBeVisible();
    const name = page.getByRole('main').getByRole('link', { name: laundromat!.name, exact: true });
    await expect(name).toBeVisible();
    await screenshot(page, 'laundromat-photos-named');
    await name.click();
    await expect(page.getByRole('dialog', { name: laundromat!.name })).toBeVisible();
  });

  test('when a laundromat is saved, then its favourite card shows its address with its city and country', async ({
    page,
  }) => {
    await signUpThroughApi(page.request, 'place-details');
    const [laundromat] = await laundromatsNear(page.request, 'Montreal');
    const saved = await page.request.post('/api/favorites', { data: { laundromatId: laundromat!.id } });
    expect(saved.ok()).toBe(true);

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: laundromat!.name })).toBeVisible();
    const { address, city, country } = laundromat!;
    await expect(page.getByText(`${address}, ${city}, ${country}`, { exact: true })).toBeVisible();
    await screenshot(page, 'favorite-card-city');
  });

  test('when a laundromat has a phone and a website, then its detail dials the number and opens the website in a new tab', async ({
    page,
  }) => {
    const laundromat = (await laundromatsNear(page.request, 'Sydney')).find(
      (candidate) => candidate.phone && candidate.website,
    )!;
    const detail = await openDetail(page, laundromat);

    const phone = detail.getByRole('link', { name: laundromat.phone!, exact: true });
    await expect(phone).toHaveAttribute('href', `tel:${laundromat.phone!.replace(/[^\d+]/g, '')}`);
    const website = detail.getByRole('link', { name: laundromat.website!.replace(/^https?:\/\//, '') });
    await expect(website).toHaveAttribute('href', laundromat.website!);
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    await website.scrollIntoViewIfNeeded();
    await screenshot(page, 'detail-contact');

    const opened = page.waitForEvent('popup');
    // The demo sites are made-up pages of example.com: the new tab is stopped before it goes out.
    await page.context().route('https://example.com/**', (route) => route.fulfill({ body: 'elsewhere' }));
    await website.click();
    expect((await opened).url()).toBe(laundromat.website);
  });

  test('when a laundromat lacks a website, or both, then its detail shows only what it has', async ({
    page,
  }) => {
    const near = await laundromatsNear(page.request, 'Sydney');
    const phoneOnly = near.find((candidate) => candidate.phone && !candidate.website)!;
    const neither = near.find((candidate) => !candidate.phone && !candidate.website)!;

    let detail = await openDetail(page, phoneOnly);
    await expect(detail.getByRole('link', { name: phoneOnly.phone!, exact: true })).toBeVisible();
    await expect(detail.getByText('Website', { exact: true })).toHaveCount(0);

    detail = await openDetail(page, neither);
    await expect(detail.getByRole('heading', { name: 'Hours' })).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Contact' })).toHaveCount(0);
  });

  test('when Use My Current Location is pressed on the add form, then city and country fill from where the device is', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await signUpThroughApi(page.request, 'place-details');
    await page.goto('/add');
    await page.getByRole('button', { name: 'Use My Current Location' }).click();

    await expect(page.getByLabel('Latitude')).toHaveValue('48.8566');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Paris');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('France');
    await screenshot(page, 'add-location-place');
  });

  test('when the person typed the city before using their location, then what they typed stays and only the empty box fills', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await signUpThroughApi(page.request, 'place-details');
    await page.goto('/add');
    await page.getByLabel('City', { exact: true }).fill('Paris 4e');
    await page.getByRole('button', { name: 'Use My Current Location' }).click();

    // The country filling shows the lookup has answered; the city typed before it is left as it was.
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('France');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Paris 4e');
  });
});
