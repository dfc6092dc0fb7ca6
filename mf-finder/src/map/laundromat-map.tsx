import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { GeoJSONSource, Popup } from 'maplibre-gl';
import { mapDefaults, timing, type Laundromat } from '@laundry/contracts';
import { Badge } from '@laundry/ui';
import type { Coordinates } from '../domain/geo-distance.ts';
import { isSamePlace, shouldFlyToSearchLocation, type MapViewport } from './camera-rules.ts';
import {
  laundromatFeatureCollection,
  pointFeatureCollection,
  selectionFeatureCollection,
} from './laundromat-features.ts';
import type { MapAction } from './map-actions.ts';
import { MapControls, MapLegend } from './map-controls.tsx';
import { defaultTileUrl, mapIds, markerDiameters } from './map-constants.ts';
import { laundromatPopupContent } from './popup-content.ts';
import { LiveBadge } from '../live/live-badge.tsx';
import { useMapLibreMap } from './use-maplibre-map.ts';
import type { Camera } from './web-mercator.ts';
import styles from './laundromat-map.module.css';

export interface LaundromatMapProps {
  laundromats: readonly Laundromat[];
  selectedId: string | null | undefined;
  onSelect: (id: string) => void;
  searchLocation?: Coordinates | null;
  /** The zoom a map-area search was made at (a link to it opens there); a place opens at zoom 13. */
  searchZoom?: number;
  /**
   * The points the map frames: before a search, where the list is near and the laundromats listed; after one
   * with nothing within reach, the place searched and the nearest laundromats offered.
   */
  frame?: readonly Coordinates[] | null;
  userLocation?: Coordinates | null;
  /** Centre and bounds after the map moved or zoomed, at most once per second. */
  onBoundsChange: (viewport: MapViewport) => void;
  /** XYZ raster template; OpenStreetMap's tiles by default. Read once, when the map is created. */
  tileUrl?: string;
}

export interface InteractiveMapProps extends LaundromatMapProps {
  /** Where the map opens: where the preview it replaces was looking. Read once. */
  initialCamera: Camera;
  /** The camera that frames `frame` in this map's size; the map moves there as it changes. */
  frameCamera: Camera | null;
  /** Asked of the preview before this map was there; carried out once the map has loaded. */
  pendingAction: MapAction | null;
  onActionDone: () => void;
  /** The first whole picture is on screen ('drawn'), or there will be none ('failed': no WebGL, no chunk). */
  onStateChange: (state: 'drawn' | 'failed') => void;
}

type OpenPopup =
  | { kind: 'laundromat'; popup: Popup; container: HTMLElement; laundromat: Laundromat }
  | { kind: 'user'; popup: Popup; container: HTMLElement };

const toLngLat = (point: Coordinates): [number, number] => [point.longitude, point.latitude];

