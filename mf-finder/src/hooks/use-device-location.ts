import { useCallback, useEffect, useRef, useState } from 'react';
import { timing } from '@laundry/contracts';
import type { DeviceLocation } from '../domain/filter-query.ts';
import { isBackgroundRefreshDue, shouldAcceptPosition } from '../domain/search-rules.ts';
import type { I18nText } from '../domain/i18n-text.ts';

export type TrackingState = 'locating' | 'active' | 'off';

const geolocationKeys = {
  denied: 'finder:messages.geolocation.denied',
  unavailable: 'finder:messages.geolocation.unavailable',
  timeout: 'finder:messages.geolocation.timeout',
  failed: 'finder:messages.geolocation.failed',
  unsupported: 'finder:messages.geolocation.unsupported',
} as const;

/** Geolocation messages by error code (docs/product.md, Errors). */
export function geolocationErrorText(error: GeolocationPositionError): I18nText {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return { key: geolocationKeys.denied };
    case error.POSITION_UNAVAILABLE:
      return { key: geolocationKeys.unavailable };
    case error.TIMEOUT:
      return { key: geolocationKeys.timeout };
    default:
      return { key: geolocationKeys.failed };
  }
}

const positionOptions: PositionOptions = {
  enableHighAccuracy: true,
  timeout: timing.locationTimeoutMs,
  maximumAge: timing.locationMaxAgeMs,
};

/**
 * Location tracking (docs/product.md, Behaviour and Constants): a small move is ignored unless the last
 * position is stale; a background refresh runs when nothing updated for 30 s; it stops on unmount. It starts
 * on load only when the location is already granted (issue 15, item 8), else when the person asks (`request`)
 * or grants it elsewhere on the page (the hero's 'Use current location', the map's find-my-location).
 */
export function useDeviceLocation() {
  const [location, setLocation] = useState<DeviceLocation | null>(null);
  const [state, setState] = useState<TrackingState>('off');
  const [error, setError] = useState<I18nText | null>(null);
  const [started, setStarted] = useState(false);
  const current = useRef<DeviceLocation | null>(null);
  const lastUpdateAt = useRef<number | null>(null);

  // Asking before the person has let the site know their location would raise the browser's prompt (or,
  // refused before, a 'Location access denied' alert) before they asked for anything.
  useEffect(() => {
    if (!('geolocation' in navigator) || !('permissions' in navigator)) return;
    let cancelled = false;
    let status: PermissionStatus | null = null;
    const follow = () => {
      if (status?.state === 'granted') setStarted(true);
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((found) => {
        if (cancelled) return;
        status = found;
        follow();
        status.addEventListener('change', follow);
      })
      // No geolocation entry in this browser's Permissions API: wait to be asked.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', follow);
    };
  }, []);

  useEffect(() => {
    if (!started) return;
    if (!('geolocation' in navigator)) {
      setState('off');
      setError({ key: geolocationKeys.unsupported });
      return;
    }
    setState('locating');
    const accept = (position: GeolocationPosition) => {
      const next: DeviceLocation = {
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        accuracy: position.coords.accuracy,
        timestamp: position.timestamp,
      };
      const now = Date.now();
      lastUpdateAt.current = now;
      setState('active');
      setError(null);
      if (!shouldAcceptPosition(current.current, next, 'sidebar', now)) return;
      current.current = next;
      setLocation(next);
    };
    const fail = (failure: GeolocationPositionError) => {
      setState('off');
      setError(geolocationErrorText(failure));
    };
    const watchId = navigator.geolocation.watchPosition(accept, fail, positionOptions);
    const refresh = setInterval(() => {
      if (isBackgroundRefreshDue(lastUpdateAt.current, 'sidebar', Date.now()))
        navigator.geolocation.getCurrentPosition(accept, fail, positionOptions);
    }, timing.locationRefreshMs);
    return () => {
      navigator.geolocation.clearWatch(watchId);
      clearInterval(refresh);
    };
  }, [started]);

  /** The person asked to be located: tracking starts (the browser may prompt, a refusal is said). */
  const request = useCallback(() => setStarted(true), []);

  return { location, state, error, request, requested: started };
}
