import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
} from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { closeTopDialog, onOpenDialogsChange, topDialog } from '../components/dialog-stack.ts';
import { toastPlacement } from './toast-placement.ts';
import { toastStore, type ToastStore } from './toast-store.ts';
import styles from './toaster.module.css';

/**
 * docs/product.md, Pages: default duration, swipe to the right past the threshold to dismiss, F8 focuses the
 * area.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * The viewport's place while a toast shows (toast-placement.ts), measured again when a dialog opens or
 * closes, when the topmost one changes size and when the window does.
 */
function usePlacement(showing: boolean): CSSProperties | undefined {
  const [placement, setPlacement] = useState<CSSProperties>();
  const [dialogsChanged, setDialogsChanged] = useState(0);
  useEffect(() => onOpenDialogsChange(() => setDialogsChanged((count) => count + 1)), []);
  useLayoutEffect(() => {
    if (!showing) return;
    const element = topDialog()?.element() ?? null;
    const place = () => {
      const footer = element?.querySelector('[data-dialog-footer]');
      setPlacement(
        toastPlacement(
          element?.getBoundingClientRect() ?? null,
          footer?.getBoundingClientRect().top ?? null,
          window.innerHeight,
        ),
      );
    };
    place();
    const resized = new ResizeObserver(place);
    if (element) resized.observe(element);
    window.addEventListener('resize', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [showing, dialogsChanged]);
  return showing ? placement : undefined;
}

export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation('shell');
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const viewport = useRef<HTMLOListElement>(null);
  const placement = usePlacement(toasts.some((item) => item.open));
  /**
   * A toast is the topmost layer, so Escape would close it and leave the dialog under it open (issue 15).
   * Unless the toast itself has the focus, Escape goes to that dialog; the toast stays its time.
   */
  const escapeToDialog = (event: KeyboardEvent) => {
    if (!viewport.current?.contains(event.target as Node) && closeTopDialog()) event.preventDefault();
  };
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
          onEscapeKeyDown={escapeToDialog}
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
      <RadixToast.Viewport ref={viewport} className={styles.viewport} style={placement} hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
