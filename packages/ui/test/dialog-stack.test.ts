import { describe, expect, it, vi } from 'vitest';
import {
  closeTopDialog,
  onOpenDialogsChange,
  registerOpenDialog,
  topDialog,
} from '../src/components/dialog-stack.ts';

const dialog = () => ({ close: vi.fn(), element: () => null });

describe('the open dialogs', () => {
  it('when a second dialog opens over a first, then Escape handed on closes the second only', () => {
    const detail = dialog();
    const form = dialog();
    const removeDetail = registerOpenDialog(detail);
    const removeForm = registerOpenDialog(form);
    expect(closeTopDialog()).toBe(true);
    expect(form.close).toHaveBeenCalledOnce();
    expect(detail.close).not.toHaveBeenCalled();
    removeForm();
    expect(topDialog()).toBe(detail);
    removeDetail();
  });

  it('when none is open, then nothing is closed', () => {
    expect(topDialog()).toBeUndefined();
    expect(closeTopDialog()).toBe(false);
  });

  it('when dialogs open and close, then listeners hear each change until they stop listening', () => {
    const heard = vi.fn();
    const stop = onOpenDialogsChange(heard);
    const remove = registerOpenDialog(dialog());
    remove();
    remove();
    stop();
    registerOpenDialog(dialog())();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
