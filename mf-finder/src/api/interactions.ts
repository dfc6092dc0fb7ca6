import { useEffect } from 'react';
import type { LaundromatInteractionKind } from '@laundry/contracts';
import { adConversionKindOf, heldAdClick, rememberAdClick } from '../domain/ad-conversion.ts';

/**
 * Tells the directory that a laundromat's detail was opened or one of its buttons tapped, for its verified
 * owner's insights. Only the kind is sent; the directory adds one to that day's count and keeps nothing
 * about the visitor. sendBeacon still delivers when the tap leaves the page (a phone call, a website);
 * fetch with keepalive where a browser has no beacon. Failures are silent: the visitor never waits.
 */
export function reportInteraction(laundromatId: string, kind: LaundromatInteractionKind): void {
  beacon(`/api/laundromats/${encodeURIComponent(laundromatId)}/interactions`, JSON.stringify({ kind }));
  reportAdConversion(laundromatId, kind);
}

/** The tap as the conversion of the ad whose click opened this laundromat's detail, if one did. */
function reportAdConversion(laundromatId: string, kind: LaundromatInteractionKind): void {
  const conversion = adConversionKindOf(kind);
  const storage = conversion ? safeStorage() : undefined;
  const token = storage ? heldAdClick(storage, laundromatId) : null;
  if (conversion && token) beacon('/api/ads/conversions', JSON.stringify({ token, kind: conversion }));
}

/** sessionStorage, or nothing where the browser refuses it (private modes, storage off). */
function safeStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function beacon(url: string, body: string): void {
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses the beacon: the fetch below.
  }
  void fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/** Counts one detail view each time the detail of another laundromat is shown. */
export function useCountedDetailView(laundromatId: string): void {
  useEffect(() => {
    // Opened from a promoted laundromat's ad: its click token is kept for the taps that follow.
    const storage = safeStorage();
    if (storage) rememberAdClick(storage, window.location.search, laundromatId);
    reportInteraction(laundromatId, 'detail-view');
  }, [laundromatId]);
}
