import { type ComponentType, lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapDefaults } from '@laundry/contracts';
import type { InteractiveMapProps, LaundromatMapProps } from './laundromat-map.tsx';
import { initialCameraCenter, type MapAction } from './map-actions.ts';
import { defaultTileUrl } from './map-constants.ts';
import { MapPreview } from './map-preview.tsx';
import styles from './laundromat-map.module.css';

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

const defaultCenter = { latitude: mapDefaults.latitude, longitude: mapDefaults.longitude };

type InteractiveState = 'off' | 'loading' | 'drawn' | 'failed';

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
  const { searchLocation, userLocation, tileUrl = defaultTileUrl } = props;
  const camera = {
    center: initialCameraCenter(searchLocation, userLocation, defaultCenter),
    zoom: mapDefaults.zoom,
  };

  const activate = useCallback((action?: MapAction) => {
    setState((current) => (current === 'off' ? 'loading' : current));
    if (action) setPendingAction(action);
  }, []);
  const actionDone = useCallback(() => setPendingAction(null), []);
  const stateChange = useCallback((next: 'drawn' | 'failed') => setState(next), []);

  return (
    <section className={styles.root} aria-label={t('map.label')}>
      {state !== 'off' && (
        <Suspense fallback={null}>
          <LaundromatMap
            {...props}
            initialCamera={camera}
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
