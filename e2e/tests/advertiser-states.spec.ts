import { expect, test, type Page } from '@playwright/test';
import { createCampaign, createProfile, screenshot, signUp, toastText } from './advertiser-helpers.ts';

/**
 * States the ad service reaches only through an admin (verified, rejected, changes requested) or a race (a
 * change sent for review meanwhile): the real answers, with those fields changed on the way to the page.
 */
async function patchJson(page: Page, path: string, patch: (body: unknown) => unknown) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, json: patch(await response.json()) });
    },
  );
}

test.describe('advertiser states set by an admin', () => {
  test('when the business is verified, then the dashboard shows the verified badge and no spending cap', async ({
    page,
  }) => {
    await signUp(page.request);
    const businessName = await createProfile(page.request);
    await patchJson(page, '/api/advertisers/me', (body) => ({
      ...(body as object),
      isVerified: true,
      verificationStatus: 'verified',
      spendingCap: null,
    }));
    await page.goto('/advertiser/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
    await expect(page.getByTestId('verified-badge')).toHaveText('✓ Verified');
    await expect(page.getByTestId('spending-cap-notice')).toHaveCount(0);
    await page.goto('/advertiser/settings');
    await expect(page.getByTestId('verification-status')).toHaveText('Verified');
    await expect(page.getByRole('button', { name: 'Send for verification' })).toHaveCount(0);
  });

  test("when the document was rejected, then the admin's note shows and a new one can be sent", async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    await patchJson(page, '/api/advertisers/me', (body) => ({
      ...(body as object),
      verificationStatus: 'rejected',
    }));
    await page.route('**/api/advertisers/me/verification', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: {
              id: '00000000-0000-4000-8000-0000000000a1',
              advertiserId: '00000000-0000-4000-8000-0000000000a2',
              verificationType: 'document',
              status: 'rejected',
              documentType: 'utility_bill',
              documentNumber: null,
              issuingAuthority: null,
              documentUrl: null,
              verificationMethod: 'manual',
              verifiedBy: null,
              verificationNotes: 'The bill is older than three months.',
              expiresAt: null,
              verifiedAt: null,
              createdAt: '2025-06-01T10:00:00.000Z',
              updatedAt: '2025-06-02T10:00:00.000Z',
            },
          })
        : route.fallback(),
    );
    await page.goto('/advertiser/settings');
    await expect(page.getByTestId('verification-status')).toHaveText('Rejected');
    await expect(page.getByTestId('verification-status')).toHaveAttribute('data-style', 'destructive');
    await expect(page.getByTestId('verification-notes')).toContainText(
      'The bill is older than three months.',
    );
    await expect(page.getByText('Last document: Utility bill, sent on Jun 1, 2025.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send for verification' })).toBeVisible();
    await screenshot(page, 'settings-verification-rejected');
  });

  test('when campaigns were rejected, sent back or ended, then the list says so in the destructive style with the note', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const rejected = await createCampaign(page.request);
    const sentBack = await createCampaign(page.request);
    const ended = await createCampaign(page.request);
    await patchJson(page, '/api/campaigns', (body) =>
      (body as { id: string }[]).map((campaign) =>
        campaign.id === rejected.id
          ? { ...campaign, moderationStatus: 'rejected', moderationNote: 'Gambling is not allowed.' }
          : campaign.id === sentBack.id
            ? { ...campaign, moderationStatus: 'changes_requested', moderationNote: 'Use an https image.' }
            : campaign.id === ended.id
              ? { ...campaign, status: 'ended' }
              : campaign,
      ),
    );
    await page.goto('/advertiser/dashboard');
    const card = (title: string) => page.getByTestId('campaign-card').filter({ hasText: title });
    await expect(card(rejected.title).getByTestId('campaign-moderation')).toHaveText('Rejected');
    await expect(card(rejected.title)).toContainText("Reviewer's note: Gambling is not allowed.");
    await expect(card(sentBack.title).getByTestId('campaign-moderation')).toHaveText('Changes requested');
    await expect(card(sentBack.title)).toContainText('Use an https image.');
    for (const title of [rejected.title, sentBack.title])
      await expect(card(title).getByTestId('campaign-moderation')).toHaveAttribute(
        'data-style',
        'destructive',
      );
    await expect(card(ended.title).getByTestId('campaign-status')).toHaveText('Ended');
    await expect(card(ended.title).getByTestId('campaign-status')).toHaveAttribute(
      'data-style',
      'destructive',
    );
    await expect(card(ended.title).getByTestId('campaign-moderation')).toHaveCount(0);
    await screenshot(page, 'dashboard-states');
  });

  test('when the server refuses a save because a change waits for review (409), then the page says so and Save stays off', async ({
    page,
  }) => {
    await signUp(page.request);
    await createProfile(page.request);
    const { id } = await createCampaign(page.request);
    const message = 'This campaign has a change waiting for review; edit it again once it is reviewed.';
    await page.route(`**/api/campaigns/${id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 409, json: { message, code: 'CONFLICT' } })
        : route.fallback(),
    );
    await page.goto(`/campaigns/${id}/edit`);
    await page.getByRole('textbox', { name: /Campaign title/ }).fill('A new title');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toastText(page, 'Failed to update campaign')).toBeVisible();
    await expect(page.getByTestId('edit-locked')).toHaveText(message);
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    // Nothing can be typed while Save is off.
    await expect(page.getByRole('textbox', { name: /Campaign title/ })).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${id}/edit$`));
  });
});
