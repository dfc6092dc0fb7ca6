import type { CSSProperties } from 'react';

export interface DialogBox {
  left: number;
  width: number;
}

/**
 * Where the toasts' viewport goes. Usually its own corner (no style: the stylesheet's); over a dialog whose
 * actions are in a footer, inside the dialog's width just above that footer, so a toast never hides the
 * button it answers (a 'Rating required' toast over Submit Review, issue 15). The viewport's own padding
 * keeps the toast off the footer's edge.
 */
export function toastPlacement(
  dialog: DialogBox | null,
  footerTop: number | null,
  viewportHeight: number,
): CSSProperties | undefined {
  if (!dialog || footerTop === null) return undefined;
  return {
    left: dialog.left,
    right: 'auto',
    width: dialog.width,
    bottom: Math.max(0, viewportHeight - footerTop),
  };
}
