import { describe, expect, it } from 'vitest';
import { isSimilarName, nameCore } from '../../src/domain/name-similarity.ts';

describe('isSimilarName', () => {
  it.each([
    ['Harbour Laundry', 'Harbor Laundromat'],
    ['Laverie du Marché', 'Lavomatique du marche'],
    ['Suds', 'Suds City Laundromat'],
    ['SPIN CYCLE', 'Spin-Cycle Coin Laundry'],
    ['清洁洗衣店', '清洁自助洗衣'],
  ])('when %s and %s name the same shop, then they are similar', (a, b) => {
    expect(isSimilarName(a, b)).toBe(true);
  });

  it.each([
    ['Harbour Laundry', 'Station Laundry'],
    ['Laverie du Marché', 'Laverie de la Gare'],
    ['Bubbles', 'Spin Cycle'],
  ])('when %s and %s share only the word for a laundromat, then they are not', (a, b) => {
    expect(isSimilarName(a, b)).toBe(false);
  });

  it('when a name is only generic words, then those words are what is compared', () => {
    expect(nameCore('The Laundromat')).toBe('the laundromat');
    expect(isSimilarName('Laundromat', 'The Laundromat')).toBe(true);
  });
});
