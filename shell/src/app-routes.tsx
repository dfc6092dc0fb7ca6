import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RemotePage } from './federation/remote-page.tsx';
import { AdminOnlyPage } from './federation/admin-only-page.tsx';
import { isAdminOnly } from './auth/admin-access.ts';
import { remoteRoutes } from './remote-routes.ts';

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
        <Route path="/privacy" element={<LegalPage document="privacy" />} />
        <Route path="/terms" element={<LegalPage document="terms" />} />
        <Route path="/cookie-policy" element={<LegalPage document="cookiePolicy" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
