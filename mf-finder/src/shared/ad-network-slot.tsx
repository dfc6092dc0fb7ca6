import { memo, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AD_NETWORK_SETTING_PATH } from '@laundry/contracts';
import { fetchAdNetworkSetting } from '../api/ads.ts';
import { useAdvertisingConsent } from './use-advertising-consent.ts';
import { usePageLoaded, useSeenOnce } from './use-in-view.ts';
import { adStyles as styles } from '@laundry/ui/ad-look';

declare global {
  interface Window {
    /**
     * The slots waiting for the network's script: the page pushes each slot's element once it is shown; the
     * script draws an ad into every element queued before it loaded and, by replacing `push`, each one after.
     */
    adNetworkQueue?: { push: (slot: HTMLElement) => unknown };
  }
}

/**
 * The network's ad is drawn once at least 1 % of the slot is within 100 px of the screen
 * (docs/product.md, Ads).
 */
const showWhen = { rootMargin: '100px', threshold: 0.01 };

let scriptRequested: string | null = null;

/** Adds the network's script to the page once (its own async load; the page never waits for it). */
function loadNetworkScript(src: string): void {
  if (scriptRequested === src) return;
  scriptRequested = src;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.adNetwork = 'true';
  script.addEventListener('error', () => {
    // Asked again by the next slot shown (another visit to the home page), not retried in a loop.
    scriptRequested = null;
    script.remove();
  });
  document.head.appendChild(script);
}

/**
 * The third-party ad network's slot (docs/product.md, Ads). Nothing at all without the visitor's advertising
 * consent, or when no network is configured (the gateway's AD_NETWORK_SCRIPT_URL, asked only with consent);
 * otherwise a box at least 250 px high whose ad the network's script draws once the box is at least 1 %
 * within 100 px of the screen. Withdrawing consent removes the slot; its script, once run, stays until the
 * page is reloaded.
 */
export const AdNetworkSlot = memo(function AdNetworkSlot({ className }: { className?: string }) {
  const consent = useAdvertisingConsent();
  // Asked after the page has loaded: the network never competes with the first screen.
  const loaded = usePageLoaded();
  const setting = useQuery({
    queryKey: [AD_NETWORK_SETTING_PATH],
    queryFn: () => fetchAdNetworkSetting(AD_NETWORK_SETTING_PATH),
    enabled: consent && loaded,
    retry: false,
    staleTime: Infinity,
  });
  const scriptUrl = consent ? (setting.data ?? null) : null;
  return scriptUrl ? <NetworkBox scriptUrl={scriptUrl} className={className} /> : null;
});

function NetworkBox({ scriptUrl, className }: { scriptUrl: string; className?: string }) {
  const { t } = useTranslation('finder');
  const box = useRef<HTMLElement>(null);
  const shown = useSeenOnce(box, showWhen);
  useEffect(() => {
    const element = box.current;
    if (!shown || !element) return;
    const queue = (window.adNetworkQueue ??= [] as HTMLElement[]);
    queue.push(element);
    loadNetworkScript(scriptUrl);
  }, [shown, scriptUrl]);
  return (
    <aside
      ref={box}
      className={[styles.network, className].filter(Boolean).join(' ')}
      aria-label={t('ads.networkLabel')}
      data-ad-network-slot=""
      data-state={shown ? 'shown' : 'waiting'}
    />
  );
}
