import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  sheetHeights,
  snapAfterDrag,
  stepSnap,
  type SheetHeights,
  type SheetSnap,
} from '../domain/sheet-snap.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface ResultsSheetProps {
  /** Below the large breakpoint the panel is a bottom sheet; above it, the plain left panel. */
  asSheet: boolean;
  snap: SheetSnap;
  onSnapChange: (snap: SheetSnap) => void;
  /** Told when a drag starts and ends: while dragging, everything the sheet holds is shown. */
  onDraggingChange?: (dragging: boolean) => void;
  children: ReactNode;
}

/** A pointer that moved less than this is a tap on the handle, not a drag. */
const dragThresholdPx = 6;

interface Drag {
  pointerId: number;
  startY: number;
  startVisible: number;
  lastY: number;
  lastAt: number;
  velocity: number;
  moved: boolean;
}

/**
 * The phone's results (docs/product.md, Pages, as map apps show them): a sheet over the bottom of the map
 * that peeks with the search box, the count and the first result, and is dragged by its handle (pointer
 * events) to half the screen or to its full height (at most 85 % of the viewport); a tap on the handle or its
 * arrow keys move it too. Its first list item marks where the peek ends.
 */
export function ResultsSheet({ asSheet, snap, onSnapChange, onDraggingChange, children }: ResultsSheetProps) {
  const { t } = useText();
  const bodyId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [heights, setHeights] = useState<SheetHeights | null>(null);
  /** The visible height while a finger holds the sheet; null when it rests at its snap. */
  const [dragVisible, setDragVisible] = useState<number | null>(null);

  // Measured again whenever the sheet is given what it holds (`children`, new with each render of the page),
  // so the peek follows it (a loading skeleton, a long name), and when its snap, drag or the window change.
  // The sheet's own height state is left out: it only moves the sheet, which the measure does not see.
  // The peek is read while the sheet peeks, when only the search box, the count and the list show.
  const peekHeight = useRef<number | null>(null);
  const [viewport, setViewport] = useState(() => window.innerHeight);
  useEffect(() => {
    const resized = () => setViewport(window.innerHeight);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  useLayoutEffect(() => {
    const sheet = sheetRef.current;
    if (!asSheet || !sheet) return;
    if (snap === 'peek' && dragVisible === null) {
      const end = sheet.querySelector('li, [data-sheet-peek-end]');
      const top = sheet.getBoundingClientRect().top;
      peekHeight.current = end ? Math.ceil(end.getBoundingClientRect().bottom - top + 12) : null;
    }
    const fullHeight = sheet.offsetHeight;
    const next = sheetHeights({
      fullHeight,
      peekHeight: peekHeight.current ?? fullHeight / 4,
      viewportHeight: viewport,
    });
    setHeights((current) =>
      current && current.peek === next.peek && current.half === next.half && current.full === next.full
        ? current
        : next,
    );
  }, [asSheet, snap, dragVisible, viewport, children]);

  const visible = dragVisible ?? (heights ? heights[snap] : null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!heights || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // A drag whose release brought no click (the pointer let go elsewhere) must not swallow this press's.
    delete event.currentTarget.dataset.dragged;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startY: event.clientY,
      startVisible: heights[snap],
      lastY: event.clientY,
      lastAt: event.timeStamp,
      velocity: 0,
      moved: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !heights) return;
    if (!current.moved && Math.abs(event.clientY - current.startY) < dragThresholdPx) return;
    if (!current.moved) onDraggingChange?.(true);
    current.moved = true;
    const elapsed = event.timeStamp - current.lastAt;
    // Upwards is positive: the sheet grows as the finger rises.
    if (elapsed > 0) current.velocity = (current.lastY - event.clientY) / elapsed;
    current.lastY = event.clientY;
    current.lastAt = event.timeStamp;
    const next = current.startVisible + (current.startY - event.clientY);
    setDragVisible(Math.min(heights.full, Math.max(heights.peek, next)));
  };

  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.moved || !heights) return;
    // The click that follows a drag's release is not a tap.
    event.currentTarget.dataset.dragged = 'true';
    const released = current.startVisible + (current.startY - event.clientY);
    setDragVisible(null);
    onDraggingChange?.(false);
    onSnapChange(snapAfterDrag(heights, released, current.velocity));
  };

  const onClick = (event: { currentTarget: HTMLButtonElement }) => {
    if (event.currentTarget.dataset.dragged === 'true') {
      delete event.currentTarget.dataset.dragged;
      return;
    }
    onSnapChange(stepSnap(snap, 'cycle'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onSnapChange(stepSnap(snap, event.key === 'ArrowUp' ? 'up' : 'down'));
  };

  // data-drawer-open marks the element that scrolls the results, on either layout.
  if (!asSheet)
    return (
      <div className={styles.panel} data-drawer-open="false">
        {children}
      </div>
    );

  const expanded = snap !== 'peek';
  return (
    <div
      ref={sheetRef}
      className={`${styles.panel} ${styles.sheet}`}
      data-snap={snap}
      data-dragging={dragVisible !== null}
      data-testid="results-sheet"
      style={visible === null ? undefined : { transform: `translateY(calc(100% - ${visible}px))` }}
    >
      <div className={styles.sheetHead}>
        <button
          type="button"
          className={styles.sheetHandle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={t('mobileBar.drawer')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          <span className={styles.sheetGrip} aria-hidden="true" />
        </button>
        {expanded && (
          <button
            type="button"
            className={styles.sheetClose}
            onClick={() => onSnapChange('peek')}
            aria-label={t('mobileBar.closeDrawer')}
          >
            {/* A chevron, not a ✕: the search box's clear button just below is the sheet's one ✕. */}
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path
                d="M5 7.5l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
      <div id={bodyId} className={styles.sheetBody} data-drawer-open={expanded}>
        {children}
      </div>
    </div>
  );
}
