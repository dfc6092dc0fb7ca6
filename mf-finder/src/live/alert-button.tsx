import { useState } from 'react';
import { Button, toast } from '@laundry/ui';
import {
  languages,
  type AlertMachineKind,
  type Language,
  type LiveState,
  type PushKeyResponse,
} from '@laundry/contracts';
import { mutateJson, serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut, signInUrl } from '../api/sign-in.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import styles from './live.module.css';

type AskState = 'idle' | 'asking' | 'asked';

/** Web Push needs a service worker and the Push API; without them (or in a development build) no button. */
function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The key as PushManager.subscribe() takes it: base64url to bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription through the product's own service worker (shell/src/pwa). */
async function subscribeThisBrowser(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) throw new Error('no-service-worker');
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const response = await fetch('/api/availability/push-key', { credentials: 'include' });
  if (!response.ok) throw new Error('no-push-key');
  const { publicKey } = (await response.json()) as PushKeyResponse;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

const languageOf = (locale: string): Language =>
  (languages as readonly string[]).includes(locale.slice(0, 2)) ? (locale.slice(0, 2) as Language) : 'en';

/**
 * 'Tell me when a washer (or dryer) is free': shown beside a live state for each kind it does not show
 * free. One tap asks for permission, subscribes this browser and leaves an alert with the availability
 * service, which sends one notification within two hours.
 */
export function AlertButton({ laundromatId, live }: { laundromatId: string; live: LiveState | null }) {
  const { t, locale } = useText();
  const { isSignedIn } = useCurrentUser();
  const [state, setState] = useState<Partial<Record<AlertMachineKind, AskState>>>({});
  if (!live || !pushSupported()) return null;
  const kinds = (['washer', 'dryer'] as const).filter((kind) => {
    const free = kind === 'washer' ? live.washersFree : live.dryersFree;
    const total = kind === 'washer' ? live.washersTotal : live.dryersTotal;
    return (
      !(free !== null && free > 0) && total !== 0 && !(kind === 'dryer' && total === null && free === null)
    );
  });
  if (kinds.length === 0) return null;

  const ask = async (machine: AlertMachineKind) => {
    if (!isSignedIn) {
      toast({ title: t('liveAlert.signInRequired') });
      window.location.assign(signInUrl(`${window.location.pathname}${window.location.search}`));
      return;
    }
    setState((current) => ({ ...current, [machine]: 'asking' }));
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        toast({ title: t('liveAlert.permissionDenied'), variant: 'destructive' });
        setState((current) => ({ ...current, [machine]: 'idle' }));
        return;
      }
      const subscription = await subscribeThisBrowser();
      await mutateJson('POST', `/api/laundromats/${laundromatId}/availability/alerts`, {
        subscription: subscription.toJSON(),
        machine,
        language: languageOf(locale),
      });
      setState((current) => ({ ...current, [machine]: 'asked' }));
      toast({ title: t(`liveAlert.set.${machine}`), variant: 'success' });
    } catch (error) {
      setState((current) => ({ ...current, [machine]: 'idle' }));
      if (handledAsSignedOut(error, t)) return;
      const message = serverMessage(error);
      toast({
        title: t('liveAlert.failed'),
        description: message ?? t('liveAlert.unavailable'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className={styles.actions} data-testid="live-alert">
      {kinds.map((machine) => (
        <Button
          key={machine}
          variant="ghost"
          size="small"
          disabled={state[machine] === 'asking' || state[machine] === 'asked'}
          onClick={() => void ask(machine)}
          data-testid={`live-alert-${machine}`}
        >
          {state[machine] === 'asked' ? t(`liveAlert.asked.${machine}`) : t(`liveAlert.ask.${machine}`)}
        </Button>
      ))}
    </div>
  );
}
