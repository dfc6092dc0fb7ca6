import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { searchMinLength } from '@laundry/contracts';
import { withDeferredEnglish } from '@laundry/ui';
import { coordinateQueryFailure } from '../domain/coordinate-search.ts';
import { roundForAds } from '../domain/ad-request.ts';
import { activeFilterCount } from '../domain/filter-query.ts';
import { firstScreenCentre } from '../domain/first-screen-centre.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { browserRegion, type PlaceHints } from '../domain/place-hints.ts';
import { mapAreaLabel } from '../domain/search-rules.ts';
import type { SheetSnap } from '../domain/sheet-snap.ts';
import { defaultSortDirection, sortLaundromats, type SortMode } from '../domain/sorting.ts';
import { FilterChips } from '../home/filter-chips.tsx';
import { FilterPanel } from '../home/filter-panel.tsx';
import { HeroSearch } from '../home/hero-search.tsx';
import { MobileBar } from '../home/mobile-bar.tsx';
import { ResultsList } from '../home/results-list.tsx';
import { ResultsSheet } from '../home/results-sheet.tsx';
import { SearchBox } from '../home/search-box.tsx';
import { geocodeFailureFromSearchError } from '../home/search-error.ts';
import { SearchReach } from '../home/search-reach.tsx';
import { ShowMore } from '../home/show-more.tsx';
import { SortControls } from '../home/sort-controls.tsx';
import { ViewToggle, type DesktopView } from '../home/view-toggle.tsx';
import { useDeviceLocation } from '../hooks/use-device-location.ts';
import { useFinderSearch } from '../hooks/use-finder-search.ts';
import { useLaundromat } from '../hooks/use-laundromat.ts';
import { useLaundromatResults } from '../hooks/use-laundromat-results.ts';
import { usePlaceSuggestions } from '../hooks/use-place-suggestions.ts';
import { useLiveUpdates } from '../live/use-live-updates.ts';
import { FinderMap } from '../map/finder-map.tsx';
import { AdNetworkSlot } from '../shared/ad-network-slot.tsx';
import { AdSlot } from '../shared/ad-slot.tsx';
import { useMediaQuery } from '../shared/use-media-query.ts';
import { usePageView } from '../shared/use-page-view.ts';
import { useText } from '../shared/use-text.ts';
import styles from '../home/home.module.css';

/** Hints kept as the same object while they round to the same point, so queries keyed on them stay put. */
function usePlaceHints(centre: Coordinates, region: string | null): PlaceHints {
  const latitude = Number(centre.latitude.toFixed(2));
  const longitude = Number(centre.longitude.toFixed(2));
  return useMemo(() => ({ near: { latitude, longitude }, region }), [latitude, longitude, region]);
}

// Fetched the first time a laundromat is selected, not with the page.
// With the suggested edit's English, which the first load leaves out (create-i18n.ts).
const LaundromatDetailDialog = lazy(
  withDeferredEnglish(() =>
    import('../detail/laundromat-detail-dialog.tsx').then(({ LaundromatDetailDialog }) => ({
      default: LaundromatDetailDialog,
    })),
  ),
);

/** The layout of home.module.css that puts the list in a bottom drawer. */
const drawerLayoutQuery = '(max-width: 1023px)';

