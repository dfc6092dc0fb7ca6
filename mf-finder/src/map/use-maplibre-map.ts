import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type {
  EaseToOptions,
  FlyToOptions,
  GeoJSONSource,
  Map as MapLibreMap,
  MapGeoJSONFeature,
} from 'maplibre-gl';
import { timing } from '@laundry/contracts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { mapViewport, type MapViewport } from './camera-rules.ts';
import { clusterCountLabel, drawClusterCount } from './cluster-count-image.ts';
import type { LaundromatFeatureProperties } from './laundromat-features.ts';
import { loadMapLibre, type MapLibre } from './load-maplibre.ts';
import { mapIds } from './map-constants.ts';
import { buildMapStyle } from './map-style.ts';
import { throttle } from './throttle.ts';
import type { Camera } from './web-mercator.ts';
import { loadCountryOutlines, loadDetailedCountryOutlines, type CountryOutlines } from './world-basemap.ts';

export type LoadState = 'loading' | 'ready' | 'failed';

export interface MapLibreMapOptions {
  /** Where the map opens. Read once. */
  initialCamera: Camera;
  /** XYZ raster template. Read once, when the map is created. */
  tileUrl: string;
  /** The credits line, in the page's language (replaced when it changes). */
  attribution: string;
  /** A laundromat's marker (single or selected) was clicked. */
  onMarkerClick: (laundromatId: string) => void;
  /** The user's position marker was clicked, at this point. */
  onUserMarkerClick: (at: Coordinates) => void;
  /** Centre and bounds after the person moved or zoomed the map, at most once per second. */
  onBoundsChange: (viewport: MapViewport) => void;
  /** The first whole picture is on screen ('drawn'), or there will be none ('failed'). */
  onStateChange: (state: 'drawn' | 'failed') => void;
  /** The map is being taken down (unmount): called just before it is removed. */
  onRemove: () => void;
}

export interface MapLibreMapHandle {
  /** Put on the element the map draws into. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The map once created; null before and after. */
  mapRef: RefObject<MapLibreMap | null>;
  /** The MapLibre library once loaded, for popups and controls. */
  libraryRef: RefObject<MapLibre | null>;
  /**
   * Moves the camera where the page sends it (to the searched place, to the user). Such a move is not the
   * person's, and neither is a drag or a zoom begun before it has settled: none of them is reported.
   */
  movePageCamera: (move: { flyTo: FlyToOptions } | { easeTo: EaseToOptions }) => void;
  loadState: LoadState;
  /** Whether the first whole picture has been drawn; until then the loading box stays in front. */
  drawn: boolean;
}

const interactiveLayers = [mapIds.pointsLayer, mapIds.selectionLayer, mapIds.clustersLayer, mapIds.userLayer];

/** Slow tiles do not keep the map hidden longer than this after it loaded; they fill in as they come. */
const firstPictureWaitMs = 1500;

const toLngLat = (point: Coordinates): [number, number] => [point.longitude, point.latitude];

/**
 * Loads MapLibre, creates the map in `containerRef`'s element with its event handlers (marker, cluster
 * and user clicks, pointer cursor, viewport reports), reveals it once its first whole picture is drawn,
 * and removes it on unmount.
 */
