import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { GeoJSONSource, Map as MapLibreMap, MapGeoJSONFeature, Popup } from 'maplibre-gl';
import { mapDefaults, timing, type Laundromat } from '@laundry/contracts';
import { Badge } from '@laundry/ui';
import type { Coordinates } from '../domain/geo-distance.ts';
import { isSamePlace, mapViewport, shouldFlyToSearchLocation, type MapViewport } from './camera-rules.ts';
import { clusterCountLabel, drawClusterCount } from './cluster-count-image.ts';
import {
  laundromatFeatureCollection,
  pointFeatureCollection,
  selectionFeatureCollection,
  type LaundromatFeatureProperties,
} from './laundromat-features.ts';
import { loadMapLibre, type MapLibre } from './load-maplibre.ts';
import type { MapAction } from './map-actions.ts';
import { MapControls, MapLegend } from './map-controls.tsx';
import { defaultTileUrl, mapIds, markerDiameters } from './map-constants.ts';
import { buildMapStyle } from './map-style.ts';
import { laundromatPopupContent } from './popup-content.ts';
import { throttle } from './throttle.ts';
import type { Camera } from './web-mercator.ts';
import { loadCountryOutlines } from './world-basemap.ts';
import styles from './laundromat-map.module.css';

export interface LaundromatMapProps {
  laundromats: readonly Laundromat[];
  selectedId: string | null | undefined;
  onSelect: (id: string) => void;
  searchLocation?: Coordinates | null;
  userLocation?: Coordinates | null;
  /** Centre and bounds after the map moved or zoomed, at most once per second. */
  onBoundsChange: (viewport: MapViewport) => void;
  /** XYZ raster template; OpenStreetMap's tiles by default. Read once, when the map is created. */
  tileUrl?: string;
}

export interface InteractiveMapProps extends LaundromatMapProps {
  /** Where the map opens: where the preview it replaces was looking. Read once. */
  initialCamera: Camera;
  /** Asked of the preview before this map was there; carried out once the map has loaded. */
  pendingAction: MapAction | null;
  onActionDone: () => void;
  /** The first whole picture is on screen ('drawn'), or there will be none ('failed': no WebGL, no chunk). */
  onStateChange: (state: 'drawn' | 'failed') => void;
}

type OpenPopup =
  | { kind: 'laundromat'; popup: Popup; container: HTMLElement; laundromat: Laundromat }
  | { kind: 'user'; popup: Popup; container: HTMLElement };

type LoadState = 'loading' | 'ready' | 'failed';

const interactiveLayers = [mapIds.pointsLayer, mapIds.selectionLayer, mapIds.clustersLayer, mapIds.userLayer];

/** Slow tiles do not keep the map hidden longer than this after it loaded; they fill in as they come. */
const firstPictureWaitMs = 1500;

const toLngLat = (point: Coordinates): [number, number] => [point.longitude, point.latitude];

