import { describe, expect, it } from 'vitest';
import { adRequestUrl, roundForAds } from '../../src/domain/ad-request.ts';

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
});
