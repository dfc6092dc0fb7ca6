import { describe, expect, it } from 'vitest';
import { adConversionKindOf, heldAdClick, rememberAdClick } from '../../src/domain/ad-conversion.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    setItem: (key: string, value: string) => void items.set(key, value),
    getItem: (key: string) => items.get(key) ?? null,
  };
};
const id = '0b7e1c1e-0000-4000-8000-000000000001';

describe('ad conversions at a promoted laundromat', () => {
  it.each([
    ['directions', 'directions'],
    ['phone', 'call'],
    ['website', 'website'],
    ['detail-view', null],
    ['share', null],
  ] as const)('when the visitor taps %s, then the conversion is %s', (kind, conversion) => {
    expect(adConversionKindOf(kind)).toBe(conversion);
  });

  it("when the ad's link opened this laundromat, then its click token is held for it", () => {
    const storage = memory();
    rememberAdClick(storage, `?l=${id}&adClick=abc.def`, id);
    expect(heldAdClick(storage, id)).toBe('abc.def');
  });

  it('when the page was opened without a token, or for another laundromat, then nothing is held', () => {
    const storage = memory();
    rememberAdClick(storage, `?l=${id}`, id);
    rememberAdClick(storage, `?l=another&adClick=abc.def`, id);
    expect(heldAdClick(storage, id)).toBeNull();
  });
});
