import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { timing } from '@laundry/contracts';
import { defaultFilterSet, type FilterSet } from '../domain/filter-query.ts';
import { isNewSearch, readFinderUrl, writeFinderUrl, type FinderUrlState } from '../domain/finder-url.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { isMapMoveFarEnough, searchTextDecision } from '../domain/search-rules.ts';
import type { SortDirection, SortMode } from '../domain/sorting.ts';
import type { MapViewport } from '../map/camera-rules.ts';

/** What the finder writes into history entries it makes: the hero is gone, a detail was opened from here. */
interface FinderHistoryState {
  searched?: boolean;
  detailOpenedHere?: boolean;
}

/**
 * The home page's search state (docs/product.md, Behaviour), kept in the address bar so every search is a
 * link and Back steps through them (domain/finder-url.ts): the place searched or the map area, the filters,
 * the sort and the open laundromat. Only the typed text lives here alone, until it settles into a query after
 * a 1 s pause. A new search adds a history entry; a change to the same one (a filter, the sort, the map moved
 * on) replaces it. A map move searches its area after 800 ms (200 m minimum, 300 ms flag).
 */
export function useFinderSearch() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const historyState = (location.state ?? {}) as FinderHistoryState;
  const url = useMemo(() => readFinderUrl(params), [params]);
  const [text, setText] = useState(url.query);
  const [isMapSearching, setMapSearching] = useState(false);
  const lastSearchedCenter = useRef<Coordinates | null>(url.area?.center ?? null);
  const mapMoveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Changes are made from the state of the moment they happen, not of the render that scheduled them.
  // What the address bar holds, or is about to: the router applies a change a render or two after it is
  // asked for, and a change made meanwhile (the box emptied as the map searches its area) must build on it,
  // not on the address it replaces.
  const latest = useRef({ url, params, historyState });
  const pending = useRef<typeof latest.current | null>(null);
  if (pending.current?.params.toString() === params.toString()) pending.current = null;
  latest.current = pending.current ?? { url, params, historyState };
  /** The query this page last wrote, so only a query that came otherwise (Back, Forward) resets the box. */
  const writtenQuery = useRef<string | null>(null);
  const commit = useCallback(
    (
      change: Partial<FinderUrlState>,
      mode: 'push' | 'replace' | 'auto' = 'auto',
      state?: FinderHistoryState,
    ) => {
      const from = latest.current.url;
      const to = { ...from, ...change };
      const push = mode === 'push' || (mode === 'auto' && isNewSearch(from, to));
      if (to.query !== from.query) writtenQuery.current = to.query;
      // A replaced entry keeps what its history state said (the detail still open was opened here).
      const kept = push ? {} : latest.current.historyState;
      const next = writeFinderUrl(to, latest.current.params);
      const nextState = { ...kept, searched: true, ...state };
      pending.current = latest.current = { url: to, params: next, historyState: nextState };
      setParams(next, { replace: !push, state: nextState });
    },
    [setParams],
  );

  // Back and Forward (or a link) bring another search: the box shows it. The page's own writes do not
  // touch the box, which may have been typed on since.
  useEffect(() => {
    if (writtenQuery.current === url.query) {
      writtenQuery.current = null;
      return;
    }
    writtenQuery.current = null;
    setText((current) =>
      searchTextDecision(current).action === 'clear' && url.query === '' ? current : url.query,
    );
  }, [url.query]);
  useEffect(() => {
    if (url.area) lastSearchedCenter.current = url.area.center;
  }, [url.area]);

  const cancelMapMove = useCallback(() => clearTimeout(mapMoveTimer.current), []);

  useEffect(() => {
    const decision = searchTextDecision(text);
    if (decision.action === 'clear') {
      if (latest.current.url.query !== '') commit({ query: '' }, 'replace');
      return;
    }
    if (decision.query === latest.current.url.query) return;
    const timer = setTimeout(() => {
      // A text search replaces a map-area search the map had not started yet.
      cancelMapMove();
      commit({ query: decision.query, area: null, laundromatId: null });
    }, decision.delayMs);
    return () => clearTimeout(timer);
  }, [text, commit, cancelMapMove]);

  useEffect(() => () => clearTimeout(mapMoveTimer.current), []);

  /** The hero's Search button and quick searches: no pause. */
  const searchNow = useCallback(
    (value: string) => {
      const trimmed = value.trim();
      setText(trimmed);
      cancelMapMove();
      if (searchTextDecision(trimmed).action === 'geocode')
        commit({ query: trimmed, area: null, laundromatId: null }, 'push');
      else commit({ query: '', area: null, laundromatId: null }, 'push');
    },
    [commit, cancelMapMove],
  );

  /** A text search resolved to a place: the map flies there, which must not count as a map move. */
  const noteSearchedCenter = useCallback((center: Coordinates | null) => {
    lastSearchedCenter.current = center;
  }, []);

  /** The person moved the map (never the page's own flights: see use-maplibre-map.ts). */
  const onMapMove = useCallback(
    (viewport: MapViewport) => {
      clearTimeout(mapMoveTimer.current);
      mapMoveTimer.current = setTimeout(() => {
        if (!isMapMoveFarEnough(lastSearchedCenter.current, viewport.center)) return;
        lastSearchedCenter.current = viewport.center;
        // The box shows what is searched now: the map area, not the place typed before.
        setText('');
        commit({
          query: '',
          area: { center: viewport.center, zoom: viewport.zoom, bounds: viewport.bounds },
          laundromatId: null,
        });
        setMapSearching(true);
        setTimeout(() => setMapSearching(false), timing.mapSearchingFlagMs);
      }, timing.mapMoveDebounceMs);
    },
    [commit],
  );

  const setFilters = useCallback((filters: FilterSet) => commit({ filters }, 'replace'), [commit]);
  const clearFilters = useCallback(() => commit({ filters: defaultFilterSet() }, 'replace'), [commit]);
  const setSort = useCallback(
    (mode: SortMode, direction: SortDirection) => commit({ sort: { mode, direction } }, 'replace'),
    [commit],
  );

  const clearSearch = useCallback(() => {
    setText('');
    cancelMapMove();
    commit({ query: '', area: null }, 'replace');
  }, [commit, cancelMapMove]);

  /** Opening a laundromat is a history entry of its own, so Back closes it. */
  const openLaundromat = useCallback(
    (id: string) => {
      const open = latest.current.url.laundromatId;
      if (open === id) return;
      commit({ laundromatId: id }, open ? 'replace' : 'push', { detailOpenedHere: true });
    },
    [commit],
  );
  const detailOpenedHere = historyState.detailOpenedHere === true;
  const closeLaundromat = useCallback(() => {
    if (latest.current.url.laundromatId === null) return;
    // Back to the search it was opened from; a detail opened by a link closes onto its own search.
    if (detailOpenedHere) navigate(-1);
    else commit({ laundromatId: null }, 'replace');
  }, [commit, navigate, detailOpenedHere]);

  return {
    text,
    setText,
    query: url.query,
    /** The hero shows until a search is made, and again when Back returns to before it. */
    hasSearched: url.query !== '' || url.area !== null || historyState.searched === true,
    searchNow,
    filters: url.filters,
    setFilters,
    clearFilters,
    sort: url.sort,
    setSort,
    mapArea: url.area,
    isMapSearching,
    onMapMove,
    noteSearchedCenter,
    clearSearch,
    laundromatId: url.laundromatId,
    openLaundromat,
    closeLaundromat,
  };
}
