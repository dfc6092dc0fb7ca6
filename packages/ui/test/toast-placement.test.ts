import { describe, expect, it } from 'vitest';
import { toastPlacement } from '../src/toast/toast-placement.ts';

describe('where toasts show', () => {
  it('when no dialog is open, then they keep their own corner', () => {
    expect(toastPlacement(null, null, 800)).toBeUndefined();
  });

  it('when the open dialog has no footer of actions, then they keep their own corner', () => {
    expect(toastPlacement({ left: 320, width: 640 }, null, 800)).toBeUndefined();
  });

  it("when the open dialog has a footer, then they show within the dialog's width just above it", () => {
    expect(toastPlacement({ left: 320, width: 640 }, 692, 800)).toEqual({
      left: 320,
      right: 'auto',
      width: 640,
      bottom: 108,
    });
  });

  it('when the footer lies below the window, then they stay at its bottom', () => {
    expect(toastPlacement({ left: 16, width: 358 }, 900, 844)).toMatchObject({ bottom: 0 });
  });
});
