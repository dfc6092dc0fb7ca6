import { describe, expect, it } from 'vitest';
import { badgeFor, pointsFor } from '../../src/domain/contributions.ts';

describe('badgeFor', () => {
  it.each([
    [0, null],
    [49, null],
    [50, 'bronze'],
    [199, 'bronze'],
    [200, 'silver'],
    [499, 'silver'],
    [500, 'gold'],
    [10_000, 'gold'],
  ])('when the points are %i, then the badge is %s', (points, badge) => {
    expect(badgeFor(points)).toBe(badge);
  });
});

describe('pointsFor', () => {
  it('when each kind is asked, then a laundromat earns most and a photo least', () => {
    expect([pointsFor('laundromat'), pointsFor('review'), pointsFor('photo')]).toEqual([25, 10, 5]);
  });
});
