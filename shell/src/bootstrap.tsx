import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n } from '@laundry/ui';
import { App } from './app.tsx';
import { createQueryClient } from './query-client.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

const i18n = await createI18n();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole page is built.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} queryClient={createQueryClient()} />
    </StrictMode>,
  );
});

registerServiceWorker(i18n);
