import { useEffect, useState } from 'react';

/** Kept in local storage so a page reloaded while offline still knows when it was last online. */
export const LAST_ONLINE_STORAGE_KEY = 'last-online-at';
const RECORD_INTERVAL_MS = 30_000;

function readLastOnline(): number | null {
  try {
    const stored = Number(localStorage.getItem(LAST_ONLINE_STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function recordLastOnline(at: number): void {
  try {
    localStorage.setItem(LAST_ONLINE_STORAGE_KEY, String(at));
  } catch (error) {
    console.warn('Could not store the last-online time', error);
  }
}

export interface OnlineStatus {
  online: boolean;
  /**
   * Epoch ms of the moment the connection went (or, for a page opened offline, the last time stored). While
   * online it is not kept current in state: only local storage is, every 30 s.
   */
  lastOnlineAt: number | null;
}

/** Follows the browser's online/offline events. */
export function useOnlineStatus(): OnlineStatus {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [lastOnlineAt, setLastOnlineAt] = useState<number | null>(() =>
    navigator.onLine ? Date.now() : readLastOnline(),
  );

  useEffect(() => {
    const goOnline = () => setOnline(true);
    const goOffline = () => {
      const now = Date.now();
      recordLastOnline(now);
      setLastOnlineAt(now);
      setOnline(false);
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  useEffect(() => {
    if (!online) return;
    // Only stored while online: the banner reads the time once the connection goes (goOffline sets it), so
    // keeping it in state here would re-render every overlay every 30 s for nothing.
    const record = () => recordLastOnline(Date.now());
    record();
    const timer = window.setInterval(record, RECORD_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [online]);

  return { online, lastOnlineAt };
}

/** The current time, refreshed every `intervalMs`, for text such as '5m ago'. */
export function useNow(intervalMs: number, enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
