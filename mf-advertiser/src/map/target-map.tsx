import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useText } from '../components/use-text.ts';
import type { TargetArea } from '../domain/campaign-form.ts';
import {
  circleBounds,
  circlePolygon,
  normalisePoint,
  radiusFromHandle,
  radiusHandle,
} from '../domain/geo-circle.ts';
import { loadMapLibre } from './load-maplibre.ts';
import { buildTargetMapStyle, emptyCollection, mapIds } from './map-style.ts';
import { loadCountryOutlines } from './world-basemap.ts';
import styles from './target-map.module.css';

export interface TargetMapProps {
  area: TargetArea | null;
  /** The radius a click places a new area with. */
  radiusKm: number;
  onAreaChange: (area: TargetArea) => void;
  onStateChange: (state: 'ready' | 'failed') => void;
}

const worldView = { center: [10, 25] as [number, number], zoom: 0.8 };
/** Below this zoom (a continent or more in view) a click zooms in rather than placing the centre. */
export const placeFromZoom = 4;

function areaFeature(area: TargetArea | null) {
  if (!area) return emptyCollection();
  return {
    type: 'FeatureCollection' as const,
    features: [
      {
        type: 'Feature' as const,
        properties: {},
        geometry: circlePolygon({ latitude: area.latitude, longitude: area.longitude }, area.radiusKm),
      },
    ],
  };
}

function markerElement(className: string, label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.setAttribute('aria-label', label);
  element.setAttribute('title', label);
  return element;
}

/**
 * The targeting map (MapLibre GL, the finder's basemap and tiles): a click places the area's centre, the
 * centre can be dragged, and the handle on the circle's edge sets the radius; the circle is drawn as a
 * geodesic polygon. Every change goes to `onAreaChange`; the page's inputs do the same for the keyboard.
 */
