import { geocodeErrorMessages, geocodeNetworkErrorMessages } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import { offlineNoCachedDataKey } from '../../src/domain/api-errors.ts';
import { geocodeErrorKeys } from '../../src/domain/geocode-errors.ts';
import { openStatusKeys } from '../../src/domain/open-status-display.ts';
import { placeKindKeys } from '../../src/domain/place-kind.ts';
import { priceKeys } from '../../src/domain/price-display.ts';
import { ratingKeys } from '../../src/domain/rating-display.ts';
import { relativeTimeKeys } from '../../src/domain/relative-time.ts';
import { mapAreaLabelKey } from '../../src/domain/search-rules.ts';
import { sortKeys } from '../../src/domain/sorting.ts';

/** English text of 'namespace:dotted.path', following i18next's plural suffixes (_one/_other) when asked. */
function english(key: string, plural = false): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  const parts = path.split('.');
  if (plural) parts[parts.length - 1] += '_other';
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const keys = [
  ...Object.values(openStatusKeys),
  ...Object.values(sortKeys),
  ...Object.values(priceKeys),
  ...Object.values(relativeTimeKeys),
  ...Object.values(geocodeErrorKeys),
  ...Object.values(placeKindKeys),
  ratingKeys.new,
  ratingKeys.noRating,
  ratingKeys.value,
  mapAreaLabelKey,
  offlineNoCachedDataKey,
];

describe('message keys of the finder rules', () => {
  it.each(keys)('when %s is looked up in en.json, then it has English text', (key) => {
    expect(english(key)).toEqual(expect.any(String));
  });

  it('when the review count is looked up, then it has plural forms', () => {
    expect(english(ratingKeys.reviewCount, true)).toBe('{{count}} reviews');
  });

  it.each([
    [geocodeErrorKeys.invalidQuery, geocodeErrorMessages.INVALID_QUERY],
    [geocodeErrorKeys.rateLimit, geocodeErrorMessages.RATE_LIMIT],
    [geocodeErrorKeys.noResults, geocodeErrorMessages.NO_RESULTS],
    [geocodeErrorKeys.networkError, geocodeNetworkErrorMessages.fetchFailed],
    [geocodeErrorKeys.unexpected, geocodeNetworkErrorMessages.unexpected],
    [geocodeErrorKeys.serviceError, geocodeNetworkErrorMessages.serviceError('{{status}}')],
  ])('when %s is shown in English, then it is the text of the contracts', (key, text) => {
    expect(english(key)).toBe(text);
  });
});
