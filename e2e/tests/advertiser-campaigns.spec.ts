import { expect, test, type Page } from '@playwright/test';
import {
  createCampaign,
  createProfile,
  expectNoHorizontalScroll,
  screenshot,
  signUp,
  toastText,
} from './advertiser-helpers.ts';

const campaignsPath = (url: string) => new URL(url).pathname === '/api/campaigns';

/** A small PNG (40 × 30, one colour): enough for the photo service to check, resize and store. */
const adPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAK0lEQVR42u3NMQ0AAAgDsClBJxKRhQw4mvRvqudExGKxWCwWi8VisVj8N15hL2j7tvpYcAAAAABJRU5ErkJggg==',
  'base64',
);
const ownImage = /^\/objects\/ad-images\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/;

/** Uploads the PNG through the image field `id` and waits until the stored image shows in it. */
async function uploadImage(page: Page, id: string) {
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/photos/ad-image',
  );
  await page.locator(`#${id}`).setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: adPng });
  expect((await uploaded).status()).toBe(201);
  await expect(
    page.locator(`#${id}`).locator('xpath=ancestor::div[2]').getByRole('img', { name: 'The uploaded image' }),
  ).toBeVisible();
}

/** The map has loaded and can be clicked. */
async function mapReady(page: Page) {
  const map = page.getByTestId('target-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  return map;
}

test.describe('campaigns', () => {
  test('when a campaign is created with a radius placed on the map, then it is sent whole and listed', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Campaign' })).toBeVisible();
    for (const section of [
      'Campaign Details',
      'Budget & Pricing',
      'Targeting',
      'Schedule',
      'Campaign Status',
    ]) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    // The form's defaults and input steps (docs/product.md, Constants and Validation).
    await expect(page.getByRole('spinbutton', { name: /Total budget/ })).toHaveValue('100');
    await expect(page.getByRole('spinbutton', { name: /Daily budget/ })).toHaveValue('10');
    await expect(page.getByRole('spinbutton', { name: /Cost per click/ })).toHaveValue('0.5');
    await expect(page.getByRole('spinbutton', { name: /Cost per click/ })).toHaveAttribute('step', '0.01');
    await expect(page.getByRole('spinbutton', { name: /Total budget/ })).toHaveAttribute('step', '1');
    await expect(page.getByLabel('Initial status')).toHaveValue('draft');

    const title = `Fresh towels ${Date.now()}`;
    await page.getByRole('textbox', { name: /Campaign title/ }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Half-price dryers every Tuesday.');
    await uploadImage(page, 'campaign-imageUrl');
    await page.getByRole('textbox', { name: /Target URL/ }).fill('https://www.suds.example.test/tuesday');

    // The preview follows the form, in each of the three slots, marked as the finder marks an ad.
    const preview = page.getByTestId('ad-preview');
    for (const slot of ['preview-list', 'preview-page', 'preview-detail']) {
      await expect(preview.getByTestId(slot).getByText(title)).toBeVisible();
      await expect(preview.getByTestId(slot).getByText('suds.example.test')).toBeVisible();
      await expect(preview.getByTestId(slot).getByText('Ad', { exact: true })).toBeVisible();
    }

    // Countries by name or code, named in the page's language.
    const countries = page.getByRole('combobox', { name: 'Countries' });
    await countries.fill('fran');
    await expect(page.getByRole('option', { name: /France/ })).toBeVisible();
    await countries.press('Enter');
    await countries.fill('gb');
    await countries.press('Enter');
    const chosen = page.getByRole('list', { name: 'Chosen countries' });
    await expect(chosen.getByRole('listitem')).toHaveText([/France/, /United Kingdom/]);
    await chosen.getByRole('button', { name: 'Remove France' }).click();
    await expect(chosen.getByRole('listitem')).toHaveText([/United Kingdom/]);

    const cities = page.getByRole('textbox', { name: 'Cities' });
    await cities.fill('London');
    await cities.press('Enter');
    await expect(page.getByRole('list', { name: 'Chosen cities' }).getByRole('listitem')).toHaveText([
      /^London/,
    ]);

    // At world zoom a click zooms in (a centre placed there would be off by hundreds of kilometres); the
    // next click places the centre; the handle on the circle sets the radius.
    const map = await mapReady(page);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const summary = page.getByTestId('area-summary');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(600);
    await expect(summary).toHaveText('No target area: the ad is not limited to a distance.');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(summary).toContainText('Shown within 10 km of');
    const handle = page.getByLabel('Radius handle (drag to resize)');
    await expect(handle).toBeVisible();
    const at = (await handle.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 + 30, at.y + at.height / 2, { steps: 5 });
    await page.mouse.move(at.x + at.width / 2 + 60, at.y + at.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(summary).not.toContainText('Shown within 10 km of');
    const radius = Number(await page.getByRole('spinbutton', { name: 'Radius (km)' }).inputValue());
    expect(radius).toBeGreaterThan(10);
    await expect(page.getByRole('spinbutton', { name: 'Latitude' })).not.toHaveValue('');
    await screenshot(page, 'campaign-create');

    const request = page.waitForRequest((r) => r.method() === 'POST' && campaignsPath(r.url()));
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      title,
      description: 'Half-price dryers every Tuesday.',
      imageUrl: expect.stringMatching(ownImage) as unknown,
      targetUrl: 'https://www.suds.example.test/tuesday',
      totalBudget: 100,
      dailyBudget: 10,
      costPerClick: 0.5,
      status: 'draft',
      targetCountries: ['GB'],
      targetCities: ['London'],
      radiusKm: radius,
    });
    expect(body.targetLatitude).toEqual(expect.any(Number));
    expect(body.targetLongitude).toEqual(expect.any(Number));

    await expect(toastText(page, 'Campaign created successfully!')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('campaign-status')).toHaveText('Draft');
    await expect(card.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute(
      'href',
      /\/campaigns\/.+\/edit$/,
    );
    await expect(card.getByRole('link', { name: `Analytics for ${title}` })).toHaveAttribute(
      'href',
      /\/campaigns\/.+\/analytics$/,
    );
    await screenshot(page, 'dashboard-campaigns');
  });

  test('when a campaign gets uploaded images, a second creative, CPM and a weekly schedule, then all is sent and its analytics list each creative @phone', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    const title = `Two looks ${Date.now()}`;
    await page.getByRole('textbox', { name: /Campaign title/ }).fill(title);
    await page
      .getByRole('textbox', { name: /Target URL/ })
      .first()
      .fill('https://suds.example.test/a');

    // A file that is not an image is refused by the photo service; nothing is named as the image.
    await page.locator('#campaign-imageUrl').setInputFiles({
      name: 'ad.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture\n'.repeat(40)),
    });
    await expect(
      page.getByText('Only JPEG, PNG, WebP and HEIC photos can be uploaded.').first(),
    ).toBeVisible();
    await uploadImage(page, 'campaign-imageUrl');
    // The preview shows the uploaded image, as visitors will see it.
    await expect(page.getByTestId('preview-list').locator('img')).toHaveAttribute('src', ownImage);

    await page.getByRole('button', { name: 'Add a creative' }).click();
    const second = page.getByTestId('creative-2');
    await expect(second.getByText('Creative 2', { exact: true })).toBeVisible();
    await second.getByRole('textbox', { name: /Campaign title/ }).fill('Free wifi while you wait');
    await second.getByRole('textbox', { name: /Target URL/ }).fill('https://suds.example.test/wifi');
    await uploadImage(page, 'campaign-creatives-0-imageUrl');

    // Per thousand impressions, with the price in each placement told before saving.
    await page.getByRole('radio', { name: 'Impressions (CPM)' }).check();
    const perThousand = page.getByRole('spinbutton', { name: /Cost per thousand impressions/ });
    await perThousand.fill('2.55');
    await expect(page.getByText('Price of a thousand impressions in each placement')).toBeAttached();
    await perThousand.fill('2.5');

    // Weekdays, nine until eight in the evening; no hours at all is refused in words.
    await page.getByRole('checkbox', { name: 'Show only on some days and hours' }).check();
    await page.getByLabel('Until').selectOption('9');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(
      page.getByText(
        'This schedule has no hours, so the ad would never show. Choose an end hour after the start hour.',
      ),
    ).toBeVisible();
    await page.getByLabel('Until').selectOption('20');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await screenshot(page, 'campaign-creatives');

    const request = page.waitForRequest((r) => r.method() === 'POST' && campaignsPath(r.url()));
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      title,
      imageUrl: expect.stringMatching(ownImage) as unknown,
      costPerImpression: 0.0025,
      creatives: [
        {
          title: 'Free wifi while you wait',
          targetUrl: 'https://suds.example.test/wifi',
          imageUrl: expect.stringMatching(ownImage) as unknown,
        },
      ],
      schedule: { timeZone: 'Europe/Paris', days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 20 },
    });
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await card.getByRole('link', { name: `Analytics for ${title}` }).click();
    const creatives = page.getByTestId('analytics-creatives');
    await expect(creatives.getByTestId('analytics-creative-1')).toContainText(title);
    await expect(creatives.getByTestId('analytics-creative-2')).toContainText('Free wifi while you wait');
    await screenshot(page, 'campaign-creatives-analytics');
  });

  test('when the form breaks the campaign rules, then each field says so and nothing is sent', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && campaignsPath(r.url())) posted = true;
    });
    await page.getByRole('textbox', { name: /Target URL/ }).fill('not a url');
    await page.getByRole('spinbutton', { name: /Total budget/ }).fill('5');
    await page.getByRole('spinbutton', { name: /Daily budget/ }).fill('0');
    await page.getByRole('spinbutton', { name: /Cost per click/ }).fill('0.05');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    for (const message of [
      'Title is required',
      'Please enter a valid URL',
      'Minimum budget is $10',
      'Minimum daily budget is $1',
      'Minimum cost per click is $0.10',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toBeFocused();
    await screenshot(page, 'campaign-errors');
    expect(posted).toBe(false);
  });

  test("when a city is misspelt, then the server's suggestion shows under the city field", async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    await page.getByRole('textbox', { name: /Campaign title/ }).fill('Typo test');
    await page.getByRole('textbox', { name: /Target URL/ }).fill('https://suds.example.test');
    const cities = page.getByRole('textbox', { name: 'Cities' });
    await cities.fill('Londn');
    await cities.press('Enter');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(toastText(page, 'Failed to create campaign')).toBeVisible();
    const error = page.getByTestId('city-error');
    await expect(error).toContainText("We don't know the city 'Londn'");
    await expect(cities).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/campaigns\/create$/);
  });

  test('when a campaign is activated, paused and ended from the dashboard, then its badge follows', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { title } = await createCampaign(page.request);
    await page.goto('/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card.getByTestId('campaign-status')).toHaveText('Draft');
    await expect(card.getByRole('button', { name: `Pause: ${title}` })).toHaveCount(0);

    await card.getByRole('button', { name: `Activate: ${title}` }).click();
    await expect(toastText(page, 'Campaign activated')).toBeVisible();
    await expect(card.getByTestId('campaign-status')).toHaveText('Active');
    await expect(page.getByTestId('tile-active')).toContainText('1');

    await card.getByRole('button', { name: `Pause: ${title}` }).click();
    await expect(card.getByTestId('campaign-status')).toHaveText('Paused');

    await card.getByRole('button', { name: `End: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'End this campaign?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'End', exact: true }).click();
    await expect(card.getByTestId('campaign-status')).toHaveText('Ended');
    await expect(card.getByTestId('campaign-status')).toHaveAttribute('data-style', 'destructive');
    await expect(card.getByRole('button', { name: /^(Activate|Pause|End): / })).toHaveCount(0);
  });

  test('when a campaign waits for review, then the dashboard says why and its budget can still be changed', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    // A prohibited term sends it to an admin instead of approving it at once.
    const { id, title } = await createCampaign(page.request, {
      title: 'Casino night at the laundromat',
      status: 'active',
    });
    await page.goto('/advertiser/dashboard');
    const card = page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card.getByTestId('campaign-moderation')).toHaveText('Pending review');
    await expect(card.getByTestId('campaign-moderation')).toHaveAttribute('data-style', 'destructive');
    // Never 'Active' beside 'Pending review': it is shown to nobody until approved.
    await expect(card.getByTestId('campaign-status')).toHaveCount(0);
    await expect(card.getByTestId('review-findings')).toContainText('“casino”');
    await screenshot(page, 'dashboard-moderation');

    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL((url) => url.pathname === `/campaigns/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeVisible();
    await expect(page.getByTestId('edit-locked')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toHaveValue(title);
    await expect(page.getByTestId('campaign-moderation')).toHaveText('Pending review');
    await page.getByRole('spinbutton', { name: /Daily budget/ }).fill('20');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    await expect(card.getByTestId('campaign-moderation')).toHaveText('Pending review');
    await expect(card).toContainText('$20.00');
  });

  test('when an approved campaign is edited, then PUT saves it and the dashboard shows the new title', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { id } = await createCampaign(page.request, {
      targetLatitude: 51.5072,
      targetLongitude: -0.1276,
      radiusKm: 15,
      targetCountries: ['GB'],
    });
    await page.goto(`/campaigns/${id}/edit`);
    await expect(page.getByRole('spinbutton', { name: 'Radius (km)' })).toHaveValue('15');
    await expect(page.getByRole('list', { name: 'Chosen countries' })).toContainText('United Kingdom');
    await expect(page.getByLabel('Initial status')).toHaveCount(0);
    await mapReady(page);
    await screenshot(page, 'campaign-edit');

    const newTitle = `Renamed ${Date.now()}`;
    await page.getByRole('textbox', { name: /Campaign title/ }).fill(newTitle);
    await page.getByRole('spinbutton', { name: 'Radius (km)' }).fill('25');
    const request = page.waitForRequest(
      (r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/campaigns/${id}`,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ title: newTitle, radiusKm: 25, targetCountries: ['GB'] });
    expect(body).not.toHaveProperty('status');
    await expect(toastText(page, 'Campaign updated')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/advertiser/dashboard');
    await expect(page.getByTestId('campaign-card').filter({ hasText: newTitle })).toBeVisible();
  });

  test("when another advertiser's campaign is opened, then it is not found", async ({ page, browser }) => {
    const other = await browser.newContext();
    await signUp(other.request);
    await createProfile(other.request);
    const { id } = await createCampaign(other.request);
    await other.close();

    await signUp(page.request);
    await createProfile(page.request);
    await page.goto(`/campaigns/${id}/edit`);
    await expect(page.getByRole('heading', { name: 'Campaign not found' })).toBeVisible();
    await page.goto(`/campaigns/${id}/analytics`);
    await expect(page.getByRole('heading', { name: 'Campaign not found' })).toBeVisible();
  });

  test("when a campaign's analytics open before it is served, then its zeros show and no chart is made up", async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { id, title } = await createCampaign(page.request);
    await page.goto(`/campaigns/${id}/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('campaign-status')).toHaveText('Draft');
    await expect(page.getByTestId('analytics-impressions')).toContainText('0');
    await expect(page.getByTestId('analytics-clicks')).toContainText('0');
    await expect(page.getByTestId('analytics-ctr')).toContainText('—');
    await expect(page.getByTestId('analytics-spend')).toContainText('$0.00');
    await expect(page.getByTestId('analytics-invalid')).toContainText('0');
    await expect(page.getByRole('heading', { name: 'No figures for these dates' })).toBeVisible();
    await expect(page.getByTestId('chart-traffic')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /format=csv/);
    await screenshot(page, 'campaign-analytics');
  });

  test("when the create page is in French, then the target map's own buttons and name are in French", async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.goto('/campaigns/create');
    const map = await mapReady(page);
    await expect(map.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
    await expect(map.getByRole('button', { name: 'Zoom arrière' })).toBeVisible();
    // The credits' toggle is a <summary>, named by its label.
    await expect(map.locator('summary')).toHaveAttribute(
      'aria-label',
      'Afficher ou masquer les crédits de la carte',
    );
    await expect(map.getByRole('region', { name: 'Carte de la zone ciblée' })).toBeAttached();
    await expect(map.getByRole('button', { name: /Zoom (in|out)|attribution/ })).toHaveCount(0);
  });

  test('when a place is searched and a country covers the area or a city, then the form says which adds nothing', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && campaignsPath(r.url())) posted = true;
    });
    await mapReady(page);

    // The product's geocoder places the area; Enter in the box finds, and does not send the form.
    const find = page.getByRole('searchbox', { name: 'Find a place or address' });
    await find.fill('Madrid');
    await find.press('Enter');
    const found = page.getByTestId('area-find-status');
    await expect(found).toHaveText(/^Centred on Madrid, Spain\.$/);
    await find.fill('Lisbon');
    await page.getByRole('button', { name: 'Show on map' }).click();
    await expect(found).toHaveText('Centred on Lisbon, Portugal.');
    await expect(page.getByTestId('area-summary')).toHaveText('Shown within 10 km of 38.7167, -9.1333.');
    await find.fill('Nowhereville Qxz');
    await find.press('Enter');
    await expect(found).toContainText('No place found for “Nowhereville Qxz”');
    await expect(page.getByTestId('area-summary')).toContainText('38.7167, -9.1333');

    // How the three combine, and what a country makes pointless.
    const notes = page.getByTestId('targeting-notes');
    await expect(notes.getByRole('status')).toHaveCount(0);
    const countries = page.getByRole('combobox', { name: 'Countries' });
    await countries.fill('portugal');
    await countries.press('Enter');
    await expect(notes).toContainText('your ad is shown to people in any of them');
    await expect(notes.getByRole('status')).toContainText(
      'The area is in Portugal, which you already target: it adds nothing beyond the country.',
    );
    const cities = page.getByRole('textbox', { name: 'Cities' });
    await cities.fill('Porto, PT');
    await cities.press('Enter');
    await cities.fill('Paris, FR');
    await cities.press('Enter');
    await expect(notes.getByRole('listitem')).toHaveText([
      'Porto, PT is in Portugal, which you already target: the city adds nothing.',
      /^The area is in Portugal/,
    ]);
    await notes.scrollIntoViewIfNeeded();
    await screenshot(page, 'campaign-targeting-notes');
    expect(posted).toBe(false);
  });

  test('when the language changes while an area is on the target map, then the map speaks it and keeps the area', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await page.goto('/campaigns/create');
    const map = await mapReady(page);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    // The first click zooms in from the world; the second places the centre.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(600);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByLabel('Radius handle (drag to resize)')).toBeVisible();

    await page.getByLabel('Choose language').selectOption('fr');
    // MapLibre's buttons and the markers are named when the map is made: it is made again, with the area.
    await expect(map.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
    await expect(map).toHaveAttribute('data-ready', 'true');
    await expect(map.getByLabel('Centre de la zone ciblée (faites glisser pour le déplacer)')).toBeVisible();
    await expect(map.getByLabel('Poignée du rayon (faites glisser pour redimensionner)')).toBeVisible();
    await expect(map.getByRole('button', { name: /Zoom (in|out)/ })).toHaveCount(0);
  });

  test('when the dashboard and the create page open on a phone, then nothing runs off the side @phone-only', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request, 'A business with a rather long name, Ltd');
    await createCampaign(page.request, {
      description: 'A description long enough to wrap on a phone screen, twice.',
    });
    await page.goto('/advertiser/dashboard');
    await expect(page.getByTestId('campaign-card')).toBeVisible();
    await expectNoHorizontalScroll(page);
    // The four tiles sit two by two.
    const tiles = await Promise.all(
      ['tile-active', 'tile-impressions', 'tile-clicks', 'tile-revenue'].map(async (id) =>
        Math.round((await page.getByTestId(id).boundingBox())!.y),
      ),
    );
    expect(new Set(tiles).size).toBe(2);
    // A tile's explanation is moved sideways to stay on the screen, in either column.
    const width = page.viewportSize()!.width;
    for (const id of ['tile-active', 'tile-impressions']) {
      const about = page.getByTestId(id).getByRole('button', { name: /^About / });
      await about.focus();
      const tip = page.getByRole('tooltip').filter({ visible: true });
      await expect(tip).toBeVisible();
      const at = (await tip.boundingBox())!;
      expect(at.x, id).toBeGreaterThanOrEqual(0);
      expect(at.x + at.width, id).toBeLessThanOrEqual(width);
      await about.blur();
    }
    await screenshot(page, 'phone-dashboard');

    await page.goto('/campaigns/create');
    await mapReady(page);
    await expectNoHorizontalScroll(page);
    // The preview follows the details on a phone, before the budget.
    const previewTop = await page
      .getByTestId('ad-preview')
      .evaluate((element) => element.getBoundingClientRect().top);
    const budgetTop = await page
      .getByRole('heading', { name: 'Budget & Pricing' })
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(previewTop).toBeLessThan(budgetTop);
    await screenshot(page, 'phone-campaign-create');
  });

  test('when the dashboard opens on a phone in each language, then its three tabs fit the row, none cut off @phone-only', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    // French has the longest names ('Campagnes', 'Statistiques', 'Versements').
    for (const language of ['fr', 'es', 'hi', 'zh', 'en']) {
      await page.addInitScript((code) => localStorage.setItem('i18nextLng', code), language);
      await page.goto('/advertiser/dashboard');
      const list = page.getByRole('tablist');
      await expect(list.getByRole('tab')).toHaveCount(3);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const fits = await list.evaluate((element) => {
        const right = element.getBoundingClientRect().right;
        return {
          scrolls: element.scrollWidth > element.clientWidth,
          cut: Array.from(element.querySelectorAll('[role="tab"]')).some(
            (tab) => tab.getBoundingClientRect().right > right || tab.scrollWidth > tab.clientWidth,
          ),
        };
      });
      expect(fits, language).toEqual({ scrolls: false, cut: false });
      if (language === 'fr') await screenshot(page, 'phone-dashboard-fr');
    }
  });
});