export default function TargetMap({ area, radiusKm, onAreaChange, onStateChange }: TargetMapProps) {
  const { t } = useText();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const centreRef = useRef<Marker | null>(null);
  const handleRef = useRef<Marker | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ area, radiusKm, onAreaChange, onStateChange });
  latest.current = { area, radiusKm, onAreaChange, onStateChange };
  /** Set while a marker is dragged: the map already shows that change, so it is not flown to. */
  const draggingRef = useRef(false);
  /** Set while the radius handle is dragged: it stays under the pointer rather than snapping onto the circle. */
  const handleDraggingRef = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then(async (maplibre) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const initial = latest.current.area;
        map = new maplibre.Map({
          container,
          style: buildTargetMapStyle(),
          attributionControl: false,
          ...(initial
            ? {
                bounds: circleBounds(initial, initial.radiusKm),
                fitBoundsOptions: { padding: 40, maxZoom: 13 },
              }
            : worldView),
          dragRotate: false,
          pitchWithRotate: false,
          maxPitch: 0,
          fadeDuration: 0,
          renderWorldCopies: true,
          // MapLibre's own labels (its buttons' names, the canvas's) are English unless given here.
          locale: {
            'Map.Title': t('targeting.map.title'),
            'NavigationControl.ZoomIn': t('targeting.map.zoomIn'),
            'NavigationControl.ZoomOut': t('targeting.map.zoomOut'),
            'AttributionControl.ToggleAttribution': t('targeting.map.toggleAttribution'),
          },
        });
        map.touchZoomRotate.disableRotation();
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(
          new maplibre.AttributionControl({
            compact: true,
            customAttribution: t('targeting.map.attribution'),
          }),
          'bottom-right',
        );
        mapRef.current = map;
        const created = map;
        created.on('error', (event) => {
          if ((event as { sourceId?: string }).sourceId === mapIds.tilesSource) return;
          console.warn('Map error', event.error.message);
        });
        created.getCanvas().style.cursor = 'crosshair';
        created.on('click', (event) => {
          // At world zoom a click cannot place a centre to the street: it zooms in towards it first.
          if (created.getZoom() < placeFromZoom) {
            created.easeTo({ center: event.lngLat, zoom: placeFromZoom + 2, duration: 400 });
            return;
          }
          const point = normalisePoint({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
          const radius = latest.current.area?.radiusKm ?? latest.current.radiusKm;
          latest.current.onAreaChange({ ...point, radiusKm: radius });
        });

        const centre = new maplibre.Marker({
          element: markerElement(styles.centre ?? '', t('targeting.map.centreMarker')),
          draggable: true,
        });
        const handle = new maplibre.Marker({
          element: markerElement(styles.handle ?? '', t('targeting.map.radiusHandle')),
          draggable: true,
        });
        centre.on('dragstart', () => (draggingRef.current = true));
        centre.on('drag', () => {
          const current = latest.current.area;
          if (!current) return;
          const lngLat = centre.getLngLat();
          latest.current.onAreaChange({
            ...normalisePoint({ latitude: lngLat.lat, longitude: lngLat.lng }),
            radiusKm: current.radiusKm,
          });
        });
        centre.on('dragend', () => (draggingRef.current = false));
        handle.on('dragstart', () => {
          draggingRef.current = true;
          handleDraggingRef.current = true;
        });
        handle.on('drag', () => {
          const current = latest.current.area;
          if (!current) return;
          const lngLat = handle.getLngLat();
          latest.current.onAreaChange({
            ...current,
            radiusKm: radiusFromHandle(current, { latitude: lngLat.lat, longitude: lngLat.lng }),
          });
        });
        handle.on('dragend', () => {
          draggingRef.current = false;
          handleDraggingRef.current = false;
          // Back onto the circle, due east of the centre, where the next drag starts from.
          const current = latest.current.area;
          if (current) {
            const at = radiusHandle(current, current.radiusKm);
            handle.setLngLat([at.longitude, at.latitude]);
          }
        });
        centreRef.current = centre;
        handleRef.current = handle;

        const outlines = loadCountryOutlines();
        created.on('load', () => {
          if (cancelled) return;
          setReady(true);
          latest.current.onStateChange('ready');
          outlines
            .then((countries) => created.getSource<GeoJSONSource>(mapIds.countriesSource)?.setData(countries))
            .catch((error: unknown) => console.warn('World basemap unavailable', error));
        });
      })
      .catch((error: unknown) => {
        console.warn('Map unavailable', error);
        if (!cancelled) latest.current.onStateChange('failed');
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      // A map made again draws the area once it has loaded, as the first did.
      setReady(false);
    };
    // The map reads the latest props through `latest`. It is made again only in a new language: its labels
    // (MapLibre's buttons, the credit, the markers' names) are given when it is made.
  }, [t]);

  // The area drawn, and its markers placed, whenever it changes (a click, a drag, the inputs, Clear).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    map.getSource<GeoJSONSource>(mapIds.areaSource)?.setData(areaFeature(area));
    const centre = centreRef.current;
    const handle = handleRef.current;
    if (!centre || !handle) return;
    if (!area) {
      centre.remove();
      handle.remove();
      return;
    }
    centre.setLngLat([area.longitude, area.latitude]).addTo(map);
    if (!handleDraggingRef.current) {
      const at = radiusHandle(area, area.radiusKm);
      handle.setLngLat([at.longitude, at.latitude]);
    }
    handle.addTo(map);
  }, [area, ready]);

  // An area given outside the map (typed coordinates, a radius from the slider, an edited campaign) is
  // brought into view; the map's own clicks and drags are already in view.
  const areaKey = area ? `${area.latitude},${area.longitude},${area.radiusKm}` : '';
  const shownKey = useRef(areaKey);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !area || draggingRef.current || shownKey.current === areaKey) return;
    shownKey.current = areaKey;
    const bounds = circleBounds(area, area.radiusKm);
    const view = map.getBounds();
    const fits =
      view.contains([bounds[0][0], bounds[0][1]]) &&
      view.contains([bounds[1][0], bounds[1][1]]) &&
      // Not so small that it cannot be seen or dragged.
      map.project([bounds[1][0], bounds[1][1]]).x - map.project([bounds[0][0], bounds[0][1]]).x > 24;
    if (!fits) map.fitBounds(bounds, { padding: 40, maxZoom: 13, duration: 400 });
  }, [areaKey, area, ready]);

  return <div ref={containerRef} className={styles.canvas} data-testid="target-map" data-ready={ready} />;
}
