import type { AdNetworkSetting, ServedAd } from '@laundry/contracts';
import { readStoredConsent, syncAdViewerCookie } from '@laundry/ui/consent';

/**
 * The ad for a slot, or null when none is to be shown (204) or the ad service cannot answer: a slot never
 * shows an error, it stays an empty reserved box.
 */
export async function fetchAd(url: string): Promise<ServedAd | null> {
  // The shell sets the advertising id when consent is applied; this makes sure it is there (or gone) before
  // the first decision, whichever of the page's effects ran first.
  syncAdViewerCookie(readStoredConsent()?.advertising === true);
  const response = await fetch(url, { credentials: 'include' });
  if (response.status !== 200) return null;
  return (await response.json()) as ServedAd;
}

/** Counts the served ad's impression: sent once, after it has been viewable (ad-viewability.ts). */
export function reportImpression(token: string): void {
  void fetch('/api/ads/impressions', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, pageUrl: location.href }),
    // Still delivered if the visitor leaves the page in the same moment.
    keepalive: true,
  }).catch(() => undefined);
}

/** The third-party ad network's script, or null when none is configured (the gateway's 204). */
export async function fetchAdNetworkSetting(path: string): Promise<string | null> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (response.status !== 200) return null;
  const setting = (await response.json()) as Partial<AdNetworkSetting>;
  return typeof setting.scriptUrl === 'string' && setting.scriptUrl !== '' ? setting.scriptUrl : null;
}
