import { CookieConsentOverlays } from '../consent/cookie-consent.tsx';
import { useCookieConsent } from '../consent/use-cookie-consent.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { InstallPrompt } from './install-prompt.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { useOnlineStatus } from './online-status.ts';

/** Everything the shell lays over every page: offline banner, connection indicator, install card, consent. */
export function ShellOverlays() {
  const status = useOnlineStatus();
  const consent = useCookieConsent();
  return (
    <>
      <OfflineBanner status={status} />
      <ConnectionIndicator online={status.online} />
      {/* Never both at once: on a phone the two together left no result in sight. The card waits for the
          cookie choice, and shows then if its time has come. */}
      <InstallPrompt held={consent.bannerOpen || consent.preferencesOpen} />
      <CookieConsentOverlays state={consent} />
    </>
  );
}
