import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner, withDeferredEnglish } from '@laundry/ui';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RemotePage } from './federation/remote-page.tsx';
import { AdminOnlyPage } from './federation/admin-only-page.tsx';
import { isAdminOnly } from './auth/admin-access.ts';
import { remoteRoutes } from './remote-routes.ts';

// The account, help and owners' pages are chunks of their own: few visits need them, none before the map,
// and the owners' page reads the contracts' constants, which would bring their schema library into the
// first load.
// Their English comes with them too (the legal texts alone are a fifth of the shell's).
const AccountPage = lazy(
  withDeferredEnglish(async () => ({
    default: (await import('./pages/account/account-page.tsx')).AccountPage,
  })),
);
const HelpPage = lazy(
  withDeferredEnglish(async () => ({ default: (await import('./pages/help-page.tsx')).HelpPage })),
);
const ForOwnersPage = lazy(
  withDeferredEnglish(async () => ({ default: (await import('./pages/for-owners-page.tsx')).ForOwnersPage })),
);
const LegalPage = lazy(
  withDeferredEnglish(async () => ({ default: (await import('./pages/legal-page.tsx')).LegalPage })),
);

const later = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {remoteRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={isAdminOnly(route) ? <AdminOnlyPage {...route} /> : <RemotePage {...route} />}
          />
        ))}
        <Route path="/account" element={later(<AccountPage />)} />
        <Route path="/help" element={later(<HelpPage />)} />
        <Route path="/for-owners" element={later(<ForOwnersPage />)} />
        <Route path="/privacy" element={later(<LegalPage document="privacy" />)} />
        <Route path="/terms" element={later(<LegalPage document="terms" />)} />
        <Route path="/cookie-policy" element={later(<LegalPage document="cookiePolicy" />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
