/**
 * A page's first screen arrives prerendered in the HTML (#first-screen, inert; see
 * scripts/src/prerender-first-screen.ts): the home page's hero, or any other page's header and spinner. It
 * stays until React's first render of the live page, which replaces it within the same frame.
 */
const FIRST_SCREEN_ID = 'first-screen';

/** Whether the prerendered first screen is on show (the page's inline check may have turned it off). */
export function isFirstScreenShown(): boolean {
  const state = document.documentElement.getAttribute('data-first-screen');
  return document.getElementById(FIRST_SCREEN_ID) !== null && state !== null && state !== 'off';
}

export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  document.documentElement.removeAttribute('data-first-screen');
}
