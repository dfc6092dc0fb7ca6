import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useText } from './use-text.ts';
import styles from './info-tip.module.css';

/** Room kept between a tip and the window's edge. */
const EDGE_PX = 8;

/**
 * A figure's explanation: an ⓘ button (focusable, named 'About …') described by its tooltip
 * (aria-describedby), so a screen reader reads the explanation with the button. The tip shows while the
 * pointer is over it or the button has focus, and a tap toggles it (phones have no hover); Escape hides
 * it. It is moved sideways to stay inside the window.
 */
export function InfoTip({ name, children }: { name: string; children: string }) {
  const { t } = useText();
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [shift, setShift] = useState(0);
  const tip = useRef<HTMLSpanElement>(null);
  const open = (hovered || focused || pinned) && !dismissed;

  useLayoutEffect(() => {
    if (!open || !tip.current) {
      setShift(0);
      return;
    }
    // Where the tip sits unshifted: at its anchor's left edge (left: 0 of the wrap, which the shift does not
    // move), as wide as it is. Measured once per opening.
    const left = tip.current.parentElement?.getBoundingClientRect().left ?? 0;
    const right = left + tip.current.getBoundingClientRect().width;
    const width = document.documentElement.clientWidth;
    setShift(right > width - EDGE_PX ? width - EDGE_PX - right : left < EDGE_PX ? EDGE_PX - left : 0);
  }, [open]);

  return (
    <span
      className={styles.wrap}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('info.about', { name })}
        aria-describedby={id}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
          setDismissed(false);
        }}
        onClick={() => {
          setPinned((value) => !value);
          setDismissed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setDismissed(true);
            setPinned(false);
          }
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <rect x="7.25" y="6.75" width="1.5" height="5" rx=".75" fill="currentColor" />
          <circle cx="8" cy="4.6" r="1" fill="currentColor" />
        </svg>
      </button>
      <span
        ref={tip}
        role="tooltip"
        id={id}
        className={styles.tip}
        data-open={open}
        style={shift ? { transform: `translateX(${shift}px)` } : undefined}
      >
        {children}
      </span>
    </span>
  );
}
