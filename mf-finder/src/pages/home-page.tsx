import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { searchMinLength } from '@laundry/contracts';
import { coordinateQueryFailure } from '../domain/coordinate-search.ts';
import { activeFilterCount } from '../domain/filter-query.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { mapAreaLabel } from '../domain/search-rules.ts';
import {
  defaultSortDirection,
  sortLaundromats,
  type SortDirection,
  type SortMode,
} from '../domain/sorting.ts';
import { FilterChips } from '../home/filter-chips.tsx';
import { FilterPanel } from '../home/filter-panel.tsx';
import { HeroSearch } from '../home/hero-search.tsx';
import { MobileBar } from '../home/mobile-bar.tsx';
import { ResultsList } from '../home/results-list.tsx';
import { SearchBox } from '../home/search-box.tsx';
import { geocodeFailureFromSearchError } from '../home/search-error.ts';
import { SearchReach } from '../home/search-reach.tsx';
import { SortControls } from '../home/sort-controls.tsx';
import { ViewToggle, type DesktopView } from '../home/view-toggle.tsx';
import { useDeviceLocation } from '../hooks/use-device-location.ts';
import { useFinderSearch } from '../hooks/use-finder-search.ts';
import { useLaundromatResults } from '../hooks/use-laundromat-results.ts';
import { FinderMap } from '../map/finder-map.tsx';
import { AdNetworkSlot } from '../shared/ad-network-slot.tsx';
import { AdSlot } from '../shared/ad-slot.tsx';
import { useMediaQuery } from '../shared/use-media-query.ts';
import { useText } from '../shared/use-text.ts';
import styles from '../home/home.module.css';

// Fetched the first time a laundromat is selected, not with the page.
const LaundromatDetailDialog = lazy(() =>
  import('../detail/laundromat-detail-dialog.tsx').then(({ LaundromatDetailDialog }) => ({
    default: LaundromatDetailDialog,
  })),
);

/** The layout of home.module.css that puts the list in a bottom drawer. */
const drawerLayoutQuery = '(max-width: 1023px)';

