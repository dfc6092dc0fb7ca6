import { afterEach, describe, expect, it, vi } from 'vitest';
import { adRequestUrl, newPageView, roundForAds } from '../../src/domain/ad-request.ts';
import { adDecisionQuerySchema } from '@laundry/contracts';

describe('ad request', () => {
  it('when a slot knows no place, then only its placement is asked for', () => {
    expect(adRequestUrl({ placement: 'home-page' })).toBe('/api/ads?placement=home-page');
    expect(adRequestUrl({ placement: 'home-page', latitude: null, longitude: null })).toBe(
      '/api/ads?placement=home-page',
    );
  });

  it('when the page knows a place, then its coordinates go to two decimals (about 1 km)', () => {
    expect(adRequestUrl({ placement: 'home-sidebar', latitude: 51.507351, longitude: -0.127758 })).toBe(
      '/api/ads?placement=home-sidebar&latitude=51.51&longitude=-0.13',
    );
  });

  it('when only one coordinate is known, then neither is sent (the service wants both or none)', () => {
    expect(adRequestUrl({ placement: 'home-page', latitude: 48.85 })).toBe('/api/ads?placement=home-page');
    expect(adRequestUrl({ placement: 'home-page', latitude: Number.NaN, longitude: 2.35 })).toBe(
      '/api/ads?placement=home-page',
    );
  });

  it('when the detail asks, then the laundromat goes with it', () => {
    expect(
      adRequestUrl({
        placement: 'laundromat-detail',
        laundromatId: '0b7e1c1e-0000-4000-8000-000000000001',
      }),
    ).toBe('/api/ads?placement=laundromat-detail&laundromatId=0b7e1c1e-0000-4000-8000-000000000001');
  });

  it('when the map moves a few streets, then the rounded point (and so the ad asked for) stays the same', () => {
    expect(roundForAds(48.85661)).toBe(roundForAds(48.8589));
    expect(roundForAds(-33.8688)).toBe(-33.87);
  });

  it('when a slot belongs to a page view, then the view goes with it, so one campaign fills one of its slots', () => {
    const view = newPageView();

    expect(adRequestUrl({ placement: 'home-page', view })).toBe(`/api/ads?placement=home-page&view=${view}`);
  });
});

describe('page view id', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when asked twice, then two different UUIDs the ad service accepts', () => {
    const [first, second] = [newPageView(), newPageView()];

    expect(adDecisionQuerySchema.parse({ placement: 'home-page', view: first }).view).toBe(first);
    expect(second).not.toBe(first);
  });

  it('when the page is not on a secure origin (no randomUUID), then it still makes valid, different UUIDs', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const ids = Array.from({ length: 50 }, newPageView);

    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(50);
  });
});
