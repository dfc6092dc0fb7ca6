import { CookieBanner } from './cookie-banner.tsx';
import { CookiePreferencesDialog } from './cookie-preferences-dialog.tsx';
import { useCookieConsent } from './use-cookie-consent.ts';

export function CookieConsentOverlays() {
  const { consent, bannerOpen, preferencesOpen, choose, openPreferences, closePreferences } =
    useCookieConsent();
  return (
    <>
      {bannerOpen && (
        <CookieBanner onChoose={(choice) => choose(choice, 'banner')} onCustomize={openPreferences} />
      )}
      <CookiePreferencesDialog
        open={preferencesOpen}
        consent={consent}
        onSave={(choice) => choose(choice, 'dialog')}
        onCancel={closePreferences}
      />
    </>
  );
}
