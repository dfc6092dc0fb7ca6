/**
 * The phone's results sheet (docs/product.md, Pages: a bottom drawer at most 85 % of the viewport high) rests
 * at one of three heights, as map apps' sheets do: peeking with the count and the first result, half the
 * screen, or its full height. These rules pick where it rests after a drag, a tap or a key.
 */
export const sheetSnaps = ['peek', 'half', 'full'] as const;
export type SheetSnap = (typeof sheetSnaps)[number];

export type SheetHeights = Record<SheetSnap, number>;

/** A release faster than this (px per ms) goes on to the next height in its direction, however short. */
export const flickVelocity = 0.5;

/** The visible heights of the three rests, each at least the one below it. */
export function sheetHeights(input: {
  fullHeight: number;
  peekHeight: number;
  viewportHeight: number;
}): SheetHeights {
  const full = Math.max(0, input.fullHeight);
  const peek = Math.min(full, Math.max(0, input.peekHeight));
  const half = Math.min(full, Math.max(peek, Math.round(input.viewportHeight / 2)));
  return { peek, half, full };
}

/**
 * Where the sheet rests after a drag let go at `visible` px high, moving at `velocity` px/ms (positive
 * upwards): a flick goes to the next rest in its direction, a slow release to the nearest one.
 */
export function snapAfterDrag(heights: SheetHeights, visible: number, velocity: number): SheetSnap {
  if (Math.abs(velocity) >= flickVelocity) {
    const up = velocity > 0;
    const ordered = up ? sheetSnaps : [...sheetSnaps].reverse();
    return (
      ordered.find((snap) => (up ? heights[snap] > visible : heights[snap] < visible)) ?? ordered.at(-1)!
    );
  }
  let nearest: SheetSnap = 'peek';
  for (const snap of sheetSnaps)
    if (Math.abs(heights[snap] - visible) < Math.abs(heights[nearest] - visible)) nearest = snap;
  return nearest;
}

/** One step up or down (arrow keys); a tap on the handle goes up and from the top back to the peek. */
export function stepSnap(snap: SheetSnap, step: 'up' | 'down' | 'cycle'): SheetSnap {
  const index = sheetSnaps.indexOf(snap);
  if (step === 'cycle') return sheetSnaps[(index + 1) % sheetSnaps.length]!;
  const next = step === 'up' ? Math.min(index + 1, sheetSnaps.length - 1) : Math.max(index - 1, 0);
  return sheetSnaps[next]!;
}