export default function HomePage() {
  const { t, text, locale } = useText();
  const search = useFinderSearch();
  const device = useDeviceLocation();
  const [sortMode, setSortMode] = useState<SortMode>('distance');
  const [sortDirection, setSortDirection] = useState<SortDirection>(defaultSortDirection.distance);
  const [view, setView] = useState<DesktopView>('both');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  /** Once opened the dialog stays mounted, so closing it animates and returns focus like any dialog. */
  const [detailUsed, setDetailUsed] = useState(false);

  const results = useLaundromatResults({
    query: search.query,
    filters: search.filters,
    mapArea: search.mapArea,
    deviceLocation: device.location,
  });
  // A new list is rendered in the background, in short slices, so the page keeps answering while 50
  // cards and their markers are built; until then the previous list (or the loading skeleton) stays.
  const shownItems = useDeferredValue(results.items);
  const isLoading = results.isLoading || (shownItems !== results.items && shownItems.length === 0);
  const isSearch = search.query.length >= searchMinLength;
  // Coordinates out of range are not sent (use-laundromat-results): their message is known here.
  const geocodeFailure = isSearch
    ? (coordinateQueryFailure(search.query) ?? geocodeFailureFromSearchError(results.error))
    : null;

  // Kept as the same objects while they mean the same place, so the memoised list and map are not re-rendered.
  const hasGeocodeFailure = geocodeFailure !== null;
  const searchLocation = useMemo((): (Coordinates & { label: string }) | null => {
    if (search.mapArea) return { ...search.mapArea.center, label: text(mapAreaLabel(search.mapArea.center)) };
    if (results.location && !hasGeocodeFailure)
      return { ...results.location, label: results.location.displayName };
    return null;
  }, [search.mapArea, results.location, hasGeocodeFailure, text]);
  const origin: Coordinates | null = searchLocation ?? device.location;

  const { noteSearchedCenter } = search;
  const resolvedLatitude = results.location?.latitude;
  const resolvedLongitude = results.location?.longitude;
  useEffect(() => {
    if (resolvedLatitude !== undefined && resolvedLongitude !== undefined)
      noteSearchedCenter({ latitude: resolvedLatitude, longitude: resolvedLongitude });
  }, [resolvedLatitude, resolvedLongitude, noteSearchedCenter]);

  const sorted = useMemo(
    () => sortLaundromats(shownItems, { mode: sortMode, direction: sortDirection, origin, locale }),
    [shownItems, sortMode, sortDirection, origin, locale],
  );
  const selected = results.items.find((item) => item.id === selectedId) ?? null;
  // Stable callbacks, so the memoised parts of the page re-render only when what they show changes.
  const select = useCallback((id: string) => {
    setSelectedId(id);
    setDetailOpen(true);
    setDetailUsed(true);
  }, []);
  const changeSortMode = useCallback((mode: SortMode) => {
    setSortMode(mode);
    setSortDirection(defaultSortDirection[mode]);
  }, []);
  const toggleSortDirection = useCallback(
    () => setSortDirection((d) => (d === 'highToLow' ? 'lowToHigh' : 'highToLow')),
    [],
  );
  const openList = useCallback(() => setDrawerOpen(true), []);
  const openFilters = useCallback(() => {
    setFiltersOpen(true);
    setDrawerOpen(true);
  }, []);
  const hasActiveFilters = activeFilterCount(search.filters) > 0;
  // Below the large breakpoint the list lives in a drawer that is hidden until opened (as it is in the map
  // view): its 50 cards are built when they can be seen, not on every load of a phone's map.
  const drawerLayout = useMediaQuery(drawerLayoutQuery);
  const listHidden = drawerLayout ? !drawerOpen : view === 'map';
  const count = sorted.items.length;

  const sidebar = (
    <div className={styles.sidebar}>
      <SearchBox
        value={search.text}
        onChange={search.setText}
        onClear={search.clearSearch}
        geocodeError={geocodeFailure?.message ?? null}
        tracking={device.state}
        trackingError={device.error}
      />
      <FilterChips filters={search.filters} onChange={search.setFilters} />
      <FilterPanel
        filters={search.filters}
        onChange={search.setFilters}
        onClear={search.clearFilters}
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
      />
      <div className={styles.countRow}>
        <p className={styles.count} role="status" data-testid="result-count">
          {!isLoading &&
            (searchLocation && !results.searchRadius?.nothingWithin
              ? t(results.hasMore ? 'results.countNearMore' : 'results.countNear', {
                  count,
                  place: searchLocation.label,
                })
              : t(results.hasMore ? 'results.countMore' : 'results.count', { count }))}
        </p>
        {search.isMapSearching && <span className={styles.muted}>{t('hero.searching')}</span>}
      </div>
      {!isLoading && results.searchRadius && searchLocation && (
        <SearchReach radius={results.searchRadius} place={searchLocation.label} count={count} />
      )}
      <SortControls
        mode={sortMode}
        direction={sortDirection}
        origin={origin}
        onModeChange={changeSortMode}
        onDirectionToggle={toggleSortDirection}
      />
      <ResultsList
        items={sorted.items}
        isLoading={isLoading}
        error={geocodeFailure ? null : results.error}
        isSearch={isSearch}
        isCached={results.isCached}
        cachedPlace={results.location?.displayName ?? null}
        cachedAt={results.cachedAt}
        hasText={search.text.trim() !== ''}
        hasActiveFilters={hasActiveFilters}
        onClearFilters={search.clearFilters}
        origin={origin}
        selectedId={selectedId}
        onSelect={select}
        sortNotice={sorted.notice}
        hidden={listHidden}
      />
      <AdSlot placement="home-sidebar" latitude={origin?.latitude} longitude={origin?.longitude} />
    </div>
  );

  return (
    <div className={styles.home}>
      {!search.hasSearched && (
        <HeroSearch onSearch={search.searchNow} isSearching={isSearch && results.isLoading} />
      )}
      <div className={styles.toolbar}>
        <ViewToggle view={view} onChange={setView} />
      </div>
      <div className={styles.finder} data-view={view}>
        <div className={styles.panel} data-drawer-open={drawerOpen}>
          <div className={styles.drawerHandle}>
            <strong>{t('mobileBar.drawer')}</strong>
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              aria-label={t('mobileBar.closeDrawer')}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          {sidebar}
        </div>
        <div className={styles.mapArea}>
          <FinderMap
            laundromats={sorted.items}
            selectedId={selectedId}
            onSelect={select}
            searchLocation={searchLocation}
            userLocation={device.location}
            onBoundsChange={search.onMapMove}
          />
        </div>
      </div>
      <AdSlot placement="home-page" latitude={origin?.latitude} longitude={origin?.longitude} />
      {/* Below everything the page is for: the third-party network's ad takes no one's place. */}
      <AdNetworkSlot />
      <MobileBar onList={openList} onFilters={openFilters} />
      {detailUsed && (
        <Suspense fallback={null}>
          <LaundromatDetailDialog
            laundromat={detailOpen ? selected : null}
            onClose={() => setDetailOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
