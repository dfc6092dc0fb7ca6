import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpThroughApi, toastText } from './finder-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

/** A laundromat submitted through the API by a user of its own; it waits as pending. */
async function submitLaundromat(request: APIRequestContext, name: string): Promise<string> {
  await signUpThroughApi(request, 'admin-submitter');
  const response = await request.post('/api/laundromats', {
    data: {
      name,
      address: '7 Harbour Road',
      city: 'Wellington',
      country: 'New Zealand',
      latitude: -41.2865,
      longitude: 174.7762,
      currency: 'AUD',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A new advertiser (a user of its own with a profile), signed in on `request`. */
async function createAdvertiser(request: APIRequestContext, businessName: string): Promise<void> {
  await signUpThroughApi(request, 'admin-advertiser');
  const profile = await request.post('/api/advertisers', {
    data: {
      businessName,
      industry: 'detergent_brand',
      website: 'https://sparklesuds.example',
      contactEmail: 'hello@sparklesuds.example',
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
}

/** A PNG of one grey pixel: a business document as the photo service's storage rules accept it. */
const documentPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every request for the admin remote's files the page makes from now on. */
function adminRemoteRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf-admin/')) seen.push(request.url());
  });
  return seen;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  return page.getByRole('menu');
}

/** The queue is oldest first, a page at a time: 'Load more' until the submission shows. */
async function findSubmission(page: Page, name: string) {
  const card = page.getByTestId('submission').filter({ hasText: name });
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByTestId('submission').first()).toBeVisible();
  while ((await card.count()) === 0 && (await more.isVisible())) {
    await more.click();
    await expect(more.or(card)).toBeVisible();
  }
  await expect(card).toBeVisible();
  return card;
}

test.describe('the admin console', () => {
  test('when signed out, then /admin is the 404 page and the admin remote is never fetched', async ({
    page,
  }) => {
    const fetched = adminRemoteRequests(page);

    await page.goto('/admin');

    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(fetched).toEqual([]);
  });

  test('when a signed-in user is not an admin, then no Admin item shows, /admin is not found and mf-admin is never fetched', async ({
    page,
  }) => {
    const fetched = adminRemoteRequests(page);
    await signUpThroughApi(page.request, 'not-admin');

    await page.goto('/');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Advertiser Dashboard' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/laundromats', '/admin/moderation']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
    }
    const refused = await page.request.get('/api/laundromats/submissions');
    expect(refused.status()).toBe(403);
    expect(fetched).toEqual([]);
  });

  test('when an admin approves a submitted laundromat, then it leaves the queue and the audit log lists the approval', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const submitter = await playwright.request.newContext({ baseURL });
    const name = `Console Suds ${randomUUID().slice(0, 8)}`;
    const id = await submitLaundromat(submitter, name);
    await submitter.dispose();
    await signInAsAdmin(page.request);

    await page.goto('/');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Admin console' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('tile-laundromats')).not.toContainText('…');
    await screenshot(page, 'admin-overview');

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Laundromats' })
      .click();
    await expect(page.getByRole('heading', { name: 'Submitted laundromats' })).toBeVisible();
    const card = await findSubmission(page, name);
    await expect(card).toContainText('7 Harbour Road · Wellington, New Zealand');
    await expect(card).toContainText('admin-submitter-');
    await expect(card.getByRole('link', { name: /41\.28650° S, 174\.77620° E/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=-41\.28650&mlon=174\.77620/,
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-laundromats');

    await card.getByRole('button', { name: 'Approve' }).click();

    await expect(toastText(page, 'Laundromat approved')).toBeVisible();
    await expect(page.getByTestId('submission').filter({ hasText: name })).toHaveCount(0);
    const listed = await page.request.get(`/api/laundromats/${id}`);
    expect(((await listed.json()) as { status: string }).status).toBe('approved');

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // The ad service stores the entry from the directory's event a moment after the approval.
    const entry = page.getByTestId('audit-entry').and(page.locator('[data-action="laundromat.approve"]'));
    await expect(async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill(id);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(entry).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?q=${id}`));
    await expect(entry).toContainText('laundromat.approve');
    await expect(entry).toContainText('Success');
    await expect(entry).toContainText(`POST /api/laundromats/${id}/approve`);

    await entry.getByRole('button', { name: 'Details' }).click();
    const details = page.getByText('"status": "approved"');
    await expect(details).toBeVisible();
    await screenshot(page, 'admin-audit');
  });

  test('when an admin rejects a submission, then a reason is required and it leaves the queue', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const submitter = await playwright.request.newContext({ baseURL });
    const name = `Console Rinse ${randomUUID().slice(0, 8)}`;
    await submitLaundromat(submitter, name);
    await submitter.dispose();
    await signInAsAdmin(page.request);

    await page.goto('/admin/laundromats');
    const card = await findSubmission(page, name);
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject “${name}”` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please give a reason.');
    await screenshot(page, 'admin-reject-dialog');

    await dialog
      .getByLabel('Reason (required)')
      .fill('This is a private laundry room, not open to the public.');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await expect(toastText(page, 'Laundromat rejected')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('submission').filter({ hasText: name })).toHaveCount(0);
  });

  test('when a risky campaign waits for moderation, then an admin sees why and approves it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const advertiser = await playwright.request.newContext({ baseURL });
    const title = `Spin and win ${randomUUID().slice(0, 8)}`;
    await createAdvertiser(advertiser, 'Sparkle Suds Ltd');
    const created = await advertiser.post('/api/campaigns', {
      data: {
        title,
        description: 'Play at our online casino between cycles.',
        targetUrl: 'https://sparklesuds.example/offer',
        totalBudget: 200,
        dailyBudget: 20,
        costPerClick: 0.5,
        status: 'active',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = (await created.json()) as { id: string; moderationStatus: string };
    expect(campaign.moderationStatus).toBe('pending');
    await signInAsAdmin(page.request);

    await page.goto('/admin/moderation');
    const item = page.getByTestId('moderation-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText("Contains the prohibited term 'casino'");
    await expect(item).toContainText('Sparkle Suds Ltd');
    await expect(item).toContainText('Not verified');
    await expect(item.getByRole('link', { name: /sparklesuds\.example\/offer/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-moderation-item');

    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve “${title}”` });
    await dialog.getByLabel('Notes (optional)').fill('The casino wording is a pun on spin cycles.');
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expect(toastText(page, 'Campaign approved')).toBeVisible();
    await expect(page.getByTestId('moderation-item').filter({ hasText: title })).toHaveCount(0);
    const after = await advertiser.get(`/api/campaigns/${campaign.id}`);
    expect(((await after.json()) as { moderationStatus: string }).moderationStatus).toBe('approved');
    await advertiser.dispose();

    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Approved' }).click();
    await expect(page.getByTestId('moderation-item').filter({ hasText: title })).toContainText('Approved');
  });

  test("when the console is in French, then the automatic check's findings are in French too", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const advertiser = await playwright.request.newContext({ baseURL });
    const title = `Free money ${randomUUID().slice(0, 8)}`;
    await createAdvertiser(advertiser, 'Sparkle Suds Ltd');
    const created = await advertiser.post('/api/campaigns', {
      data: { title, targetUrl: 'http://bit.ly/suds', totalBudget: 100, dailyBudget: 10, costPerClick: 0.5 },
    });
    expect(created.status(), await created.text()).toBe(201);
    await advertiser.dispose();
    await signInAsAdmin(page.request);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));

    await page.goto('/admin/moderation');
    const item = page.getByTestId('moderation-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    for (const text of [
      'Le lien n’utilise pas https',
      'Le lien est raccourci (bit.ly)',
      'Contient le terme interdit « free money »',
      'Le lien mène à bit.ly, pas au site web de l’annonceur (sparklesuds.example)',
    ])
      await expect(item.getByText(text, { exact: true })).toBeVisible();
    await expect(item).not.toContainText('prohibited');
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-moderation-item-fr');
  });

  test('when an advertiser sends a business document, then an admin opens it and rejects it with notes', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const advertiser = await playwright.request.newContext({ baseURL });
    const businessName = `Lavender Rinse ${randomUUID().slice(0, 8)}`;
    await createAdvertiser(advertiser, businessName);
    const sent = await advertiser.post('/api/advertisers/me/verification', {
      multipart: {
        documentType: 'tax_certificate',
        documentNumber: 'TC-2026-0042',
        document: { name: 'certificate.png', mimeType: 'image/png', buffer: documentPng },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await advertiser.dispose();
    await signInAsAdmin(page.request);

    await page.goto('/admin/verifications');
    const item = page.getByTestId('verification-item').filter({ hasText: businessName });
    await expect(item).toContainText('Tax certificate');
    await expect(item).toContainText('TC-2026-0042');
    const documentLink = item.getByRole('link', { name: /View document/ });
    const document = await page.request.get((await documentLink.getAttribute('href'))!);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('image/png');

    await item.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject the document of “${businessName}”` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please give a reason.');
    await dialog
      .getByLabel('Reason (required)')
      .fill('The certificate is unreadable; please send a clearer scan.');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await expect(toastText(page, 'Document rejected')).toBeVisible();
    await expect(page.getByTestId('verification-item').filter({ hasText: businessName })).toHaveCount(0);
  });

  test('when an admin opens the moderation and verification queues, then each shows its filters', async ({
    page,
  }) => {
    await signInAsAdmin(page.request);

    await page.goto('/admin/moderation');
    await expect(page.getByRole('heading', { name: 'Campaign moderation' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Status' });
    await expect(filters.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: 'Changes requested' }).click();
    await expect(page).toHaveURL(/status=changes_requested/);
    await screenshot(page, 'admin-moderation');

    await page.goto('/admin/verifications');
    await expect(page.getByRole('heading', { name: 'Business verification' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Verified' }),
    ).toBeVisible();
  });
});
