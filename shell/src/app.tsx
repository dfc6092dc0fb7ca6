import { useLayoutEffect } from 'react';
import type { i18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@laundry/ui';
import { AppRoutes } from './app-routes.tsx';
import { ShellOverlays } from './overlays/shell-overlays.tsx';
import { removeFirstScreen } from './first-screen.ts';

export function App({ i18n, queryClient }: { i18n: i18n; queryClient: QueryClient }) {
  // Before the browser paints the first render, so the prerendered screen and the live one never show together.
  useLayoutEffect(removeFirstScreen, []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
          <ShellOverlays />
        </BrowserRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
