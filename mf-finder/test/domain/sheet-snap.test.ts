import { describe, expect, it } from 'vitest';
import { sheetHeights, snapAfterDrag, stepSnap } from '../../src/domain/sheet-snap.ts';

// A phone of 844 px: the sheet may be 717 px high (85 %), peeking 200 px.
const heights = sheetHeights({ fullHeight: 717, peekHeight: 200, viewportHeight: 844 });

describe('the results sheet', () => {
  it('when measured on a phone, then it rests peeking, at half the screen or full', () => {
    expect(heights).toEqual({ peek: 200, half: 422, full: 717 });
  });

  it('when the peek is taller than half the screen or the sheet, then the rests never cross', () => {
    expect(sheetHeights({ fullHeight: 300, peekHeight: 350, viewportHeight: 400 })).toEqual({
      peek: 300,
      half: 300,
      full: 300,
    });
  });

  it.each([
    [210, 0, 'peek'],
    [330, 0, 'half'],
    [600, 0, 'full'],
    [700, 0.1, 'full'],
  ] as const)('when let go slowly at %i px, then it rests at the nearest: %s', (visible, velocity, snap) => {
    expect(snapAfterDrag(heights, visible, velocity)).toBe(snap);
  });

  it.each([
    [230, 1, 'half', 'a flick up from the peek'],
    [440, 1, 'full', 'a flick up past half'],
    [700, -1, 'half', 'a flick down from full'],
    [400, -1, 'peek', 'a flick down below half'],
    [717, 2, 'full', 'a flick up at the top'],
    [200, -2, 'peek', 'a flick down at the bottom'],
  ] as const)(
    'when let go at %i px moving %d px/ms, then it rests at %s (%s)',
    (visible, velocity, snap, _case) => {
      expect(snapAfterDrag(heights, visible, velocity)).toBe(snap);
    },
  );

  it('when stepped by keys or taps, then it moves one rest at a time', () => {
    expect(stepSnap('peek', 'up')).toBe('half');
    expect(stepSnap('full', 'up')).toBe('full');
    expect(stepSnap('half', 'down')).toBe('peek');
    expect(stepSnap('peek', 'down')).toBe('peek');
    expect(stepSnap('peek', 'cycle')).toBe('half');
    expect(stepSnap('full', 'cycle')).toBe('peek');
  });
});
