import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '@laundry/ui';
import { AppLayout } from './layout/app-layout.tsx';
import { ForOwnersPage } from './pages/for-owners-page.tsx';
import { HelpPage } from './pages/help-page.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RemotePage } from './federation/remote-page.tsx';
import { AdminOnlyPage } from './federation/admin-only-page.tsx';
import { isAdminOnly } from './auth/admin-access.ts';
import { remoteRoutes } from './remote-routes.ts';

// The account page is a chunk of its own: few visits need it, and none before the map.
const AccountPage = lazy(async () => ({
  default: (await import('./pages/account/account-page.tsx')).AccountPage,
}));

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
        <Route
          path="/account"
          element={
            <Suspense fallback={<PageSpinner />}>
              <AccountPage />
            </Suspense>
          }
        />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/for-owners" element={<ForOwnersPage />} />
        <Route path="/privacy" element={<LegalPage document="privacy" />} />
        <Route path="/terms" element={<LegalPage document="terms" />} />
        <Route path="/cookie-policy" element={<LegalPage document="cookiePolicy" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
