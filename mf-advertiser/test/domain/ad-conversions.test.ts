import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import {
  conversionKinds,
  conversionRate,
  conversionRows,
  conversionTotal,
  noConversions,
} from '../../src/domain/ad-conversions.ts';

function english(key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe("a promoted laundromat's conversions on the analytics page", () => {
  it('when directions, calls and website taps are counted, then the total adds every kind', () => {
    expect(conversionTotal({ directions: 2, call: 1, website: 3 })).toBe(6);
    expect(conversionTotal(noConversions)).toBe(0);
  });

  it('when there were clicks, then the rate is conversions per click', () => {
    expect(conversionRate({ directions: 1, call: 0, website: 0 }, 1)).toBe(1);
    expect(conversionRate({ directions: 1, call: 1, website: 0 }, 4)).toBe(0.5);
    // One click may lead to several kinds.
    expect(conversionRate({ directions: 1, call: 1, website: 1 }, 1)).toBe(3);
  });

  it('when there was no click, then there is no rate rather than 0 % or a division by zero', () => {
    expect(conversionRate(noConversions, 0)).toBeNull();
    expect(conversionRate({ directions: 1, call: 0, website: 0 }, 0)).toBeNull();
  });

  it('when the series is listed, then only periods with a click or a conversion show, oldest first', () => {
    const rows = conversionRows([
      { period: '2026-11-29T00:00:00Z', clicks: 2, conversions: { directions: 1, call: 0, website: 0 } },
      { period: '2026-11-27T00:00:00Z', clicks: 0, conversions: noConversions },
      { period: '2026-11-28T00:00:00Z', clicks: 0, conversions: { directions: 0, call: 1, website: 0 } },
      { period: '2026-11-26T00:00:00Z', clicks: 3 },
    ]);
    expect(rows).toEqual([
      { period: '2026-11-26T00:00:00Z', clicks: 3, conversions: noConversions, rate: 0 },
      {
        period: '2026-11-28T00:00:00Z',
        clicks: 0,
        conversions: { directions: 0, call: 1, website: 0 },
        rate: null,
      },
      {
        period: '2026-11-29T00:00:00Z',
        clicks: 2,
        conversions: { directions: 1, call: 0, website: 0 },
        rate: 0.5,
      },
    ]);
  });

  it.each(conversionKinds.map(({ key }) => key))(
    'when %s is looked up in en.json, then it has English text',
    (key) => {
      expect(english(key)).toEqual(expect.any(String));
    },
  );
});
