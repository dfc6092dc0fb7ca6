/**
 * The open dialogs, the last opened last. What lies over them, the toasts, asks here for the topmost one:
 * Escape pressed under a toast closes that dialog, and a toast keeps clear of its actions. The module lives
 * in @laundry/ui, a federation singleton, so a remote's dialogs are in the same list as the shell's.
 */
export interface OpenDialog {
  close: () => void;
  /** The dialog's box on the page, once it is rendered. */
  element: () => HTMLElement | null;
}

const openDialogs: OpenDialog[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Adds a dialog on top; the returned function takes it out again. */
export function registerOpenDialog(dialog: OpenDialog): () => void {
  openDialogs.push(dialog);
  changed();
  return () => {
    const index = openDialogs.indexOf(dialog);
    if (index === -1) return;
    openDialogs.splice(index, 1);
    changed();
  };
}

export const topDialog = (): OpenDialog | undefined => openDialogs.at(-1);

/** Closes the topmost open dialog; false when none is open. */
export function closeTopDialog(): boolean {
  const dialog = topDialog();
  dialog?.close();
  return dialog !== undefined;
}

/** Hears each dialog that opens or closes, until the returned function is called. */
export function onOpenDialogsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
