import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CurrentUserResponse } from '@laundry/contracts';
import { createI18n } from '@laundry/ui';
import { App } from './app.tsx';
import { currentUserQuery } from './auth/use-current-user.ts';
import { createQueryClient } from './query-client.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';
import { isFirstScreenShown } from './first-screen.ts';
import { preloadRemotePage } from './federation/remote-page.tsx';
import { remoteRouteAt } from './remote-routes.ts';
import { mayPreload } from './auth/admin-access.ts';
import { prefetchServerConsent } from './consent/consent-server.ts';
import { preloadUserMenu } from './layout/header.tsx';

/** How long the prerendered first screen may wait for the live page's code before the page renders anyway. */
const FIRST_SCREEN_WAIT_MS = 8000;

const queryClient = createQueryClient();
// Who is signed in is asked at once, while the code of the page loads, instead of after the first render.
const userKnown = queryClient.prefetchQuery(currentUserQuery);

/**
 * For a signed-in person, the recorded cookie choice and the user menu are fetched as soon as the person is
 * known, so the first render shows the banner (or not) and the avatar as they stay.
 */
async function prepareForSignedIn(): Promise<void> {
  const user = queryClient.getQueryData<CurrentUserResponse>(currentUserQuery.queryKey);
  if (user) await Promise.all([prefetchServerConsent(user.id), preloadUserMenu().catch(() => undefined)]);
}

const route = remoteRouteAt(window.location.pathname);
// While the prerendered first screen shows, the live page is loaded whole before React renders, so the
// swap is one frame with no spinner in between; so is the answer of who is signed in, so the header (Sign in
// or the avatar) and the cookie banner show in that frame as they will stay. An admin-only page is not
// loaded ahead: whether it may load at all waits for that answer.
const preload = isFirstScreenShown()
  ? Promise.race([
      Promise.all([
        userKnown.then(prepareForSignedIn),
        mayPreload(route) ? preloadRemotePage(route, queryClient).catch(() => undefined) : undefined,
      ]),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ])
  : undefined;
const i18n = await createI18n();
await preload;
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole page is built.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});

registerServiceWorker(i18n);