export function LaundromatMap({
  laundromats,
  selectedId,
  onSelect,
  searchLocation,
  userLocation,
  onBoundsChange,
  tileUrl = defaultTileUrl,
  initialCamera,
  pendingAction,
  onActionDone,
  onStateChange,
}: InteractiveMapProps) {
  const { t, i18n } = useTranslation('finder');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libraryRef = useRef<MapLibre | null>(null);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  /** Whether the first whole picture has been drawn; until then the loading box stays in front. */
  const [drawn, setDrawn] = useState(false);
  const [openPopup, setOpenPopup] = useState<OpenPopup | null>(null);
  const openPopupRef = useRef<OpenPopup | null>(null);
  /** A position found by the find-my-location button, shown until the page tells us a newer one. */
  const [locatedPosition, setLocatedPosition] = useState<Coordinates | null>(null);
  const shownUserPosition = locatedPosition ?? userLocation ?? null;

  // Map event handlers are registered once; they read the latest props through these refs.
  const latest = useRef({ laundromats, onSelect, onBoundsChange, onStateChange, userLocation, tileUrl });
  latest.current = { laundromats, onSelect, onBoundsChange, onStateChange, userLocation, tileUrl };
  const initialCameraRef = useRef(initialCamera);
  /** A map that opens on the user's position has nothing to move to when it loads. */
  const movedToUserRef = useRef(!searchLocation && Boolean(userLocation));
  /** Set while the camera flies where the page sent it; see the moveend handler. */
  const pageCameraMoveRef = useRef(false);

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
    [],
  );

  const showUserAt = useCallback(
    (position: Coordinates) => {
      setLocatedPosition(position);
      mapRef.current?.flyTo({ center: toLngLat(position), zoom: mapDefaults.locateZoom });
      showPopup(position, { kind: 'user' });
    },
    [showPopup],
  );

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const reportViewport = throttle(
      (viewport: MapViewport) => latest.current.onBoundsChange(viewport),
      timing.boundsReportThrottleMs,
    );

    const selectFeature = (feature: MapGeoJSONFeature | undefined) => {
      const properties = feature?.properties as LaundromatFeatureProperties | undefined;
      if (!properties) return;
      const laundromat = latest.current.laundromats.find((item) => item.id === properties.id);
      latest.current.onSelect(properties.id);
      if (laundromat) showPopup(laundromat, { kind: 'laundromat', laundromat });
    };

    const create = async (maplibre: MapLibre, container: HTMLDivElement) => {
      libraryRef.current = maplibre;
      map = new maplibre.Map({
        container,
        style: buildMapStyle({ tileUrl: latest.current.tileUrl }),
        // Added below in the page's language, and replaced when the language changes.
        attributionControl: false,
        center: toLngLat(initialCameraRef.current.center),
        zoom: initialCameraRef.current.zoom,
        // North stays up, so the reported bounds are a plain box.
        dragRotate: false,
        pitchWithRotate: false,
        maxPitch: 0,
        // Labels appear at once instead of fading in: every frame of a fade is a full redraw.
        fadeDuration: 0,
      });
      map.touchZoomRotate.disableRotation();
      mapRef.current = map;
      const created = map;

      created.on('error', (event) => {
        // Tiles fail whenever the tile server is out of reach; the offline basemap underneath covers for them.
        if ((event as { sourceId?: string }).sourceId === mapIds.tilesSource) return;
        console.warn('Map error', event.error.message);
      });
      created.setMissingStyleImageResolver((id) => {
        const label = clusterCountLabel(id);
        const pixelRatio = window.devicePixelRatio || 1;
        const image = label === null ? null : drawClusterCount(label, pixelRatio);
        if (image) created.addImage(id, image, { pixelRatio });
      });
      created.on('click', mapIds.pointsLayer, (event) => selectFeature(event.features?.[0]));
      created.on('click', mapIds.selectionLayer, (event) => selectFeature(event.features?.[0]));
      created.on('click', mapIds.clustersLayer, (event) => {
        const cluster = event.features?.[0];
        const clusterId = cluster?.properties.cluster_id as number | undefined;
        if (!cluster || clusterId === undefined || cluster.geometry.type !== 'Point') return;
        const center = cluster.geometry.coordinates as [number, number];
        void created
          .getSource<GeoJSONSource>(mapIds.laundromatsSource)
          ?.getClusterExpansionZoom(clusterId)
          .then((zoom) => created.easeTo({ center, zoom }));
      });
      created.on('click', mapIds.userLayer, (event) => {
        showPopup({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }, { kind: 'user' });
      });
      for (const layer of interactiveLayers) {
        created.on('mouseenter', layer, () => (created.getCanvas().style.cursor = 'pointer'));
        created.on('mouseleave', layer, () => (created.getCanvas().style.cursor = ''));
      }
      created.on('moveend', (event) => {
        // The page's own camera moves (to the searched place, to the user) are not the person moving the
        // map: reporting them, or a flight cut short by the next one, would replace the search with a map area.
        if (pageCameraMoveRef.current && !event.originalEvent) {
          if (!created.isMoving()) pageCameraMoveRef.current = false;
          return;
        }
        reportViewport(mapViewport(created.getCenter(), created.getBounds()));
      });

      const outlines = loadCountryOutlines();
      created.on('load', () => {
        if (cancelled) return;
        setLoadState('ready');
        // The canvas is shown once its first whole picture is drawn (world, markers, tiles at hand), not
        // frame by frame as each part arrives: without a GPU, each of those frames is copied back in full.
        let revealed = false;
        const reveal = () => {
          clearTimeout(revealTimer);
          if (cancelled || revealed) return;
          revealed = true;
          setDrawn(true);
          latest.current.onStateChange('drawn');
        };
        const revealTimer = setTimeout(reveal, firstPictureWaitMs);
        outlines
          .then((countries) => created.getSource<GeoJSONSource>(mapIds.countriesSource)?.setData(countries))
          .catch((error: unknown) => console.warn('World basemap unavailable', error))
          .finally(() => created.once('idle', reveal));
      });
    };

    loadMapLibre()
      .then((maplibre) => {
        if (!cancelled && containerRef.current) return create(maplibre, containerRef.current);
      })
      .catch((error: unknown) => {
        // No WebGL, or the library could not be fetched: say so instead of leaving an empty box.
        console.warn('Map unavailable', error);
        if (cancelled) return;
        setLoadState('failed');
        latest.current.onStateChange('failed');
      });

    return () => {
      cancelled = true;
      reportViewport.cancel();
      openPopupRef.current?.popup.remove();
      openPopupRef.current = null;
      map?.remove();
      mapRef.current = null;
    };
  }, [showPopup]);

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map) return;
    const markers = laundromatFeatureCollection(laundromats, selectedId, new Date());
    map.getSource<GeoJSONSource>(mapIds.laundromatsSource)?.setData(markers);
    map.getSource<GeoJSONSource>(mapIds.selectionSource)?.setData(selectionFeatureCollection(markers));
  }, [loadState, laundromats, selectedId]);

  const attribution = t('map.attribution');
  useEffect(() => {
    const map = mapRef.current;
    const maplibre = libraryRef.current;
    if (loadState !== 'ready' || !map || !maplibre) return;
    const control = new maplibre.AttributionControl({ compact: true, customAttribution: attribution });
    map.addControl(control);
    return () => {
      // After the map itself is gone (unmount) there is nothing to remove it from.
      if (mapRef.current === map) map.removeControl(control);
    };
  }, [loadState, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map) return;
    map.getSource<GeoJSONSource>(mapIds.userSource)?.setData(pointFeatureCollection(shownUserPosition));
  }, [loadState, shownUserPosition]);

  const searchLatitude = searchLocation?.latitude;
  const searchLongitude = searchLocation?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || searchLatitude === undefined || searchLongitude === undefined)
      return;
    const target = { latitude: searchLatitude, longitude: searchLongitude };
    const centre = map.getCenter();
    if (shouldFlyToSearchLocation({ latitude: centre.lat, longitude: centre.lng }, target)) {
      pageCameraMoveRef.current = true;
      map.flyTo({ center: toLngLat(target), zoom: mapDefaults.zoom });
    }
  }, [loadState, searchLatitude, searchLongitude]);

  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || movedToUserRef.current) return;
    if (searchLatitude !== undefined || !userLocation) return;
    movedToUserRef.current = true;
    pageCameraMoveRef.current = true;
    map.easeTo({ center: toLngLat(userLocation) });
  }, [loadState, searchLatitude, userLocation]);

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
      <MapLegend />
      {openPopup?.kind === 'laundromat' &&
        createPortal(
          <LaundromatPopup laundromat={openPopup.laundromat} locale={i18n.language} />,
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
      </p>
    </div>
  );
}
