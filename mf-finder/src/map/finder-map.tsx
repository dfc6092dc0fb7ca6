import {
  type ComponentType,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { mapDefaults } from '@laundry/contracts';
import type { InteractiveMapProps, LaundromatMapProps } from './laundromat-map.tsx';
import { initialCameraCenter, type MapAction } from './map-actions.ts';
import { defaultTileUrl } from './map-constants.ts';
import { MapPreview } from './map-preview.tsx';
import { cameraToFit, type Camera, type ViewSize } from './web-mercator.ts';
import styles from './laundromat-map.module.css';
import { firstScreenCentre } from '../domain/first-screen-centre.ts';

/** Stands in for the interactive map when its code cannot be fetched (offline before it was ever cached). */
function MapUnavailable({ onStateChange }: InteractiveMapProps) {
  useEffect(() => onStateChange('failed'), [onStateChange]);
  return null;
}

const LaundromatMap = lazy<ComponentType<InteractiveMapProps>>(() =>
  import(/* webpackChunkName: "laundromat-map" */ './laundromat-map.tsx').then(
    ({ LaundromatMap }) => ({ default: LaundromatMap }),
    (error: unknown) => {
      console.warn('Map unavailable', error);
      return { default: MapUnavailable };
    },
  ),
);

type InteractiveState = 'off' | 'loading' | 'drawn' | 'failed';

/** Markers framed before a search stay this far (px) from the map's edges. */
const framePadding = 32;

/** The element's size once laid out and whenever it changes; only measured when `wanted`. */
function useElementSize(element: { current: HTMLElement | null }, wanted: boolean): ViewSize | null {
  const [size, setSize] = useState<ViewSize | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target || !wanted) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((current) =>
        current?.width === width && current.height === height ? current : { width, height },
      );
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, wanted]);
  return size;
}

/**
 * The finder's map: first a preview drawn with plain elements (tiles, markers, clusters, controls), then,
 * once the person reaches for it, the interactive maplibre map in the same place, opened on the same view.
 * The preview stays in front until the interactive map has drawn its first whole picture, and stays for good
 * when this device cannot show one.
 */
export const FinderMap = memo(function FinderMap(props: LaundromatMapProps) {
  const { t } = useTranslation('finder');
  const [state, setState] = useState<InteractiveState>('off');
  const [pendingAction, setPendingAction] = useState<MapAction | null>(null);
  const { searchLocation, searchZoom, userLocation, frame, tileUrl = defaultTileUrl } = props;
  const rootRef = useRef<HTMLElement>(null);
  const size = useElementSize(rootRef, frame !== undefined && frame !== null);
  // Before a search the map frames what the list shows; after one, it looks at the place searched (or frames
  // it with the nearest laundromats when none is within reach).
  const frameCamera = useMemo(
    () =>
      frame && size ? cameraToFit(frame, size, { padding: framePadding, maxZoom: mapDefaults.zoom }) : null,
    [frame, size],
  );
  const camera: Camera = frameCamera ?? {
    center: initialCameraCenter(searchLocation, userLocation, firstScreenCentre()),
    zoom: searchLocation && searchZoom !== undefined ? searchZoom : mapDefaults.zoom,
  };

  const activate = useCallback((action?: MapAction) => {
    setState((current) => (current === 'off' ? 'loading' : current));
    if (action) setPendingAction(action);
  }, []);
  const actionDone = useCallback(() => setPendingAction(null), []);
  const stateChange = useCallback((next: 'drawn' | 'failed') => setState(next), []);

  return (
    // data-laundromats: how many the map holds, every page the list has fetched (markers off view or
    // clustered cannot be counted from outside).
    <section
      ref={rootRef}
      className={styles.root}
      aria-label={t('map.label')}
      data-laundromats={props.laundromats.length}
    >
      {state !== 'off' && (
        <Suspense fallback={null}>
          <LaundromatMap
            {...props}
            initialCamera={camera}
            frameCamera={frameCamera}
            pendingAction={pendingAction}
            onActionDone={actionDone}
            onStateChange={stateChange}
          />
        </Suspense>
      )}
      {state !== 'drawn' && (
        <MapPreview
          laundromats={props.laundromats}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          userLocation={userLocation}
          camera={camera}
          tileUrl={tileUrl}
          onActivate={activate}
          status={state === 'off' ? 'idle' : state === 'loading' ? 'loading' : 'failed'}
        />
      )}
    </section>
  );
});
