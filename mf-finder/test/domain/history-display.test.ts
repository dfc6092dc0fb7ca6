import { describe, expect, it } from 'vitest';
import { historyFieldText, historyValueText } from '../../src/domain/history-display.ts';

describe('history display', () => {
  it('names the fields the finder knows, an amenity by its label, and any other by itself', () => {
    expect(historyFieldText('openingHours')).toEqual({ key: 'detail.hours' });
    expect(historyFieldText('hasWifi')).toEqual({ key: 'amenities.hasWifi' });
    expect(historyFieldText('washPriceSmall')).toEqual({ key: 'history.field.price' });
    expect(historyFieldText('numWashers')).toBe('numWashers');
  });

  it('says none, yes or no, a pin as coordinates, and a merge without the id', () => {
    const change = (field: string) => ({ field, from: null, to: null });
    expect(historyValueText(change('phone'), null)).toEqual({ key: 'history.none' });
    expect(historyValueText(change('hasWifi'), false)).toEqual({ key: 'history.no' });
    expect(historyValueText(change('location'), { latitude: 48.8566, longitude: 2.3522 })).toBe(
      '48.85660, 2.35220',
    );
    expect(historyValueText(change('mergedInto'), '0b6c…')).toEqual({ key: 'history.merged' });
    expect(historyValueText(change('status'), 'closed')).toEqual({ key: 'suggest.closedBadge' });
    expect(historyValueText(change('phone'), '+33 1')).toBe('+33 1');
  });
});