export default function HomePage() {
  const { t, text, locale } = useText();
  const search = useFinderSearch();
  const device = useDeviceLocation();
  const { mode: sortMode, direction: sortDirection } = search.sort;
  const [view, setView] = useState<DesktopView>('both');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetSnap, setSheetSnap] = useState<SheetSnap>('peek');
  const [sheetDragging, setSheetDragging] = useState(false);
  /** The laundromat last opened: its card and marker stay marked after its detail is closed. */
  const [selectedId, setSelectedId] = useState<string | null>(search.laundromatId);
  const detailId = search.laundromatId;
  useEffect(() => {
    if (detailId) setSelectedId(detailId);
  }, [detailId]);
  /** Once opened the dialog stays mounted, so closing it animates and returns focus like any dialog. */
  const [detailUsed, setDetailUsed] = useState(detailId !== null);

  // Which place of a name the person means (place-hints.ts): where the map is, and the browser's country.
  // The search is sent with the centre of the last map area, the device or the first screen, not with the
  // place it answers (that would ask again as soon as it answers); suggestions follow the map there too.
  const region = useMemo(() => browserRegion(navigator.languages ?? [navigator.language]), []);
  const viewCentre = search.mapArea?.center ?? device.location ?? firstScreenCentre();
  const searchHints = usePlaceHints(viewCentre, region);
  const results = useLaundromatResults({
    query: search.query,
    filters: search.filters,
    mapArea: search.mapArea,
    deviceLocation: device.location,
    hints: searchHints,
  });
  const suggestHints = usePlaceHints(results.location ?? viewCentre, region);
  // A new list is rendered in the background, in short slices, so the page keeps answering while 50
  // cards and their markers are built; until then the previous list (or the loading skeleton) stays.
  const shownItems = useDeferredValue(results.items);
  const isLoading = results.isLoading || (shownItems !== results.items && shownItems.length === 0);
  const isSearch = search.query.length >= searchMinLength;
  // Coordinates out of range are not sent (use-laundromat-results): their message is known here.
  const geocodeFailure = isSearch
    ? (coordinateQueryFailure(search.query) ?? geocodeFailureFromSearchError(results.error))
    : null;

  // A search that found no place: close spellings to offer ('Did you mean …?').
  const failedPlace = geocodeFailure !== null && coordinateQueryFailure(search.query) === null;
  const { didYouMean } = usePlaceSuggestions(search.query, searchHints, failedPlace);

  // Kept as the same objects while they mean the same place, so the memoised list and map are not re-rendered.
  const hasGeocodeFailure = geocodeFailure !== null;
  const searchLocation = useMemo((): (Coordinates & { label: string }) | null => {
    if (search.mapArea) return { ...search.mapArea.center, label: text(mapAreaLabel(search.mapArea.center)) };
    if (results.location && !hasGeocodeFailure)
      return { ...results.location, label: results.location.displayName };
    return null;
  }, [search.mapArea, results.location, hasGeocodeFailure, text]);
  const origin: Coordinates | null = searchLocation ?? device.location;
  // A new place is a new page view for the ads: its slots (and an open detail's) get distinct campaigns.
  const adLatitude = origin ? roundForAds(origin.latitude) : null;
  const adLongitude = origin ? roundForAds(origin.longitude) : null;
  const adView = usePageView(`${adLatitude},${adLongitude}`);
  const listAd = useMemo(
    () => <AdSlot placement="home-sidebar" latitude={adLatitude} longitude={adLongitude} view={adView} />,
    [adLatitude, adLongitude, adView],
  );

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
  // The open laundromat is one of the results, or (a link opened afresh, a search since) asked for alone.
  const listed = detailId ? (results.items.find((item) => item.id === detailId) ?? null) : null;
  const fetched = useLaundromat(detailId !== null && listed === null && !results.isLoading ? detailId : null);
  const detail = listed ?? (detailId ? (fetched.data ?? null) : null);
  // What the list, the map and the open detail show follows the live stream (loaded after this render).
  useLiveUpdates([detailId, ...sorted.items.map((item) => item.id)]);
  useEffect(() => {
    if (detailId) setDetailUsed(true);
  }, [detailId]);
  // Stable callbacks, so the memoised parts of the page re-render only when what they show changes.
  const { openLaundromat, closeLaundromat, setSort } = search;
  const select = useCallback(
    (id: string) => {
      setSelectedId(id);
      openLaundromat(id);
    },
    [openLaundromat],
  );
  const changeSortMode = useCallback(
    (mode: SortMode) => setSort(mode, defaultSortDirection[mode]),
    [setSort],
  );
  const toggleSortDirection = useCallback(
    () => setSort(sortMode, sortDirection === 'highToLow' ? 'lowToHigh' : 'highToLow'),
    [setSort, sortMode, sortDirection],
  );
  const openList = useCallback(() => setSheetSnap('full'), []);
  const openFilters = useCallback(() => {
    setFiltersOpen(true);
    setSheetSnap('full');
  }, []);
  const hasActiveFilters = activeFilterCount(search.filters) > 0;
  // Below the large breakpoint the list lives in a bottom sheet. Peeking, it shows the first card alone:
  // the other 49 are built when the sheet is raised, not on every load of a phone's map.
  const drawerLayout = useMediaQuery(drawerLayoutQuery);
  const peeking = drawerLayout && sheetSnap === 'peek' && !sheetDragging;
  const listHidden = !drawerLayout && view === 'map';
  const count = sorted.items.length;
  const listItems = useMemo(
    () => (peeking ? sorted.items.slice(0, 1) : sorted.items),
    [peeking, sorted.items],
  );
  // After 'Show more' brings the last page the button goes, and with it the focus: the first card added
  // takes it, so a keyboard or screen-reader user goes on where the new laundromats begin.
  const focusAfterMore = useRef<number | null>(null);
  const { loadMore } = results;
  const showMore = useCallback(() => {
    focusAfterMore.current = count;
    loadMore();
  }, [count, loadMore]);
  useEffect(() => {
    const firstAdded = focusAfterMore.current;
    if (firstAdded === null || count <= firstAdded) return;
    focusAfterMore.current = null;
    if (!results.hasMore)
      document.querySelectorAll<HTMLElement>('[data-testid="laundromat-card"]')[firstAdded]?.focus();
  }, [count, results.hasMore]);
  const searchedLabel = search.mapArea && searchLocation ? searchLocation.label : null;
  // Before any search the map frames what the list shows: the laundromats near the device, or near the
  // default centre (docs/product.md, Constants) while the device's position is not known (issue 15, item 8).
  // A search with nothing within reach frames the place with the nearest ones offered, which lie beyond its
  // view.
  const deviceLocation = device.location;
  const nothingWithin = results.searchRadius?.nothingWithin === true;
  const frame = useMemo(() => {
    if (shownItems.length === 0 || search.mapArea) return null;
    if (isSearch) return nothingWithin && searchLocation ? [searchLocation, ...shownItems] : null;
    const near = deviceLocation ?? firstScreenCentre();
    return [near, ...shownItems];
  }, [isSearch, search.mapArea, shownItems, deviceLocation, nothingWithin, searchLocation]);

  const sidebar = (
    <div className={styles.sidebar}>
      <SearchBox
        value={search.text}
        searchedArea={searchedLabel}
        onChange={search.setText}
        onPick={search.searchNow}
        hints={suggestHints}
        onClear={search.clearSearch}
        geocodeError={geocodeFailure?.message ?? null}
        didYouMean={failedPlace ? didYouMean : []}
        failedQuery={search.query}
        tracking={device.state}
        trackingError={device.error}
        onLocate={device.requested ? null : device.request}
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
        items={listItems}
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
        ad={listAd}
        adAfter={drawerLayout ? 1 : 0}
      />
      {!isLoading && !peeking && !listHidden && count > 0 && results.hasMore && (
        <ShowMore
          onShowMore={showMore}
          isLoading={results.isLoadingMore}
          failed={results.loadMoreError !== null}
        />
      )}
    </div>
  );

  return (
    <div className={styles.home}>
      {!search.hasSearched && (
        <HeroSearch
          onSearch={search.searchNow}
          isSearching={isSearch && results.isLoading}
          hints={suggestHints}
        />
      )}
      <div className={styles.toolbar}>
        <ViewToggle view={view} onChange={setView} />
      </div>
      <div className={styles.finder} data-view={view}>
        <ResultsSheet
          asSheet={drawerLayout}
          snap={sheetSnap}
          onSnapChange={setSheetSnap}
          onDraggingChange={setSheetDragging}
        >
          {sidebar}
        </ResultsSheet>
        <div className={styles.mapArea}>
          <FinderMap
            laundromats={sorted.items}
            selectedId={selectedId}
            onSelect={select}
            searchLocation={searchLocation}
            searchZoom={search.mapArea?.zoom}
            frame={frame}
            userLocation={device.location}
            onBoundsChange={search.onMapMove}
          />
        </div>
      </div>
      <AdSlot placement="home-page" latitude={adLatitude} longitude={adLongitude} view={adView} />
      {/* Below everything the page is for: the third-party network's ad takes no one's place. */}
      <AdNetworkSlot />
      <MobileBar onList={openList} onFilters={openFilters} />
      {detailUsed && (
        <Suspense fallback={null}>
          <LaundromatDetailDialog laundromat={detail} onClose={closeLaundromat} adView={adView} />
        </Suspense>
      )}
    </div>
  );
}
