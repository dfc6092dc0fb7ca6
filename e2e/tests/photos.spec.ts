import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { openLaundromatFrom, signUpThroughApi, toastText } from './finder-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-photos-${name}.png`, fullPage: true });

/**
 * A PNG of a price board drawn by the browser: dark text on white for OCR to read, and, when asked, a band
 * of noise below it that makes the file large enough for upload progress to be seen.
 */
async function priceBoard(page: Page, text: string, noisy = false): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ text, noisy }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = noisy ? 1000 : 400;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#000000';
      context.font = 'bold 110px sans-serif';
      context.fillText(text, 60, 240);
      if (noisy) {
        const band = context.createImageData(canvas.width, 600);
        // Near-white noise: it does not compress, yet OCR's thresholding sees plain paper.
        for (let i = 0; i < band.data.length; i++)
          band.data[i] = (i + 1) % 4 === 0 ? 255 : 240 + Math.random() * 16;
        context.putImageData(band, 0, 400);
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { text, noisy },
  );
  return Buffer.from(base64, 'base64');
}

/** Opens a laundromat's detail from a search (desktop and phone take different ones) and returns its id. */
async function openLaundromat(page: Page, city: string, laundromatId?: string) {
  return openLaundromatFrom(page, city, /\/api\/photos\/([0-9a-f-]{36})$/, laundromatId);
}

