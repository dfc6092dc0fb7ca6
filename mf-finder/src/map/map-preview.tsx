import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Laundromat } from '@laundry/contracts';
import type { Coordinates } from '../domain/geo-distance.ts';
import type { MapAction } from './map-actions.ts';
import { basemapColours } from './map-constants.ts';
import { MapControls, MapLegend } from './map-controls.tsx';
import { previewMarkers, type PreviewMarker } from './preview-markers.ts';
import { tilesInView, tileUrl, type Camera, type ViewSize } from './web-mercator.ts';
import styles from './laundromat-map.module.css';

export interface MapPreviewProps {
  laundromats: readonly Laundromat[];
  selectedId: string | null | undefined;
  onSelect: (id: string) => void;
  userLocation?: Coordinates | null;
  camera: Camera;
  tileUrl: string;
  /** The person reached for the map: load the interactive one, then carry out `action` if one is given. */
  onActivate: (action?: MapAction) => void;
  /** 'loading' once the interactive map was asked for; 'failed' when it cannot be shown here. */
  status: 'idle' | 'loading' | 'failed';
}

function useViewSize(element: RefObject<HTMLElement | null>): ViewSize | null {
  const [size, setSize] = useState<ViewSize | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    // The observer reports the first size after layout, so the page is never made to lay out early for it.
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((current) =>
        current?.width === width && current.height === height ? current : { width, height },
      );
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** A laundromat's id, a cluster's own key, or 'user'. */
const markerKey = (marker: PreviewMarker) =>
  marker.kind === 'laundromat' ? marker.id : marker.kind === 'cluster' ? marker.key : marker.kind;

const hideFailedTile = (event: SyntheticEvent<HTMLImageElement>) => {
  // Out of reach (offline, no tile server): the land colour underneath shows instead of a broken image.
  event.currentTarget.style.visibility = 'hidden';
};

/**
 * The map as a picture: the same tiles, markers, clusters, controls and credit as the interactive map, drawn
 * with plain elements. maplibre-gl (about 300 kB, and WebGL set-up that blocks a phone's main thread for a
 * long while) loads only when the person reaches for the map: a press, a wheel turn or a mouse over it, a
 * control. Clicking a laundromat selects it at once, as on the interactive map.
 */
export function MapPreview({
  laundromats,
  selectedId,
  onSelect,
  userLocation,
  camera,
  tileUrl: template,
  onActivate,
  status,
}: MapPreviewProps) {
  const { t } = useTranslation('finder');
  const surfaceRef = useRef<HTMLDivElement>(null);
  const size = useViewSize(surfaceRef);
  const { latitude, longitude } = camera.center;
  const { zoom } = camera;
  const tiles = useMemo(
    () => (size ? tilesInView({ center: { latitude, longitude }, zoom }, size) : []),
    [latitude, longitude, zoom, size],
  );
  const markers = useMemo(
    () =>
      size
        ? previewMarkers({
            laundromats,
            selectedId,
            userLocation,
            camera: { center: { latitude, longitude }, zoom },
            size,
            now: new Date(),
          })
        : [],
    [laundromats, selectedId, userLocation, latitude, longitude, zoom, size],
  );

  const activateOnHover = (event: PointerEvent) => {
    // A mouse over the map is a hand on its way to it; a touch is handled by pointerdown.
    if (event.pointerType === 'mouse') onActivate();
  };

  const clickMarker = (marker: PreviewMarker) => {
    if (marker.kind === 'laundromat') {
      onSelect(marker.id);
      onActivate({ type: 'showPopup', laundromatId: marker.id });
    } else if (marker.kind === 'cluster') {
      onActivate({ type: 'expandCluster', center: marker.center, zoom: marker.expansionZoom });
    } else {
      onActivate();
    }
  };

  return (
    <div
      className={styles.preview}
      data-testid="map-preview"
      style={{ background: basemapColours.land }}
      onPointerDown={() => onActivate()}
      onPointerEnter={activateOnHover}
      onWheel={() => onActivate()}
    >
      {/* The list holds the same laundromats for assistive technology; this is their picture. */}
      <div ref={surfaceRef} className={styles.previewSurface} aria-hidden="true">
        {tiles.map((tile) => (
          <img
            key={`${tile.z}/${tile.left}/${tile.top}`}
            className={styles.previewTile}
            src={tileUrl(template, tile)}
            alt=""
            draggable={false}
            // A CORS request, as the interactive map makes: the service worker keeps the tile for offline
            // use and serves it to both (an opaque no-cors answer it could do neither with).
            crossOrigin="anonymous"
            decoding="async"
            onError={hideFailedTile}
            style={{ left: tile.left, top: tile.top, width: tile.size, height: tile.size }}
          />
        ))}
        {markers.map((marker) => (
          <span
            key={markerKey(marker)}
            className={styles.previewMarker}
            data-kind={marker.kind}
            data-key={markerKey(marker)}
            data-selected={marker.kind === 'laundromat' ? marker.selected : undefined}
            style={{
              left: marker.x,
              top: marker.y,
              width: marker.diameter,
              height: marker.diameter,
              background: marker.kind === 'cluster' ? basemapColours.clusterFill : marker.colour,
              borderColor: basemapColours.markerStroke,
              color: basemapColours.clusterText,
            }}
            onClick={() => clickMarker(marker)}
          >
            {marker.kind === 'cluster' ? marker.label : null}
          </span>
        ))}
      </div>
      <MapControls
        onZoomIn={() => onActivate({ type: 'zoomIn' })}
        onZoomOut={() => onActivate({ type: 'zoomOut' })}
        onFindMyLocation={() => onActivate({ type: 'findMyLocation' })}
      />
      <MapLegend showUser={Boolean(userLocation)} />
      <p className={styles.previewCredit}>{t('map.attribution')}</p>
      {status === 'loading' && (
        <p className={styles.previewStatus} role="status">
          {t('map.loading')}
        </p>
      )}
      {status === 'failed' && (
        <p className={styles.previewStatus} role="alert">
          {t('map.unavailable')}
        </p>
      )}
    </div>
  );
}
