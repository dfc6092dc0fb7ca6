import { useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import type { Coordinates } from '../domain/geo-distance.ts';
import { loadMapLibre } from '../map/load-maplibre.ts';
import { defaultTileUrl, mapIds } from '../map/map-constants.ts';
import { buildMapStyle } from '../map/map-style.ts';
import { loadCountryOutlines } from '../map/world-basemap.ts';
import styles from './add.module.css';

export interface PinMapProps {
  /** Where the pin stands; null before it is placed. */
  pin: Coordinates | null;
  /** Changes when the page sends the camera to the pin (an address found): the map flies there. */
  focusKey: number;
  /** The person dragged the pin, or clicked the map where it should be. */
  onPin: (at: Coordinates) => void;
  tileUrl?: string;
}

/** Close enough to see the shop fronts of a street. */
const streetZoom = 17;

const lngLat = (point: Coordinates): [number, number] => [point.longitude, point.latitude];

/**
 * The add form's map: one draggable pin on the finder's map style (the offline world under the tiles).
 * MapLibre is loaded when this is shown, never with the first page.
 */
export default function PinMap({ pin, focusKey, onPin, tileUrl = defaultTileUrl }: PinMapProps) {
  const { t } = useTranslation('finder');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const pinShownRef = useRef(false);
  // Read by the map's handlers, which are registered once.
  const texts = { pinLabel: t('add.place.pin'), attribution: t('map.attribution') };
  const latest = useRef({ pin, onPin, ...texts });
  latest.current = { pin, onPin, ...texts };

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then((maplibre) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const start = latest.current.pin;
        map = new maplibre.Map({
          container,
          style: buildMapStyle({ tileUrl }),
          attributionControl: false,
          center: start ? lngLat(start) : [0, 20],
          zoom: start ? streetZoom : 1,
          dragRotate: false,
          maxPitch: 0,
          fadeDuration: 0,
        });
        map.touchZoomRotate.disableRotation();
        map.addControl(
          new maplibre.AttributionControl({ compact: true, customAttribution: latest.current.attribution }),
        );
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        map.on('error', (event) => {
          // Out of reach tiles are covered by the offline basemap underneath.
          if ((event as { sourceId?: string }).sourceId !== mapIds.tilesSource)
            console.warn('Map error', event.error.message);
        });
        const marker = new maplibre.Marker({ draggable: true, color: '#2563eb' });
        const element = marker.getElement();
        element.setAttribute('aria-label', latest.current.pinLabel);
        element.dataset.testid = 'add-pin';
        marker.on('dragend', () => {
          const at = marker.getLngLat();
          latest.current.onPin({ latitude: at.lat, longitude: at.lng });
        });
        markerRef.current = marker;
        if (start) {
          marker.setLngLat(lngLat(start)).addTo(map);
          pinShownRef.current = true;
        }
        // A click (or tap) puts the pin there: quicker than a drag across a city.
        map.on('click', (event) =>
          latest.current.onPin({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }),
        );
        const created = map;
        created.on('load', () => {
          if (cancelled) return;
          setState('ready');
          void loadCountryOutlines()
            .then((countries) => created.getSource<GeoJSONSource>(mapIds.countriesSource)?.setData(countries))
            .catch((error: unknown) => console.warn('World basemap unavailable', error));
        });
        mapRef.current = map;
      })
      .catch((error: unknown) => {
        console.warn('Map unavailable', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      markerRef.current = null;
      pinShownRef.current = false;
    };
  }, [tileUrl]);

  // The pin follows the form (typed coordinates, a search, a drag); the camera only when sent.
  useEffect(() => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker) return;
    if (!pin) {
      marker.remove();
      pinShownRef.current = false;
      return;
    }
    marker.setLngLat(lngLat(pin));
    if (!pinShownRef.current) marker.addTo(map);
    pinShownRef.current = true;
  }, [pin, state]);

  useEffect(() => {
    const map = mapRef.current;
    const at = latest.current.pin;
    if (!map || !at || focusKey === 0) return;
    map.flyTo({ center: lngLat(at), zoom: Math.max(map.getZoom(), streetZoom), duration: 600 });
  }, [focusKey, state]);

  return (
    <div className={styles.pinMap}>
      <div
        ref={containerRef}
        className={styles.pinMapCanvas}
        role="region"
        aria-label={t('add.place.mapLabel')}
      />
      {state !== 'ready' && (
        <p className={styles.pinMapStatus} role="status">
          {state === 'loading' ? t('add.place.mapLoading') : t('add.place.mapFailed')}
        </p>
      )}
    </div>
  );
}
