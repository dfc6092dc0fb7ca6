import { useSyncExternalStore } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { toastStore, type ToastStore } from './toast-store.ts';
import styles from './toaster.module.css';

/** Spec §2: default duration, swipe to the right past the threshold to dismiss, F8 focuses the area. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation('shell');
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.region')}
    >
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && store.dismiss(item.id)}
          className={[styles.toast, item.variant && styles[item.variant]].filter(Boolean).join(' ')}
        >
          <RadixToast.Title className={styles.title}>{item.title}</RadixToast.Title>
          {item.description && (
            <RadixToast.Description className={styles.description}>{item.description}</RadixToast.Description>
          )}
          <RadixToast.Close className={styles.close} aria-label={t('toast.close')}>
            <span aria-hidden="true">✕</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