export function LaundromatMap({
  laundromats,
  selectedId,
  onSelect,
  searchLocation,
  searchZoom,
  userLocation,
  onBoundsChange,
  tileUrl = defaultTileUrl,
  initialCamera,
  frameCamera,
  pendingAction,
  onActionDone,
  onStateChange,
}: InteractiveMapProps) {
  const { t, i18n } = useTranslation('finder');
  const [openPopup, setOpenPopup] = useState<OpenPopup | null>(null);
  const openPopupRef = useRef<OpenPopup | null>(null);
  /** A position found by the find-my-location button, shown until the page tells us a newer one. */
  const [locatedPosition, setLocatedPosition] = useState<Coordinates | null>(null);
  const shownUserPosition = locatedPosition ?? userLocation ?? null;

  // Handlers called later (map clicks, a position found) read the latest props through this ref.
  const latest = useRef({ laundromats, onSelect, userLocation });
  latest.current = { laundromats, onSelect, userLocation };
  /** A map that opens on the user's position has nothing to move to when it loads. */
  const movedToUserRef = useRef(!searchLocation && Boolean(userLocation));

  const { containerRef, mapRef, libraryRef, movePageCamera, loadState, drawn } = useMapLibreMap({
    initialCamera,
    tileUrl,
    attribution: t('map.attribution'),
    onMarkerClick: (id) => {
      const laundromat = latest.current.laundromats.find((item) => item.id === id);
      latest.current.onSelect(id);
      if (laundromat) showPopup(laundromat, { kind: 'laundromat', laundromat });
    },
    onUserMarkerClick: (at) => showPopup(at, { kind: 'user' }),
    onBoundsChange,
    onStateChange,
    onRemove: () => {
      openPopupRef.current?.popup.remove();
      openPopupRef.current = null;
    },
  });

  const showPopup = useCallback(
    (at: Coordinates, content: { kind: 'user' } | { kind: 'laundromat'; laundromat: Laundromat }) => {
      const map = mapRef.current;
      const maplibre = libraryRef.current;
      if (!map || !maplibre) return;
      const container = document.createElement('div');
      const radius = content.kind === 'user' ? markerDiameters.user / 2 : markerDiameters.selected / 2;
      const popup = new maplibre.Popup({ offset: radius + 4, maxWidth: '18rem', className: styles.popup })
        .setLngLat(toLngLat(at))
        .setDOMContent(container);
      const previous = openPopupRef.current;
      openPopupRef.current = { ...content, popup, container };
      previous?.popup.remove();
      popup.on('close', () => {
        if (openPopupRef.current?.popup !== popup) return;
        openPopupRef.current = null;
        setOpenPopup(null);
      });
      const next = openPopupRef.current;
      // Render the content first: the popup picks its side of the marker from its size when added.
      flushSync(() => setOpenPopup(next));
      popup.addTo(map);
    },
    [mapRef, libraryRef],
  );

  const showUserAt = useCallback(
    (position: Coordinates) => {
      setLocatedPosition(position);
      mapRef.current?.flyTo({ center: toLngLat(position), zoom: mapDefaults.locateZoom });
      showPopup(position, { kind: 'user' });
    },
    [mapRef, showPopup],
  );

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map) return;
    const markers = laundromatFeatureCollection(laundromats, selectedId, new Date());
    map.getSource<GeoJSONSource>(mapIds.laundromatsSource)?.setData(markers);
    map.getSource<GeoJSONSource>(mapIds.selectionSource)?.setData(selectionFeatureCollection(markers));
  }, [mapRef, loadState, laundromats, selectedId]);

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map) return;
    map.getSource<GeoJSONSource>(mapIds.userSource)?.setData(pointFeatureCollection(shownUserPosition));
  }, [mapRef, loadState, shownUserPosition]);

  const searchLatitude = searchLocation?.latitude;
  const searchLongitude = searchLocation?.longitude;
  const framed = frameCamera !== null;
  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || searchLatitude === undefined || searchLongitude === undefined)
      return;
    // A framed search (nothing within reach, the nearest offered) is looked at whole, not at the place alone.
    if (framed) return;
    const target = { latitude: searchLatitude, longitude: searchLongitude };
    const centre = map.getCenter();
    if (shouldFlyToSearchLocation({ latitude: centre.lat, longitude: centre.lng }, target)) {
      movePageCamera({ flyTo: { center: toLngLat(target), zoom: searchZoom ?? mapDefaults.zoom } });
    }
  }, [mapRef, loadState, searchLatitude, searchLongitude, searchZoom, framed, movePageCamera]);

  const frameLatitude = frameCamera?.center.latitude;
  const frameLongitude = frameCamera?.center.longitude;
  const frameZoom = frameCamera?.zoom;
  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || frameLatitude === undefined || frameLongitude === undefined) return;
    const centre = map.getCenter();
    const target = { latitude: frameLatitude, longitude: frameLongitude };
    if (
      !shouldFlyToSearchLocation({ latitude: centre.lat, longitude: centre.lng }, target) &&
      map.getZoom() === frameZoom
    )
      return;
    movePageCamera({ easeTo: { center: toLngLat(target), zoom: frameZoom } });
  }, [mapRef, loadState, frameLatitude, frameLongitude, frameZoom, movePageCamera]);

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || movedToUserRef.current) return;
    // A framed first screen already holds the user's position with what is near it.
    if (searchLatitude !== undefined || !userLocation || frameLatitude !== undefined) return;
    movedToUserRef.current = true;
    movePageCamera({ easeTo: { center: toLngLat(userLocation) } });
  }, [mapRef, loadState, searchLatitude, userLocation, frameLatitude, movePageCamera]);

  // A newer position from the page replaces the one the button found.
  const previousUserLocation = useRef(userLocation);
  useEffect(() => {
    if (isSamePlace(previousUserLocation.current, userLocation)) return;
    previousUserLocation.current = userLocation;
    setLocatedPosition(null);
  }, [userLocation]);

  const findMyLocation = () => {
    const fallback = () => {
      const known = latest.current.userLocation;
      if (known) showUserAt(known);
    };
    if (!('geolocation' in navigator)) return fallback();
    navigator.geolocation.getCurrentPosition(
      (position) => showUserAt({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          console.warn('Geolocation access denied');
          return;
        }
        fallback();
      },
      { enableHighAccuracy: true, timeout: timing.locationTimeoutMs, maximumAge: timing.locationMaxAgeMs },
    );
  };

  const perform = (action: MapAction) => {
    const map = mapRef.current;
    if (!map) return;
    switch (action.type) {
      case 'zoomIn':
        return void map.zoomIn();
      case 'zoomOut':
        return void map.zoomOut();
      case 'findMyLocation':
        return findMyLocation();
      case 'expandCluster':
        return void map.easeTo({ center: toLngLat(action.center), zoom: action.zoom });
      case 'showPopup': {
        const laundromat = latest.current.laundromats.find((item) => item.id === action.laundromatId);
        if (laundromat) showPopup(laundromat, { kind: 'laundromat', laundromat });
        return;
      }
    }
  };
  const performRef = useRef(perform);
  performRef.current = perform;
  useEffect(() => {
    if (loadState !== 'ready' || !pendingAction) return;
    performRef.current(pendingAction);
    onActionDone();
  }, [loadState, pendingAction, onActionDone]);

  return (
    <div className={styles.root}>
      <div
        ref={containerRef}
        className={styles.canvas}
        data-testid="laundromat-map"
        data-drawn={drawn || loadState === 'failed'}
      />
      <MapControls
        disabled={loadState !== 'ready'}
        onZoomIn={() => mapRef.current?.zoomIn()}
        onZoomOut={() => mapRef.current?.zoomOut()}
        onFindMyLocation={findMyLocation}
      />
      <MapLegend showUser={shownUserPosition !== null} />
      {openPopup?.kind === 'laundromat' &&
        createPortal(
          // The laundromat as the list now has it: a review posted while its popup is open counts at once.
          <LaundromatPopup
            laundromat={
              laundromats.find((item) => item.id === openPopup.laundromat.id) ?? openPopup.laundromat
            }
            locale={i18n.language}
          />,
          openPopup.container,
        )}
      {openPopup?.kind === 'user' &&
        createPortal(<p className={styles.popupTitle}>{t('map.yourLocation')}</p>, openPopup.container)}
    </div>
  );
}

function LaundromatPopup({ laundromat, locale }: { laundromat: Laundromat; locale: string }) {
  const { t } = useTranslation('finder');
  const content = laundromatPopupContent(laundromat, locale, new Date());
  return (
    <div className={styles.popupBody}>
      <p className={styles.popupTitle}>{content.name}</p>
      <p className={styles.popupAddress}>{content.address}</p>
      <p className={styles.popupMeta}>
        <Badge tone={content.badge.tone}>{t(content.badge.label.key, content.badge.label.values)}</Badge>
        <span className={styles.popupRating}>
          <span aria-hidden="true">★</span> {t(content.rating.key, content.rating.values)}
        </span>
        <LiveBadge live={laundromat.live} now={new Date()} />
      </p>
    </div>
  );
}
