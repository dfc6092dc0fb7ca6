import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_REMOVE_DELAY_MS } from '../src/toast/toast-store.ts';

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('when a second toast is shown, then it replaces the first (one at a time)', () => {
    const store = createToastStore();
    store.show({ title: 'first' });
    store.show({ title: 'second' });
    expect(store.getSnapshot().map((item) => item.title)).toEqual(['second']);
  });

  it('when a toast is dismissed, then it closes at once and is removed after the removal delay', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    const { dismiss } = store.show({ title: 'saved' });
    dismiss();
    expect(store.getSnapshot()).toMatchObject([{ title: 'saved', open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('when a listener subscribes, then it hears every change until it unsubscribes', () => {
    const store = createToastStore();
    const heard: number[] = [];
    const unsubscribe = store.subscribe((toasts) => heard.push(toasts.length));
    store.show({ title: 'one' });
    unsubscribe();
    store.show({ title: 'two' });
    expect(heard).toEqual([1]);
  });
});
