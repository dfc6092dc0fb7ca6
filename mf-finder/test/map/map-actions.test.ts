import { describe, expect, it } from 'vitest';
import { initialCameraCenter } from '../../src/map/map-actions.ts';

const searched = { latitude: 51.5, longitude: -0.12 };
const user = { latitude: 48.85, longitude: 2.35 };
const fallback = { latitude: 2.204, longitude: 102.2478 };

describe('where the map looks before anyone moves it (docs/product.md, Pages)', () => {
  it.each([
    ['a searched place and the user', searched, user, searched],
    ['only the user', null, user, user],
    ['neither', null, null, fallback],
  ])('when there is %s, then it looks there', (_case, searchLocation, userLocation, expected) => {
    expect(initialCameraCenter(searchLocation, userLocation, fallback)).toEqual(expected);
  });

  it('when the searched place carries a label, then only its coordinates are taken', () => {
    expect(initialCameraCenter({ ...searched, label: 'London' } as typeof searched, null, fallback)).toEqual(
      searched,
    );
  });
});