export function useMapLibreMap(options: MapLibreMapOptions): MapLibreMapHandle {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const libraryRef = useRef<MapLibre | null>(null);
  /** A camera move of the page's is under way (from its start to its moveend, finished or cut short). */
  const pageMoveRef = useRef(false);
  /** The person's current gesture began while a page move was under way. */
  const gestureDuringPageMoveRef = useRef(false);
  const cancelReportRef = useRef<() => void>(() => undefined);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [drawn, setDrawn] = useState(false);

  // Map event handlers are registered once; they read the latest options through this ref.
  const latest = useRef(options);
  latest.current = options;
  const initialCameraRef = useRef(options.initialCamera);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const reportViewport = throttle(
      (viewport: MapViewport) => latest.current.onBoundsChange(viewport),
      timing.boundsReportThrottleMs,
    );
    cancelReportRef.current = () => reportViewport.cancel();
    // Each gesture (a press, a wheel turn, a key) is marked as it begins, before the map acts on it: one
    // begun during a flight stops the flight first, so by its own events the flight is already over.
    const noteGestureStart = () => {
      gestureDuringPageMoveRef.current = pageMoveRef.current;
    };
    const gestureEvents = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;
    const gestureTarget = containerRef.current;
    for (const name of gestureEvents)
      gestureTarget?.addEventListener(name, noteGestureStart, { capture: true, passive: true });

    const selectFeature = (feature: MapGeoJSONFeature | undefined) => {
      const properties = feature?.properties as LaundromatFeatureProperties | undefined;
      if (!properties) return;
      latest.current.onMarkerClick(properties.id);
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
        latest.current.onUserMarkerClick({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
      });
      for (const layer of interactiveLayers) {
        created.on('mouseenter', layer, () => (created.getCanvas().style.cursor = 'pointer'));
        created.on('mouseleave', layer, () => (created.getCanvas().style.cursor = ''));
      }
      created.on('moveend', (event) => {
        // The page's own camera moves (to the searched place, to the user) are not the person moving the
        // map, nor is a drag begun while the camera still flew: reporting either would replace the search
        // just made with a map area somewhere on the way (issue 15, item 4).
        if ((event as { pageMove?: boolean }).pageMove) {
          pageMoveRef.current = false;
          return;
        }
        if (gestureDuringPageMoveRef.current) {
          if (!created.isMoving()) gestureDuringPageMoveRef.current = false;
          return;
        }
        reportViewport(mapViewport(created.getCenter(), created.getBounds(), created.getZoom()));
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
        const showOutlines = (countries: CountryOutlines) =>
          created.getSource<GeoJSONSource>(mapIds.countriesSource)?.setData(countries);
        outlines
          .then(showOutlines)
          .catch((error: unknown) => console.warn('World basemap unavailable', error))
          .finally(() => created.once('idle', reveal))
          // The finer coasts once the first picture is up: a city's shore in the right place offline.
          .then(() => loadDetailedCountryOutlines())
          .then((countries) => {
            if (!cancelled) void showOutlines(countries);
          })
          .catch((error: unknown) => console.warn('Detailed world basemap unavailable', error));
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
      for (const name of gestureEvents)
        gestureTarget?.removeEventListener(name, noteGestureStart, { capture: true });
      reportViewport.cancel();
      latest.current.onRemove();
      map?.remove();
      mapRef.current = null;
    };
  }, []);

  const { attribution } = options;
  useEffect(() => {
    const map = mapRef.current;
    const maplibre = libraryRef.current;
    if (loadState !== 'ready' || !map || !maplibre) return;
    // The credit links to the licence, as the ODbL asks of the map data and the laundromats from OSM.
    const control = new maplibre.AttributionControl({
      compact: true,
      customAttribution: creditLink(attribution),
    });
    map.addControl(control);
    return () => {
      // After the map itself is gone (unmount) there is nothing to remove it from.
      if (mapRef.current === map) map.removeControl(control);
    };
  }, [loadState, attribution]);

  const movePageCamera = useCallback((move: { flyTo: FlyToOptions } | { easeTo: EaseToOptions }) => {
    const map = mapRef.current;
    if (!map) return;
    pageMoveRef.current = true;
    // A gesture under way as the page's move begins (the person already dragging as a search answers) is
    // not the person's either; the next gesture begun after the move has settled is.
    gestureDuringPageMoveRef.current = true;
    // A report of an earlier move still waiting would land after the page's new search.
    cancelReportRef.current();
    const eventData = { pageMove: true };
    if ('flyTo' in move) map.flyTo(move.flyTo, eventData);
    else map.easeTo(move.easeTo, eventData);
  }, []);

  return { containerRef, mapRef, libraryRef, movePageCamera, loadState, drawn };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** MapLibre writes a custom attribution as HTML, so the translated text is escaped inside the link. */
function creditLink(attribution: string): string {
  return `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${escapeHtml(attribution)}</a>`;
}
