import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { GeoJSONSource, MapGeoJSONFeature, MapSourceDataEvent, Popup } from 'maplibre-gl';
import { mapDefaults } from '@laundry/contracts';
import {
  explorePointFeatures,
  pointCoordinates,
  pointsBox,
  type LaundromatPoint,
} from '../domain/explore-points.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { MapControls } from '../map/map-controls.tsx';
import { defaultTileUrl, mapIds, markerDiameters } from '../map/map-constants.ts';
import { useMapLibreMap } from '../map/use-maplibre-map.ts';
import { ExplorePopup } from './explore-popup.tsx';
import mapStyles from '../map/laundromat-map.module.css';
import styles from './explore.module.css';

/** The world, before the points have come: the map opens here and moves to their box once they have. */
const worldCamera = { center: { latitude: 20, longitude: 0 }, zoom: 1 };

/** The points' box stays this far (px) from the map's edges. */
const framePadding = 24;

/** A cluster or a laundromat as drawn, where it is on the map's canvas (CSS pixels from its top left). */
interface ShownMarker {
  key: string;
  kind: 'cluster' | 'laundromat';
  x: number;
  y: number;
  diameter: number;
  count: number;
  /** A cluster's id in the clustered source; a laundromat's index among the points. */
  id: number;
  at: Coordinates;
}

const toLngLat = (point: Coordinates): [number, number] => [point.longitude, point.latitude];

/** The markers the canvas shows now, each once (a world drawn twice side by side shows some twice). */
function shownMarkers(
  features: MapGeoJSONFeature[],
  project: (at: [number, number]) => { x: number; y: number },
): ShownMarker[] {
  const byKey = new Map<string, ShownMarker>();
  for (const feature of features) {
    if (feature.geometry.type !== 'Point') continue;
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties as Record<string, unknown>;
    const isCluster = typeof properties.cluster_id === 'number';
    const id = Number(isCluster ? properties.cluster_id : properties.id);
    const key = `${isCluster ? 'cluster' : 'laundromat'}-${id}`;
    if (byKey.has(key)) continue;
    const { x, y } = project([longitude, latitude]);
    const count = isCluster ? Number(properties.point_count) : 1;
    byKey.set(key, {
      key,
      kind: isCluster ? 'cluster' : 'laundromat',
      x,
      y,
      // The canvas draws a cluster's circle by its count (map-style.ts); this target need only cover it.
      diameter: isCluster ? markerDiameters.selected : markerDiameters.normal,
      count,
      id,
      at: { latitude, longitude },
    });
  }
  return [...byKey.values()];
}

/**
 * Every laundromat on one map, clustered by maplibre in its worker. A click on a cluster zooms in where it
 * falls apart; a click on a laundromat opens a popup that asks for the laundromats at that point. Over the
 * canvas lie buttons where the markers are drawn, for the keyboard (the canvas itself has none); the pointer
 * goes through them to the canvas, so a drag that starts on a marker still moves the map.
 */
