import { useCallback, useEffect, useRef, useState } from 'react';
import { timing } from '@laundry/contracts';
import { defaultFilterSet, type FilterSet } from '../domain/filter-query.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { isMapMoveFarEnough, searchTextDecision } from '../domain/search-rules.ts';
import type { MapViewport } from '../map/camera-rules.ts';
import type { MapAreaSearch } from './use-laundromat-results.ts';

/**
 * The home page's search state (spec §4): the typed text, the query it settles into after a 1 s pause,
 * the filters, and the map-area search a map move sets (800 ms debounce, 200 m minimum, 300 ms flag).
 */
export function useFinderSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [hasSearched, setHasSearched] = useState(false);
  const [filters, setFilters] = useState<FilterSet>(defaultFilterSet);
  const [mapArea, setMapArea] = useState<MapAreaSearch | null>(null);
  const [isMapSearching, setMapSearching] = useState(false);
  const lastSearchedCenter = useRef<Coordinates | null>(null);
  const mapMoveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const decision = searchTextDecision(text);
    if (decision.action === 'clear') {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => {
      setQuery(decision.query);
      setMapArea(null);
      setHasSearched(true);
    }, decision.delayMs);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => () => clearTimeout(mapMoveTimer.current), []);

  /** The hero's Search button and quick searches: no pause. */
  const searchNow = useCallback((value: string) => {
    const trimmed = value.trim();
    setText(trimmed);
    setMapArea(null);
    setHasSearched(true);
    if (searchTextDecision(trimmed).action === 'geocode') setQuery(trimmed);
  }, []);

  /** A text search resolved to a place: the map flies there, which must not count as a map move. */
  const noteSearchedCenter = useCallback((center: Coordinates | null) => {
    lastSearchedCenter.current = center;
  }, []);

  const onMapMove = useCallback((viewport: MapViewport) => {
    clearTimeout(mapMoveTimer.current);
    mapMoveTimer.current = setTimeout(() => {
      if (!isMapMoveFarEnough(lastSearchedCenter.current, viewport.center)) return;
      lastSearchedCenter.current = viewport.center;
      setMapArea({ center: viewport.center, bounds: viewport.bounds });
      setMapSearching(true);
      setTimeout(() => setMapSearching(false), timing.mapSearchingFlagMs);
    }, timing.mapMoveDebounceMs);
  }, []);

  const clearFilters = useCallback(() => setFilters(defaultFilterSet()), []);

  const clearSearch = useCallback(() => {
    setText('');
    setQuery('');
    setMapArea(null);
  }, []);

  return {
    text,
    setText,
    query,
    hasSearched,
    searchNow,
    filters,
    setFilters,
    clearFilters,
    mapArea,
    isMapSearching,
    onMapMove,
    noteSearchedCenter,
    clearSearch,
  };
}
