import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Laundromat } from '@laundry/contracts';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { registerAndVerify, verifyInPage } from './sign-up-helpers.ts';

export const isPhone = () => test.info().project.name === 'phone';

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${test.info().project.name}-${name}.png` });

/** On a phone the list lives in the bottom drawer. */
export async function openList(page: Page, texts = { bar: 'Finder shortcuts', list: 'List' }) {
  if (isPhone())
    await page
      .getByRole('navigation', { name: texts.bar })
      .getByRole('button', { name: texts.list, exact: true })
      .click();
}

/** The next answer of the laundromat search whose URL passes `matches`. */
export function searchResponse(page: Page, matches: (url: URL) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/laundromats/search' && response.ok() && matches(url);
  });
}

export async function searchFromHero(page: Page, query: string): Promise<Response> {
  await page.goto('/');
  const answer = searchResponse(page, (url) => url.searchParams.get('q') === query);
  await page.getByRole('combobox', { name: 'City, address or zip code' }).fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const response = await answer;
  await openList(page);
  return response;
}

/**
 * Searches `city` from the home page and opens a laundromat's detail (desktop and phone take different
 * ones), or the one with `laundromatId` to reopen it; the detail's own request matching `idRequest` names
 * the laundromat, its first group the id.
 */
export async function openLaundromatFrom(page: Page, city: string, idRequest: RegExp, laundromatId?: string) {
  await searchFromHero(page, city);
  // The city's own list, not the one shown before its answer arrived: the card picked must be the same each time.
  await expect(page.getByTestId('result-count')).toContainText(`found near ${city}`);
  const request = page.waitForRequest((r) => idRequest.test(r.url()));
  const cards = page.getByTestId('laundromat-card');
  // Reopening goes by id: the list's order is not the test's to rely on (the map may settle on an area).
  await (
    laundromatId
      ? cards.and(page.locator(`[data-laundromat-id="${laundromatId}"]`))
      : cards.nth(isPhone() ? 1 : 0)
  ).click();
  const id = idRequest.exec((await request).url())?.[1] ?? '';
  const detail = page.getByRole('dialog').first();
  await expect(detail).toBeVisible();
  return { detail, id };
}

/**
 * A fresh account made through the API; `page.request` shares the page's cookies, so passing it signs the
 * page in. `label` names the test file in the made-up address.
 */
export async function signUpThroughApi(request: APIRequestContext, label: string): Promise<void> {
  await registerAndVerify(request, {
    email: `${label}-${randomUUID()}@example.test`,
    password: 'correct horse battery',
  });
}

/** A toast's title or text (Radix repeats it in a screen-reader live region, hence exact and first). */
export const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * A new account made through the sign-in page's Create account form: the form says to check the mail, and
 * following the mailed link signs the browser in; then it goes on to `returnTo`.
 */
export async function signUpThroughLoginPage(page: Page, returnTo = '/'): Promise<string> {
  const email = `finder-${randomUUID()}@example.test`;
  await page.goto(`/api/login?mode=register&returnTo=${encodeURIComponent(returnTo)}`);
  const form = page.getByRole('tabpanel', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('correct horse battery');
  await form.getByLabel('I confirm I am at least 13 years old').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your e-mail to finish signing up.');
  await verifyInPage(page, email);
  await page.goto(returnTo);
  return email;
}

export type Locale = Record<string, Record<string, unknown>>;

/** The product's own translations, so a test reads what each language must show. */
export function locale(language: string): Locale {
  return JSON.parse(
    readFileSync(new URL(`../../packages/ui/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as Locale;
}

/** A string at a dotted path ('finder.hero.title') of a locale. */
export function phrase(resources: Locale, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], resources);
  if (typeof value !== 'string') throw new Error(`no string at ${path}`);
  return value;
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area (touching edges do not count). */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Whether the element is what a finger would touch at its centre and at each corner (4 px in, inside a
 * rounded corner): nothing lies over it, no scrolling box clips it and it is inside the viewport.
 */
export async function shownWhole(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 4, box.top + 4],
      [box.right - 4, box.top + 4],
      [box.left + 4, box.bottom - 4],
      [box.right - 4, box.bottom - 4],
    ];
    return (
      box.width > 0 &&
      points.every(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return hit !== null && (hit === element || element.contains(hit));
      })
    );
  });
}

/** The browser announces that the app can be installed (Chromium's beforeinstallprompt). */
export function offerInstall(page: Page): Promise<void> {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<unknown>;
    };
    event.prompt = async () => {};
    event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
    window.dispatchEvent(event);
  });
}

/** The laundromats a search for `place` lists first, as the API answers them (up to 50). */
export async function laundromatsNear(request: APIRequestContext, place: string): Promise<Laundromat[]> {
  const response = await request.get(`/api/laundromats/search?q=${encodeURIComponent(place)}&limit=50`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { items: Laundromat[] }).items;
}

/** A 1 × 1 PNG: enough for the photo service to store, resize and list. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A public photo of the laundromat with `caption`, uploaded by the account `request` is signed in as. */
export async function uploadPhotoThroughApi(
  request: APIRequestContext,
  laundromatId: string,
  caption: string,
): Promise<void> {
  const response = await request.post('/api/photos', {
    multipart: {
      file: { name: 'photo.png', mimeType: 'image/png', buffer: tinyPng },
      laundromatId,
      caption,
      category: 'exterior',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