export function ExploreMap({ points }: { points: readonly LaundromatPoint[] | undefined }) {
  const { t } = useTranslation('finder');
  const [failed, setFailed] = useState(false);
  const [markers, setMarkers] = useState<ShownMarker[]>([]);
  const [popupAt, setPopupAt] = useState<{ at: Coordinates; container: HTMLElement } | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const pointsRef = useRef(points);
  pointsRef.current = points;

  const { containerRef, mapRef, libraryRef, loadState, drawn } = useMapLibreMap({
    initialCamera: worldCamera,
    tileUrl: defaultTileUrl,
    attribution: t('map.attribution'),
    onMarkerClick: (id) => {
      const point = pointsRef.current?.[Number(id)];
      if (point) showPopup(pointCoordinates(point));
    },
    onUserMarkerClick: () => undefined,
    onBoundsChange: () => undefined,
    onStateChange: (state) => setFailed(state === 'failed'),
    onRemove: () => popupRef.current?.remove(),
  });

  const showPopup = useCallback(
    (at: Coordinates) => {
      const map = mapRef.current;
      const maplibre = libraryRef.current;
      if (!map || !maplibre) return;
      popupRef.current?.remove();
      const container = document.createElement('div');
      const popup = new maplibre.Popup({
        offset: markerDiameters.normal / 2 + 4,
        maxWidth: '18rem',
        className: mapStyles.popup,
      })
        .setLngLat(toLngLat(at))
        .setDOMContent(container);
      popupRef.current = popup;
      popup.on('close', () => {
        if (popupRef.current !== popup) return;
        popupRef.current = null;
        setPopupAt(null);
      });
      flushSync(() => setPopupAt({ at, container }));
      popup.addTo(map);
    },
    [mapRef, libraryRef],
  );

  // The points into the clustered source, and the map onto their box, once both have come.
  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map || !points) return;
    map.getSource<GeoJSONSource>(mapIds.laundromatsSource)?.setData(explorePointFeatures(points));
    const box = pointsBox(points);
    if (box) map.fitBounds([toLngLat(box[0]), toLngLat(box[1])], { padding: framePadding, duration: 0 });
  }, [loadState, points, mapRef]);

  // The buttons follow the markers once the map is at rest; while it moves they would be in the wrong place.
  // They are placed on the frame drawn after a move or after the clusters changed, not at 'idle', which waits
  // for every map tile: a slow tile server would leave the keyboard without markers for as long.
  useEffect(() => {
    const map = mapRef.current;
    if (loadState !== 'ready' || !map) return;
    const clear = () => setMarkers([]);
    const place = () => {
      if (map.isMoving()) return;
      const features = map.queryRenderedFeatures({ layers: [mapIds.clustersLayer, mapIds.pointsLayer] });
      setMarkers(shownMarkers(features, (at) => map.project(at)));
    };
    const placeAfterNextFrame = () => {
      map.once('render', place);
      map.triggerRepaint();
    };
    const sourceChanged = (event: MapSourceDataEvent) => {
      if (event.sourceId === mapIds.laundromatsSource && event.isSourceLoaded) placeAfterNextFrame();
    };
    map.on('movestart', clear);
    map.on('moveend', placeAfterNextFrame);
    map.on('sourcedata', sourceChanged);
    return () => {
      map.off('movestart', clear);
      map.off('moveend', placeAfterNextFrame);
      map.off('sourcedata', sourceChanged);
      map.off('render', place);
    };
  }, [loadState, mapRef]);

  const open = (marker: ShownMarker) => {
    const map = mapRef.current;
    if (!map) return;
    if (marker.kind === 'laundromat') return showPopup(marker.at);
    void map
      .getSource<GeoJSONSource>(mapIds.laundromatsSource)
      ?.getClusterExpansionZoom(marker.id)
      .then((zoom) => map.easeTo({ center: toLngLat(marker.at), zoom }));
  };

  const findMyLocation = () => {
    navigator.geolocation?.getCurrentPosition(
      (position) =>
        mapRef.current?.flyTo({
          center: [position.coords.longitude, position.coords.latitude],
          zoom: mapDefaults.locateZoom,
        }),
      () => console.warn('Geolocation access denied'),
    );
  };

  return (
    <div className={mapStyles.root} data-testid="explore-map">
      <div ref={containerRef} className={mapStyles.canvas} data-drawn={drawn || failed} />
      <div className={styles.markers}>
        {markers.map((marker) => (
          <button
            key={marker.key}
            type="button"
            className={styles.marker}
            data-kind={marker.kind}
            data-count={marker.count}
            style={{ left: marker.x, top: marker.y, width: marker.diameter, height: marker.diameter }}
            aria-label={
              marker.kind === 'cluster' ? t('explore.cluster', { count: marker.count }) : t('explore.point')
            }
            onClick={() => open(marker)}
          />
        ))}
      </div>
      <MapControls
        disabled={loadState !== 'ready'}
        onZoomIn={() => mapRef.current?.zoomIn()}
        onZoomOut={() => mapRef.current?.zoomOut()}
        onFindMyLocation={findMyLocation}
      />
      {(failed || !drawn || !points) && (
        <p className={mapStyles.previewStatus} role={failed ? 'alert' : 'status'}>
          {failed ? t('map.unavailable') : t('map.loading')}
        </p>
      )}
      {popupAt && createPortal(<ExplorePopup at={popupAt.at} />, popupAt.container)}
    </div>
  );
}
