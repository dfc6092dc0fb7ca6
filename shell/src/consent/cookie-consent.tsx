import { CookieBanner } from './cookie-banner.tsx';
import { CookiePreferencesDialog } from './cookie-preferences-dialog.tsx';
import type { CookieConsentState } from './use-cookie-consent.ts';

/** The banner and the preferences dialog, from the shell's one consent state (shell-overlays.tsx). */
export function CookieConsentOverlays({ state }: { state: CookieConsentState }) {
  const { consent, bannerOpen, preferencesOpen, choose, openPreferences, closePreferences } = state;
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