test.describe('the photo gallery', () => {
  test('when a user uploads a price board, then it shows with its detected text, and can be edited and deleted', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpThroughApi(page.request, 'photos');
    await page.goto('/gallery');
    await expect(page.getByRole('heading', { name: 'Photo Gallery', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'My Photos' }).click();
    await expect(page).toHaveURL(/\/gallery\?userId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'My Photos', level: 1 })).toBeVisible();
    await expect(page.getByText('No photos found')).toBeVisible();

    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Photos' });
    await upload.getByLabel('Photos').setInputFiles({
      name: 'price-board.png',
      mimeType: 'image/png',
      buffer: await priceBoard(page, 'WASH $3.50', true),
    });
    await upload.getByLabel('Category').selectOption({ label: 'Prices' });
    await upload.getByLabel('Caption').fill('Price board by the door');

    // Slow the upload down so its progress is on screen long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/photos') && r.method() === 'POST');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = upload.getByRole('progressbar');
    await expect(progress).toBeVisible();
    await expect(upload.getByText(/^Uploading 1 of 1: price-board\.png \(\d+%\)$/)).toBeVisible();
    await screenshot(page, 'upload-progress');
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(toastText(page, 'Photos uploaded')).toBeVisible({ timeout: 30_000 });
    await expect(upload).toHaveCount(0);
    const card = page.getByTestId('photo-card');
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('photo-count')).toHaveText('Showing 1 photo');
    await expect(card.getByText('Price board by the door')).toBeVisible();
    await expect(card.getByText('Prices', { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Price board by the door' })).toBeVisible();

    // The OCR worker reads the board; the gallery asks again until the text arrives.
    await expect(card.getByText('Detected text')).toBeVisible({ timeout: 60_000 });
    await expect(card.getByTestId('detected-text')).toContainText(/WASH/i);
    await expect(card.getByTestId('detected-text')).toContainText('3.50');
    await screenshot(page, 'my-photos');

    await card.getByRole('button', { name: 'Photo actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Photo' });
    await expect(edit.getByLabel('Caption')).toHaveValue('Price board by the door');
    await expect(edit.getByLabel('Category')).toHaveValue('prices');
    await edit.getByLabel('Caption').fill('Washers along the wall');
    await edit.getByLabel('Category').selectOption({ label: 'Machines' });
    await edit.getByRole('switch', { name: 'Visible to everyone' }).click();
    await screenshot(page, 'edit-dialog');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/photos/'));
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await put).postDataJSON()).toEqual({
      caption: 'Washers along the wall',
      category: 'machines',
      isPublic: false,
    });
    await expect(toastText(page, 'Photo updated successfully')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(card.getByText('Washers along the wall')).toBeVisible();
    await expect(card.getByText('Machines', { exact: true })).toBeVisible();
    await expect(card.getByText('Private', { exact: true })).toBeVisible();

    // The category filter works on the user's list too.
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Prices' }).click();
    await expect(page.getByText('No photos found')).toBeVisible();
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Machines' }).click();
    await expect(card).toHaveCount(1);

    await card.getByRole('button', { name: 'Photo actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Photo' });
    await expect(remove.getByText('Delete this photo? This cannot be undone.')).toBeVisible();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(toastText(page, 'Photo deleted successfully')).toBeVisible();
    await expect(page.getByText('No photos found')).toBeVisible();
  });

  test('when a file is not an image, then the dialog names it and nothing is sent', async ({ page }) => {
    await signUpThroughApi(page.request, 'photos');
    await page.goto('/gallery');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/photos') && r.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Photos' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(upload.getByText('Choose at least one photo')).toBeVisible();
    await upload.getByLabel('Photos').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect(upload.getByText('notes.txt is not a JPEG, PNG, WebP or HEIC image')).toBeVisible();
    await expect(upload.getByLabel('Photos')).toHaveAttribute('aria-invalid', 'true');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await screenshot(page, 'upload-wrong-type');
    expect(posted).toBe(false);
  });

  test('when a signed-out visitor presses Upload Photos, then sign-in is asked for', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page.getByRole('link', { name: 'Back to Map' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'My Favorites' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(toastText(page, 'Sign in required: Please sign in to upload photos')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Upload Photos' })).toHaveCount(0);
  });

  test("when another user's photo of a laundromat exists, then the detail and the laundromat gallery show it without owner actions", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { id } = await openLaundromat(page, 'Paris');
    const owner = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await signUpThroughApi(owner, 'photos');
    const caption = `Front door ${randomUUID().slice(0, 8)}`;
    const response = await owner.post('/api/photos', {
      multipart: {
        file: { name: 'door.png', mimeType: 'image/png', buffer: await priceBoard(page, 'OPEN') },
        laundromatId: id,
        category: 'exterior',
        caption,
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    await owner.dispose();

    // A retry of this test adds another photo to the same laundromat, so the counts come from the service.
    const total = ((await (await page.request.get(`/api/photos/${id}`)).json()) as unknown[]).length;
    const { detail } = await openLaundromat(page, 'Paris', id);
    await expect(detail.getByRole('img', { name: caption })).toBeVisible();
    await detail
      .getByRole('link', { name: total === 1 ? 'View 1 photo' : `View all ${total} photos` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/gallery\\?laundromatId=${id}$`));
    await expect(page.getByRole('heading', { name: 'Laundromat Photos', level: 1 })).toBeVisible();
    await expect(page.getByTestId('photo-count')).toHaveText(
      total === 1 ? 'Showing 1 photo' : `Showing ${total} photos`,
    );
    const card = page.getByTestId('photo-card').filter({ hasText: caption });
    await expect(card.getByText(caption)).toBeVisible();
    await expect(card.getByText('Exterior', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Photo actions' })).toHaveCount(0);
    await screenshot(page, 'laundromat-photos');
  });

  test('when the photos are on their way, then 8 skeleton cards show, and a failure shows the error state', async ({
    page,
  }) => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/photos', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' });
    });
    await page.goto('/gallery');
    await expect(page.getByTestId('photo-skeleton')).toHaveCount(8);
    await screenshot(page, 'skeletons');
    answer();
    await expect(page.getByText('Failed to load photos. Please try again later.')).toBeVisible();
    await expect(page.getByText('Failed to fetch photos: Internal Server Error')).toBeVisible();
    await expect(page.getByTestId('photo-skeleton')).toHaveCount(0);
  });

  test('when a category has no photos, then No photos found shows and the call names the category', async ({
    page,
  }) => {
    await page.route('**/api/photos?category=interior', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/gallery');
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/photos?category=interior'));
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Interior' }).click();
    await asked;
    await expect(page.getByRole('button', { name: 'Interior' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No photos found')).toBeVisible();
    await expect(page.getByTestId('photo-count')).toHaveCount(0);
  });
});
