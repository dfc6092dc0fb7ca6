import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner, type RemoteRoutesModule } from '@laundry/ui';
import type { RemoteRoute } from '../remote-routes.ts';
import { isUnavailableRemote } from './remote-fallback-plugin.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteUnavailable } from './remote-unavailable.tsx';

const pageKey = ({ remote, page }: Pick<RemoteRoute, 'remote' | 'page'>) => `${remote}/${page}`;

/** Page components loaded before the first render; rendered directly, so that render is whole. */
const preloadedPages = new Map<string, ComponentType>();

/**
 * Loads a remote page's module ahead of the first render, and starts its first queries. A remote that is down or slow is not waited for
 * here: the page then loads as usual, with its spinner or its Retry.
 */
export async function preloadRemotePage(route: RemoteRoute, queryClient: QueryClient): Promise<void> {
  const module = await loadRemote<RemoteRoutesModule<string> | unknown>(`${route.remote}/routes`);
  if (!module || isUnavailableRemote(module)) return;
  const { load, prefetch } = module as RemoteRoutesModule<string>;
  // The page's data is asked for while its code loads, not after its first render.
  prefetch?.[route.page]?.(queryClient);
  const page = load?.[route.page];
  if (page) preloadedPages.set(pageKey(route), (await page()).default);
}

async function loadRemotePage({
  remote,
  page,
}: Pick<RemoteRoute, 'remote' | 'page'>): Promise<{ default: ComponentType }> {
  const module = await loadRemote<RemoteRoutesModule<string> | unknown>(`${remote}/routes`);
  if (!module || isUnavailableRemote(module)) throw new Error(`${remote} is unavailable`);
  const RemoteComponent = (module as RemoteRoutesModule<string>).pages[page];
  if (!RemoteComponent) throw new Error(`${remote} has no page ${page}`);
  // A remote page is usually lazy itself, and React.lazy must resolve to a plain component.
  return { default: () => <RemoteComponent /> };
}

/** A page that lives in a remote; each Retry builds a fresh lazy component, so the remote is fetched again. */
export function RemotePage(route: RemoteRoute) {
  const [attempt, setAttempt] = useState(0);
  const { remote, page } = route;
  const Page = useMemo(
    () =>
      (attempt === 0 && preloadedPages.get(pageKey({ remote, page }))) ||
      lazy(() => loadRemotePage({ remote, page })),
    // attempt is a dependency on purpose: it is how Retry asks for a new load.
    [remote, page, attempt],
  );
  return (
    <RemoteErrorBoundary
      key={pageKey({ remote, page })}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(retry) => <RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
