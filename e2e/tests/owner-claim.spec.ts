import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from './finder-helpers.ts';
import {
  becomeOwner,
  laundromatWithWebsite,
  mailedCode,
  screenshot,
  screenshotAsPhone,
} from './owner-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

/** A PNG of one grey pixel: a business document as the photo service's storage rules accept it. */
const documentPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of one grey pixel, the photo the owner adds. */
const ownerPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('an owner claims a laundromat', () => {
  test('when the claim page is opened signed out, then it asks to sign in and come back', async ({
    page,
  }) => {
    const laundromat = await laundromatWithWebsite(page.request);
    await page.goto(`/advertiser/claim/${laundromat.id}`);
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await expect(page.getByText('Sign in to claim this laundromat.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/api/login?returnTo=${encodeURIComponent(`/advertiser/claim/${laundromat.id}`)}`,
    );
  });

  test("when a person claims a laundromat by an address at its website, then the mailed code makes them its owner, 'My laundromats' lists it, and they can give it up", async ({
    page,
  }) => {
    const suffix = randomUUID().slice(0, 8);
    await registerAndVerify(page.request, {
      email: `claimant-${suffix}@example.test`,
      password: 'correct horse battery',
    });
    const laundromat = await laundromatWithWebsite(page.request);

    // The finder's detail leads to the business portal's claim page.
    await page.goto(`/?l=${laundromat.id}`);
    const detail = page.getByRole('dialog', { name: laundromat.name });
    await expect(detail).toBeVisible({ timeout: 15_000 });
    const claimLink = detail.getByRole('link', { name: 'Own this laundromat? Claim it' });
    await claimLink.scrollIntoViewIfNeeded();
    await screenshot(page, 'claim-link');
    await screenshotAsPhone(page, 'claim-link');
    await claimLink.scrollIntoViewIfNeeded();
    await claimLink.click();

    await expect(page).toHaveURL(`/advertiser/claim/${laundromat.id}`);
    await expect(page.getByRole('heading', { name: 'Claim this laundromat', level: 1 })).toBeVisible();
    await expect(page.getByTestId('claim-laundromat')).toContainText(laundromat.name);
    await expect(page.getByRole('radio', { name: /By e-mail at example\.com/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /By document/ })).not.toBeChecked();
    await screenshot(page, 'claim-choose');
    await screenshotAsPhone(page, 'claim-choose');

    // An address elsewhere: the service's refusal is shown as it says it.
    const address = page.getByLabel('Your address at example.com');
    await address.fill('me@elsewhere.example');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByTestId('claim-error')).toHaveText(
      "The address must be at example.com, the laundromat's website.",
    );

    // The local part alone is put at the website's domain.
    const email = `owner-${suffix}@example.com`;
    await address.fill(`owner-${suffix}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    const code = await mailedCode(page.request, email);
    // A wrong code first: the service counts it and says how many tries are left.
    await page.getByRole('textbox', { name: /^Code/ }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('claim-error')).toHaveText('That code is not right. 4 tries left.');
    await screenshot(page, 'claim-code');
    // Back on the page later, the code still running: it asks for the code again.
    await page.reload();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();

    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    const verified = page.getByTestId('claim-verified');
    await expect(verified).toContainText('You are the verified owner');
    await expect(verified).toContainText(`${laundromat.name} is now listed as yours.`);
    await screenshot(page, 'claim-verified');
    await screenshotAsPhone(page, 'claim-verified');

    await verified.getByRole('link', { name: 'My laundromats' }).click();
    await expect(page).toHaveURL('/advertiser/laundromats');
    await expect(page.getByRole('heading', { name: 'My laundromats', level: 1 })).toBeVisible();
    const row = page.getByTestId('owned-row').filter({ hasText: laundromat.name });
    await expect(row.getByTestId('owned-status')).toHaveText('Verified owner');
    await expect(row).toContainText(`By e-mail: ${email}`);
    await screenshot(page, 'my-laundromats');
    await screenshotAsPhone(page, 'my-laundromats');

    // Giving it up asks first.
    await row.getByRole('button', { name: `Give up ${laundromat.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Give up this laundromat?' });
    await expect(confirm).toContainText(laundromat.name);
    await screenshot(page, 'give-up-confirm');
    await confirm.getByRole('button', { name: 'Give up' }).click();
    await expect(page.getByTestId('owned-empty')).toBeVisible();
    const mine = await page.request.get('/api/owner/laundromats');
    expect(await mine.json()).toEqual({ verified: [], open: [], transfers: [] });
  });

  test('when the owner transfers a laundromat to another person, then the recipient accepts it from the mail and it moves to them @phone', async ({
    page,
  }) => {
    const suffix = randomUUID().slice(0, 8);
    const seller = { email: `seller-${suffix}@example.test`, password: 'correct horse battery' };
    const buyer = `buyer-${suffix}@example.test`;
    await registerAndVerify(page.request, seller);
    const laundromat = await laundromatWithWebsite(page.request);
    await becomeOwner(page.request, laundromat.id, `seller-${suffix}@example.com`);

    await page.goto('/advertiser/laundromats');
    const row = page.getByTestId('owned-row').filter({ hasText: laundromat.name });
    await row.getByRole('button', { name: `Transfer ${laundromat.name} to another person` }).click();
    const dialog = page.getByRole('dialog', { name: `Transfer ${laundromat.name}` });
    // Their own address is refused, as the service says it.
    await dialog.getByLabel('Their e-mail address').fill(seller.email);
    await dialog.getByRole('button', { name: 'Send transfer' }).click();
    await expect(dialog.getByTestId('transfer-error')).toHaveText(
      'Enter the address of the person taking the laundromat over, not your own.',
    );
    await dialog.getByLabel('Their e-mail address').fill(buyer);
    await screenshot(page, 'transfer-dialog');
    await dialog.getByRole('button', { name: 'Send transfer' }).click();
    await expect(row.getByTestId('owned-transfer-pending')).toContainText(`Transfer to ${buyer} waiting`);
    await expect(row.getByTestId('owned-transfer')).toHaveCount(0);
    await screenshot(page, 'transfer-pending');

    // The recipient's mail brings the link.
    let link: string | undefined;
    await expect(async () => {
      const outbox = await page.request.get(`/dev/mail?to=${encodeURIComponent(buyer)}`);
      link = /\/advertiser\/transfers\/[0-9a-f-]{36}/.exec(await outbox.text())?.[0];
      expect(link).toBeDefined();
    }).toPass({ timeout: 15_000 });

    // The recipient signs up with that address and accepts.
    const sellerCookies = await page.context().cookies();
    await page.context().clearCookies();
    await registerAndVerify(page.request, { email: buyer, password: 'correct horse battery' });
    await page.goto(link!);
    const offer = page.getByTestId('transfer-accept');
    await expect(offer).toContainText(laundromat.name);
    await screenshot(page, 'transfer-accept');
    await offer.getByRole('button', { name: 'Accept the laundromat' }).click();
    await expect(page).toHaveURL('/advertiser/laundromats');
    const theirs = page.getByTestId('owned-row').filter({ hasText: laundromat.name });
    await expect(theirs.getByTestId('owned-status')).toHaveText('Verified owner');
    await expect(theirs).toContainText('Handed over by its previous owner');
    await screenshot(page, 'transfer-accepted');

    // The previous owner no longer has it.
    await page.context().clearCookies();
    await page.context().addCookies(sellerCookies);
    await page.goto('/advertiser/laundromats');
    await expect(page.getByTestId('owned-empty')).toBeVisible();
  });

  test("when the owner promotes their laundromat, then a draft campaign opens whose ad links to the laundromat's own page @phone", async ({
    page,
  }) => {
    const suffix = randomUUID().slice(0, 8);
    await registerAndVerify(page.request, {
      email: `promoter-${suffix}@example.test`,
      password: 'correct horse battery',
    });
    const laundromat = await laundromatWithWebsite(page.request);
    await becomeOwner(page.request, laundromat.id, `promoter-${suffix}@example.com`);

    // An ad may only link to a public address, and this run listens on 127.0.0.1: the page is reached as
    // a reverse proxy at the product's public address would pass it on (its X-Forwarded-Host), the way the
    // ad service finds the finder's address without PUBLIC_URL. The rule for every other link stays.
    await page.setExtraHTTPHeaders({ 'x-forwarded-host': 'laundry.e2e.example' });
    await page.goto('/advertiser/laundromats');
    const row = page.getByTestId('owned-row').filter({ hasText: laundromat.name });
    await row.getByRole('button', { name: `Promote ${laundromat.name} with an ad` }).click();
    await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
    const campaignId = /\/campaigns\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;
    await expect(page.getByLabel('Campaign title')).toHaveValue(laundromat.name);
    await screenshot(page, 'promote-campaign');
    const campaign = await page.request.get(`/api/campaigns/${campaignId}`);
    expect(campaign.ok(), await campaign.text()).toBe(true);
    expect(await campaign.json()).toMatchObject({
      status: 'draft',
      targetUrl: `http://laundry.e2e.example/?l=${laundromat.id}`,
    });
  });

  test('when the verified owner edits the hours (past midnight, a holiday rule) and a price, then the finder shows them, the owner badge, the edit date and their reply to a review', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A claim, an edit, a review and its reply, and the finder: longer than one page's journey.
    test.setTimeout(120_000);
    const suffix = randomUUID().slice(0, 8);
    await registerAndVerify(page.request, {
      email: `lister-${suffix}@example.test`,
      password: 'correct horse battery',
    });
    const laundromat = await laundromatWithWebsite(page.request);
    await becomeOwner(page.request, laundromat.id, `lister-${suffix}@example.com`);
    const listing = `/api/owner/laundromats/${laundromat.id}`;
    // A known week to start from, whatever the demo laundromat had.
    const start = await page.request.patch(listing, { data: { openingHours: 'Mo-Fr 08:00-20:00' } });
    expect(start.ok(), await start.text()).toBe(true);

    await page.goto('/advertiser/laundromats');
    await page.getByRole('link', { name: `Edit the listing of ${laundromat.name}` }).click();
    await expect(page).toHaveURL(`/advertiser/laundromats/${laundromat.id}/edit`);
    await expect(
      page.getByRole('heading', { name: `Edit listing: ${laundromat.name}`, level: 1 }),
    ).toBeVisible();

    // Saturday from 18:00 to 02:00 the next morning, closed on public holidays, and a new small-wash price.
    await page.getByLabel('Saturday: opens (range 1)').fill('18:00');
    await page.getByLabel('Saturday: closes (range 1)').fill('02:00');
    await expect(page.getByTestId('hours-saturday')).toContainText('next day');
    await page.getByRole('button', { name: '+ Public holidays' }).click();
    await expect(page.getByTestId('listing-hours-value')).toHaveText(
      'Mo-Fr 08:00-20:00, Sa 18:00-02:00; PH off',
    );
    await page.getByLabel('Wash, small machine').fill('3.75');
    await page.getByLabel('Wi-Fi').check();
    await screenshot(page, 'listing-edit');
    await screenshotAsPhone(page, 'listing-edit');
    await page.getByRole('button', { name: 'Save listing' }).click();
    await expect(page.getByTestId('listing-notice')).toHaveText('Saved. The finder shows your changes now.');
    await screenshot(page, 'listing-saved');

    const saved = (await (await page.request.get(`/api/laundromats/${laundromat.id}`)).json()) as {
      openingHours: string;
      washPriceSmall: number;
    };
    expect(saved.openingHours).toBe('Mo-Fr 08:00-20:00, Sa 18:00-02:00; PH off');
    expect(saved.washPriceSmall).toBe(3.75);

    // The owner adds a photo of it (through the API, as the gallery's upload sends it).
    const photo = await page.request.post('/api/photos', {
      multipart: {
        file: { name: 'front.png', mimeType: 'image/png', buffer: ownerPng },
        laundromatId: laundromat.id,
        category: 'exterior',
        caption: `Our front door ${suffix}`,
      },
    });
    expect(photo.ok(), await photo.text()).toBe(true);

    // Someone reviews it and the owner answers, both through the API.
    const reviewer = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await signUpThroughApi(reviewer, 'reviewer');
    const review = await reviewer.post(`/api/laundromats/${laundromat.id}/reviews`, {
      data: { overallRating: 4, reviewText: `Clean and quiet ${suffix}` },
    });
    expect(review.ok(), await review.text()).toBe(true);
    const { id: reviewId } = (await review.json()) as { id: string };
    await reviewer.dispose();
    const reply = await page.request.put(`/api/reviews/${reviewId}/reply`, {
      data: { text: `Thank you, see you soon ${suffix}` },
    });
    expect(reply.ok(), await reply.text()).toBe(true);

    await page.goto(`/?l=${laundromat.id}`);
    const detail = page.getByRole('dialog', { name: laundromat.name });
    await expect(detail).toBeVisible({ timeout: 15_000 });
    const answered = detail.getByTestId('review').filter({ hasText: `Clean and quiet ${suffix}` });
    await expect(answered.getByTestId('owner-reply')).toContainText('Response from the owner');
    await expect(answered.getByTestId('owner-reply')).toContainText(`Thank you, see you soon ${suffix}`);
    await expect(detail.getByTestId('owner-verified')).toHaveText('✓ Verified owner');
    // The owner's photo is marked as theirs.
    const ownerPhoto = detail
      .getByRole('listitem')
      .filter({ has: page.getByAltText(`Our front door ${suffix}`) });
    await expect(ownerPhoto.getByTestId('owner-photo')).toHaveText('By the owner');
    await expect(detail.getByTestId('owner-updated')).toContainText('Updated by the owner, ');
    // Its owner is offered the listing editor, not a claim of what they already own.
    await expect(
      detail.getByRole('link', { name: 'You own this laundromat: edit its listing' }),
    ).toHaveAttribute('href', `/advertiser/laundromats/${laundromat.id}/edit`);
    await expect(detail.getByRole('link', { name: 'Own this laundromat? Claim it' })).toHaveCount(0);
    const saturday = detail.locator('dl div').filter({ hasText: 'Saturday' });
    // Saturday's night is one range, to two in the morning, and the holiday rule is noted under the week.
    await expect(saturday).toContainText(/6:00\sPM\s–\s2:00\sAM/);
    await expect(detail.getByText('Public holidays and some dates have other hours.')).toBeVisible();
    await expect(detail).toContainText('3.75');
    await screenshot(page, 'listing-in-finder');

    // The owner may report the review to the admins, never remove it: a reason (asked for), a note, sent.
    await answered.getByRole('button', { name: 'Report' }).click();
    const reportDialog = page.getByRole('dialog', { name: 'Report this review' });
    await expect(reportDialog).toContainText('You cannot remove reviews yourself.');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expect(reportDialog.getByText('Choose a reason.')).toBeVisible();
    await reportDialog.getByRole('radio', { name: 'Conflict of interest' }).check();
    await reportDialog.getByLabel('Note (optional)').fill(`Written by a competitor ${suffix}`);
    await screenshot(page, 'review-report');
    await screenshotAsPhone(page, 'review-report');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expect(reportDialog).toBeHidden();
    await expect(answered.getByTestId('review-reported')).toHaveText('Reported');
    await expect(answered.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await expect(answered).toContainText(`Clean and quiet ${suffix}`);
    await screenshot(page, 'review-reported');
    // Opened again later, a second report is answered as already made, and the review shows it so.
    await page.reload();
    const again = page.getByRole('dialog', { name: laundromat.name });
    const reopened = again.getByTestId('review').filter({ hasText: `Clean and quiet ${suffix}` });
    await reopened.getByRole('button', { name: 'Report' }).click();
    await reportDialog.getByRole('radio', { name: 'Spam' }).check();
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expect(reportDialog.getByTestId('report-error')).toHaveText(
      'You have already reported this review.',
    );
    await screenshot(page, 'review-report-again');
    // The dialog hides the detail from assistive technology while open: closed, the review shows it so.
    await reportDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(reopened.getByTestId('review-reported')).toHaveText('Reported');

    // Put the demo laundromat back for the other journeys.
    const restore = await page.request.patch(listing, {
      data: {
        openingHours: laundromat.openingHours ?? null,
        washPriceSmall: laundromat.washPriceSmall === null ? null : String(laundromat.washPriceSmall),
        hasWifi: laundromat.hasWifi,
      },
    });
    expect(restore.ok(), await restore.text()).toBe(true);
    expect((await page.request.delete(`/api/owner/laundromats/${laundromat.id}/ownership`)).ok()).toBe(true);
  });

  test("when a person sends a document instead, then it waits for review, 'My laundromats' shows it so, and the claim can be withdrawn", async ({
    page,
  }) => {
    await registerAndVerify(page.request, {
      email: `claimant-${randomUUID().slice(0, 8)}@example.test`,
      password: 'correct horse battery',
    });
    const laundromat = await laundromatWithWebsite(page.request);
    await page.goto(`/advertiser/claim/${laundromat.id}`);
    await page.getByRole('radio', { name: /By document/ }).check();
    // Sent without a file: the page asks for one before anything goes.
    await page.getByRole('button', { name: 'Send document' }).click();
    await expect(page.getByText('Choose a file to send.')).toBeVisible();
    await page.getByLabel('Document type').selectOption({ label: 'Utility bill' });
    await page
      .getByRole('button', { name: 'Document (required)' })
      .setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: documentPng });
    await screenshot(page, 'claim-document');
    await page.getByRole('button', { name: 'Send document' }).click();
    const waiting = page.getByTestId('claim-waiting');
    await expect(waiting).toContainText('Waiting for review');
    await screenshot(page, 'claim-waiting');

    // Back on the claim page, it says where the claim stands rather than offering a second one.
    await page.reload();
    await expect(page.getByTestId('claim-waiting')).toBeVisible();

    await page.getByTestId('claim-waiting').getByRole('link', { name: 'My laundromats' }).click();
    const row = page.getByTestId('owned-row').filter({ hasText: laundromat.name });
    await expect(row.getByTestId('owned-status')).toHaveText('Waiting for review');
    await expect(row).toContainText('By document');
    await row.getByRole('button', { name: `Give up ${laundromat.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw this claim?' });
    await confirm.getByRole('button', { name: 'Give up' }).click();
    await expect(page.getByTestId('owned-empty')).toBeVisible();
  });
});

test.describe("a verified owner's insights", () => {
  test('when the owner opens Insights from My laundromats, then the counted views and taps show, the period changes and the CSV is offered', async ({
    page,
  }) => {
    const suffix = randomUUID().slice(0, 8);
    await registerAndVerify(page.request, {
      email: `insights-${suffix}@example.test`,
      password: 'correct horse battery',
    });
    const laundromat = await laundromatWithWebsite(page.request);
    await becomeOwner(page.request, laundromat.id, `insights-${suffix}@example.com`);
    // Other journeys open Lisbon's details too: the page must show what was there plus what comes now.
    const today = new Date().toISOString().slice(0, 10);
    const before = (await (
      await page.request.get(`/api/owner/laundromats/${laundromat.id}/insights?from=${today}&to=${today}`)
    ).json()) as { totals: { detailViews: number; phoneTaps: number } };
    // A visitor opens its detail and taps its phone twice, as the finder's beacon reports them.
    for (const kind of ['detail-view', 'phone', 'phone']) {
      const sent = await page.request.post(`/api/laundromats/${laundromat.id}/interactions`, {
        data: { kind },
      });
      expect(sent.status()).toBe(204);
    }

    await page.goto('/advertiser/laundromats');
    await page.getByRole('link', { name: `Insights for ${laundromat.name}` }).click();
    await expect(page).toHaveURL(`/advertiser/laundromats/${laundromat.id}/insights`);
    await expect(page.getByRole('heading', { name: `Insights: ${laundromat.name}`, level: 1 })).toBeVisible();
    const value = (key: string) => page.getByTestId(`insights-${key}`).locator('dd').first();
    await expect(value('phoneTaps')).toHaveText(String(before.totals.phoneTaps + 2));
    await expect(value('detailViews')).toHaveText(String(before.totals.detailViews + 1));
    await expect(page.getByTestId('insights-seen')).toBeVisible();
    await screenshot(page, 'owner-insights');
    await screenshotAsPhone(page, 'owner-insights');

    // The period picker sits under the sticky header once the page has scrolled for the screenshots.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('radio', { name: '7 days' }).check();
    await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
    await expect(value('phoneTaps')).toHaveText(String(before.totals.phoneTaps + 2));
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,search_appearances,detail_views,direction_taps,phone_taps,website_taps,shares,favourites_added,reviews,average_rating,cumulative_rating',
    );
    expect(lines).toHaveLength(8);
  });
});
