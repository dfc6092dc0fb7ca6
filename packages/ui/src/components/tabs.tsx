import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  /** Rendered only while its tab is selected. */
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem[];
  defaultValue?: string;
  /** Controlled use: the selected tab and its change. */
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * Tabs as WAI-ARIA describes them: one tab stop for the list (arrow keys, Home and End move and select),
 * each panel labelled by its tab.
 */
export function Tabs({ label, items, defaultValue, value, onValueChange, className }: TabsProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value ?? '');
  const selected = value ?? own;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === selected);
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const item = target === null ? undefined : items[target];
    if (!item) return;
    event.preventDefault();
    select(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  const active = items.find((item) => item.value === selected) ?? items[0];
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.value === active?.value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${id}-panel-${active.value}`}
          aria-labelledby={`${id}-tab-${active.value}`}
          tabIndex={0}
          className={styles.panel}
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
