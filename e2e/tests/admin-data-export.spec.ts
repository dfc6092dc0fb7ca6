import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';

test.describe("The directory's data export in the admin console", () => {
  test('when the admin downloads the directory, then it is a GeoJSON file under the ODbL with its laundromats', async ({
    page,
  }) => {
    await signInAsAdmin(page.request);
    await page.goto('/admin/laundromats');
    const section = page.getByTestId('data-export');
    await expect(section.getByRole('heading', { name: 'Export the directory' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Read the licence (ODbL 1.0)' })).toHaveAttribute(
      'href',
      'https://opendatacommons.org/licenses/odbl/1-0/',
    );

    const download = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Download the directory (GeoJSON, ODbL)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^laundromats-odbl-\d{4}-\d{2}-\d{2}\.geojson$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      type: string;
      license: { spdx: string; attribution: string };
      features: { properties: { name: string; source: string } }[];
    };
    expect(data.type).toBe('FeatureCollection');
    expect(data.license.spdx).toBe('ODbL-1.0');
    expect(data.license.attribution).toContain('© OpenStreetMap contributors');
    expect(data.features.length).toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/${test.info().project.name}-admin-data-export.png` });
  });
});
