import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { laundromatsNear, toastText } from './finder-helpers.ts';
import { signInAsAdmin } from './admin-helpers.ts';
import { registerAndVerify } from './sign-up-helpers.ts';

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png`, fullPage: true });

/** A PNG of one grey pixel: a utility bill as the photo service's storage rules accept it. */
const documentPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe("the admin decides owners' claims", () => {
  test('when a person claims a laundromat with a document, then the admin opens the queue, approves it, and the laundromat has a verified owner; a later rival claim is contested and rejected with a reason', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The claimant, in a session of their own.
    const claimant = await playwright.request.newContext({ baseURL });
    const email = `paper-owner-${randomUUID().slice(0, 8)}@example.test`;
    await registerAndVerify(claimant, { email, password: 'correct horse battery' });
    const unowned = (await laundromatsNear(claimant, 'Lisbon')).filter((place) => !place.ownerVerified);
    expect(unowned.length).toBeGreaterThan(0);
    // Picked at random, so a retried run does not meet a claim an interrupted one left behind.
    const laundromat = unowned[Math.floor(Math.random() * unowned.length)]!;
    const sent = await claimant.post(`/api/laundromats/${laundromat.id}/claims/document`, {
      multipart: {
        method: 'document',
        documentType: 'utility-bill',
        document: { name: 'bill.png', mimeType: 'image/png', buffer: documentPng },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const claim = (await sent.json()) as { id: string; status: string };
    expect(claim.status).toBe('pending-review');

    try {
      await signInAsAdmin(page.request);
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Claims' })
        .click();
      await expect(page).toHaveURL('/admin/claims');
      await expect(page.getByRole('heading', { name: 'Owner claims', level: 1 })).toBeVisible();

      const item = page.locator(`[data-claim-id="${claim.id}"]`);
      await expect(item.getByRole('heading', { name: laundromat.name })).toBeVisible({ timeout: 15_000 });
      await expect(item).toContainText(laundromat.address);
      await expect(item).toContainText('Document · Utility bill');
      await expect(item).toContainText('No e-mail address given (document claim)');
      await expect(item).not.toContainText('Contested');
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-claims');

      // The document is the owner service's, for admins: fetched here rather than opened in another tab.
      const documentLink = item.getByRole('link', { name: 'Open document' });
      await expect(documentLink).toHaveAttribute('href', `/api/claims/${claim.id}/document`);
      const document = await page.request.get(`/api/claims/${claim.id}/document`);
      expect(document.status()).toBe(200);

      await item.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: `Approve the claim to “${laundromat.name}”` });
      await expect(dialog.getByLabel('Notes (optional)')).toBeVisible();
      await screenshot(page, 'admin-claims-approve');
      await dialog.getByLabel('Notes (optional)').fill('The bill names the laundromat at its address.');
      await dialog.getByRole('button', { name: 'Approve' }).click();

      await expect(toastText(page, 'Claim approved')).toBeVisible();
      await expect(item).toHaveCount(0);
      await screenshot(page, 'admin-claims-decided');

      await expect
        .poll(
          async () => {
            const answer = await page.request.get(`/api/laundromats/${laundromat.id}`);
            return ((await answer.json()) as { ownerVerified?: boolean }).ownerVerified;
          },
          { timeout: 15_000 },
        )
        .toBe(true);

      // A second person sends a document for the now owned laundromat: contested, with both sides shown.
      const rival = await playwright.request.newContext({ baseURL });
      await registerAndVerify(rival, {
        email: `rival-${randomUUID().slice(0, 8)}@example.test`,
        password: 'correct horse battery',
      });
      const contested = await rival.post(`/api/laundromats/${laundromat.id}/claims/document`, {
        multipart: {
          documentType: 'business-licence',
          document: { name: 'licence.png', mimeType: 'image/png', buffer: documentPng },
        },
      });
      expect(contested.status(), await contested.text()).toBe(201);
      const rivalClaim = (await contested.json()) as { id: string; status: string };
      await rival.dispose();
      expect(rivalClaim.status).toBe('contested');

      await page.reload();
      const rivalItem = page.locator(`[data-claim-id="${rivalClaim.id}"]`);
      await expect(rivalItem.getByText('Contested', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(rivalItem).toContainText('Document · Business licence');
      await expect(rivalItem).toContainText(/Current owner\s*Verified by document · since /);
      await expect(rivalItem).toContainText('Approving this claim removes them as owner.');
      await rivalItem.scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-claims-contested');

      // Rejecting needs a reason.
      await rivalItem.getByRole('button', { name: 'Reject' }).click();
      const reject = page.getByRole('dialog', { name: `Reject the claim to “${laundromat.name}”` });
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect(reject.getByRole('alert')).toHaveText('Please give a reason.');
      await reject.getByLabel('Reason (required)').fill('The licence names another business.');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect(toastText(page, 'Claim rejected')).toBeVisible();
      await expect(rivalItem).toHaveCount(0);
      const still = await page.request.get(`/api/laundromats/${laundromat.id}`);
      expect(((await still.json()) as { ownerVerified?: boolean }).ownerVerified).toBe(true);
    } finally {
      // The claimant gives the laundromat up again, so other tests find it unowned.
      await claimant.delete(`/api/owner/laundromats/${laundromat.id}/ownership`);
      await claimant.dispose();
    }
  });
});
