import { CookieConsentOverlays } from '../consent/cookie-consent.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { InstallPrompt } from './install-prompt.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { useOnlineStatus } from './online-status.ts';

/** Everything the shell lays over every page: offline banner, connection indicator, install card, consent. */
export function ShellOverlays() {
  const status = useOnlineStatus();
  return (
    <>
      <OfflineBanner status={status} />
      <ConnectionIndicator online={status.online} />
      <InstallPrompt />
      <CookieConsentOverlays />
    </>
  );
}
