import { memo, useId, useState, type KeyboardEvent } from 'react';
import type { GeocodeResult } from '@laundry/contracts';
import type { PlaceHints } from '../domain/place-hints.ts';
import { placeKindLabel } from '../domain/place-kind.ts';
import { usePlaceSuggestions } from '../hooks/use-place-suggestions.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

/**
 * The text a chosen place is searched with: its full name, which the geocoder answers with that place
 * ('Paris, Texas, United States'), or for a postal code the code and its country ('75001, France').
 */
export function suggestionQuery(result: GeocodeResult, typed: string): string {
  const code = typed.trim();
  const isPostal = /\d/.test(code) && result.displayName.toUpperCase().includes(code.toUpperCase());
  return isPostal && result.country ? `${code}, ${result.country}` : result.displayName;
}

interface PlaceComboboxProps {
  value: string;
  /** What the box shows when it is not what is typed (the map area searched). */
  shown?: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen: search for it now. */
  onPick: (query: string) => void;
  hints: PlaceHints;
  className: string | undefined;
  placeholder: string;
  label: string;
  type?: 'search' | 'text';
  onFocus?: (input: HTMLInputElement) => void;
}

/**
 * A search box that suggests places as a name is typed, after the ARIA combobox pattern: the list is
 * announced with its size, Up and Down move through it (the input keeps the focus, the active option is
 * its aria-activedescendant), Enter chooses, Escape closes, and a click or tap chooses too.
 */
export const PlaceCombobox = memo(function PlaceCombobox({
  value,
  shown,
  onChange,
  onPick,
  hints,
  className,
  placeholder,
  label,
  type = 'text',
  onFocus,
}: PlaceComboboxProps) {
  const { t, text } = useText();
  const id = useId();
  const listId = `${id}-places`;
  // Open only after typing in the box, so a box filled by a link or by Back does not pop a list up.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions } = usePlaceSuggestions(value, hints, open);
  const expanded = open && suggestions.length > 0;
  const activeIndex = active < suggestions.length ? active : -1;

  const pick = (result: GeocodeResult) => {
    setOpen(false);
    setActive(-1);
    onPick(suggestionQuery(result, value));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) setOpen(true);
      if (count === 0) return;
      event.preventDefault();
      if (event.key === 'ArrowDown') setActive((activeIndex + 1) % count);
      else setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      pick(suggestions[activeIndex] as GeocodeResult);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; a second Escape clears the box as a search box does.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={styles.combobox}>
      <input
        type={type}
        className={className}
        value={shown ?? value}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onFocus={(event) => onFocus?.(event.target)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggest.label')}
        className={styles.suggestions}
        hidden={!expanded}
      >
        {expanded &&
          suggestions.map((result, index) => (
            <li
              key={`${result.displayName}-${result.latitude}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.suggestion}
              // The input keeps the focus (and the list stays) until the click has chosen.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(result)}
            >
              {result.displayName}
              {result.kind && <span className={styles.suggestionKind}>{text(placeKindLabel(result)!)}</span>}
            </li>
          ))}
      </ul>
      <span className="visually-hidden" role="status">
        {expanded ? t('search.suggest.count', { count: suggestions.length }) : ''}
      </span>
    </div>
  );
});
