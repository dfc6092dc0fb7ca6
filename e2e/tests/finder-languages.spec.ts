import { expect, test, type Page } from '@playwright/test';
import {
  isPhone,
  locale,
  openList,
  phrase,
  screenshot,
  searchResponse,
  type Locale,
} from './finder-helpers.ts';

const english = locale('en');

/** The header's selector on a desktop; on a phone the same selector sits in the menu. */
async function chooseLanguage(page: Page, language: string) {
  if (isPhone()) {
    await page.getByRole('button', { name: phrase(english, 'shell.mobileMenu.open') }).click();
    await page
      .getByRole('dialog')
      .getByLabel(phrase(english, 'shell.header.languageSelector'))
      .selectOption(language);
    await page.keyboard.press('Escape');
  } else {
    await page.getByLabel(phrase(english, 'shell.header.languageSelector')).selectOption(language);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['zh', 'hi', 'es', 'fr'] as const) {
  test(`when ${language} is chosen in the language selector, then the home page, the detail and the add page speak it`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const words: Locale = locale(language);
    const say = (path: string) => phrase(words, path);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: phrase(english, 'finder.hero.title') })).toBeVisible();
    await chooseLanguage(page, language);

    // Home page: the hero, the search box and the sort selector.
    await expect(page.getByRole('heading', { name: say('finder.hero.title') })).toBeVisible();
    await expect(page.getByText(say('finder.hero.tagline'))).toBeVisible();
    const heroInput = page.getByRole('combobox', { name: say('finder.hero.inputLabel') });
    await expect(heroInput).toHaveAttribute('placeholder', say('finder.hero.placeholder'));
    if (!isPhone()) {
      // The map's credit line follows the language too.
      const map = page.getByRole('region', { name: say('finder.map.label') });
      await expect(map.getByText(say('finder.map.attribution'))).toBeVisible();
    }

    const answer = searchResponse(page, (url) => url.searchParams.get('q') === 'London');
    await heroInput.fill('London');
    await page.getByRole('button', { name: say('finder.hero.search'), exact: true }).click();
    await answer;
    await openList(page, { bar: say('finder.mobileBar.label'), list: say('finder.mobileBar.list') });
    await expect(page.getByRole('combobox', { name: say('finder.sort.label') })).toBeVisible();
    await screenshot(page, `finder-${language}-home`);

    // Detail: its headings and the Navigate link.
    await page.getByTestId('laundromat-card').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: say('finder.detail.hours') })).toBeVisible();
    await expect(dialog.getByRole('link', { name: say('finder.detail.navigate') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: say('finder.detail.addFavorite') })).toBeVisible();
    await screenshot(page, `finder-${language}-detail`);
    await page.keyboard.press('Escape');

    // Add page (signed out): the chosen language was kept.
    await page.goto('/add');
    await expect(page.getByRole('heading', { name: say('finder.add.loginRequired') })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: say('finder.add.logIn') })).toBeVisible();
    await expect(main.getByRole('button', { name: say('finder.add.goBack') })).toBeVisible();
    await screenshot(page, `finder-${language}-add`);
  });
}
