export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

/**
 * docs/product.md, Pages: one toast at a time; a dismissed toast is kept (closed) this long before it is
 * removed.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

type Listener = (toasts: readonly ToastItem[]) => void;

/**
 * The page's toast queue. It lives in @laundry/ui, a federation singleton, so a toast() called in a
 * remote shows in the shell's Toaster.
 */
export function createToastStore(removeDelayMs = TOAST_REMOVE_DELAY_MS) {
  let toasts: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

  const set = (next: readonly ToastItem[]) => {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  };

  const remove = (id: number) => {
    clearTimeout(removalTimers.get(id));
    removalTimers.delete(id);
    set(toasts.filter((item) => item.id !== id));
  };

  const dismiss = (id: number) => {
    set(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
    if (!removalTimers.has(id))
      removalTimers.set(
        id,
        setTimeout(() => remove(id), removeDelayMs),
      );
  };

  const show = (options: ToastOptions): { id: number; dismiss: () => void } => {
    const id = nextId++;
    set([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
    return { id, dismiss: () => dismiss(id) };
  };

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

/** Shows a toast from anywhere: the shell, a remote, a mutation's error handler. */
export function toast(options: ToastOptions) {
  return toastStore.show(options);
}
