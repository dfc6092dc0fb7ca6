import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, toast } from '@laundry/ui';
import {
  languages,
  type AlertMachineKind,
  type AvailabilityAlert,
  type AvailabilityAlertList,
  type Language,
  type LiveState,
  type PushKeyResponse,
} from '@laundry/contracts';
import { getJson, mutateJson, serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut, signInUrl } from '../api/sign-in.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import styles from './live.module.css';

type AskState = 'idle' | 'asking' | 'cancelling';

const alertsKey = (laundromatId: string) => [`/api/laundromats/${laundromatId}/availability/alerts`] as const;

/** The signed-in person's alerts still waiting here: after a reload the button still offers 'Cancel alert'. */
function useWaitingAlerts(laundromatId: string, enabled: boolean) {
  const key = alertsKey(laundromatId);
  return useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<AvailabilityAlertList>(key)).data?.items ?? [],
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

/** A DELETE of an alert already sent or expired answers 404: it is not waiting any more either way. */
const alreadyGone = (error: unknown) => error instanceof Error && error.message.startsWith('404');

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
  const supported = pushSupported();
  const waiting = useWaitingAlerts(laundromatId, isSignedIn && supported).data ?? [];
  const queryClient = useQueryClient();
  const statusId = useId();
  if (!supported) return null;
  const waitingFor = (kind: AlertMachineKind) => waiting.find((alert) => alert.machine === kind);
  // A kind not free now, and any kind with an alert waiting (it can be cancelled whatever the state).
  const kinds = (['washer', 'dryer'] as const).filter((kind) => {
    if (waitingFor(kind)) return true;
    if (!live) return false;
    const free = kind === 'washer' ? live.washersFree : live.dryersFree;
    const total = kind === 'washer' ? live.washersTotal : live.dryersTotal;
    return (
      !(free !== null && free > 0) && total !== 0 && !(kind === 'dryer' && total === null && free === null)
    );
  });
  if (kinds.length === 0) return null;
  const setWaiting = (update: (alerts: AvailabilityAlert[]) => AvailabilityAlert[]) =>
    queryClient.setQueryData<AvailabilityAlert[]>(alertsKey(laundromatId), (alerts) => update(alerts ?? []));

  const cancel = async (alert: AvailabilityAlert) => {
    setState((current) => ({ ...current, [alert.machine]: 'cancelling' }));
    try {
      await mutateJson('DELETE', `/api/laundromats/${laundromatId}/availability/alerts/${alert.id}`);
      toast({ title: t(`liveAlert.cancelled.${alert.machine}`), variant: 'success' });
    } catch (error) {
      if (!alreadyGone(error)) {
        setState((current) => ({ ...current, [alert.machine]: 'idle' }));
        if (handledAsSignedOut(error, t)) return;
        toast({
          title: t('liveAlert.cancelFailed'),
          description: serverMessage(error) ?? t('liveAlert.unavailable'),
          variant: 'destructive',
        });
        return;
      }
    }
    setWaiting((alerts) => alerts.filter((other) => other.id !== alert.id));
    setState((current) => ({ ...current, [alert.machine]: 'idle' }));
  };

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
      const alert = await mutateJson<AvailabilityAlert>(
        'POST',
        `/api/laundromats/${laundromatId}/availability/alerts`,
        { subscription: subscription.toJSON(), machine, language: languageOf(locale) },
      );
      if (alert) setWaiting((alerts) => [...alerts.filter((other) => other.machine !== machine), alert]);
      setState((current) => ({ ...current, [machine]: 'idle' }));
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
      {kinds.map((machine) => {
        const alert = waitingFor(machine);
        if (!alert) {
          return (
            <Button
              key={machine}
              variant="ghost"
              size="small"
              disabled={state[machine] === 'asking'}
              onClick={() => void ask(machine)}
              data-testid={`live-alert-${machine}`}
            >
              {t(`liveAlert.ask.${machine}`)}
            </Button>
          );
        }
        // While one waits: what was asked, and 'Cancel alert' (described by it, as there may be two).
        return (
          <span key={machine} className={styles.alertWaiting} data-testid={`live-alert-${machine}-waiting`}>
            <span id={`${statusId}-${machine}`}>{t(`liveAlert.asked.${machine}`)}</span>
            <Button
              variant="ghost"
              size="small"
              disabled={state[machine] === 'cancelling'}
              onClick={() => void cancel(alert)}
              aria-describedby={`${statusId}-${machine}`}
              data-testid={`live-alert-${machine}-cancel`}
            >
              {t('liveAlert.cancel')}
            </Button>
          </span>
        );
      })}
    </div>
  );
}
