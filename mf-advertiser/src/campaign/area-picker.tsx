import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Button } from '@laundry/ui';
import { useText } from '../components/use-text.ts';
import type { TargetArea } from '../domain/campaign-form.ts';
import {
  clampRadius,
  radiusAtSlider,
  radiusLimits,
  sliderAtRadius,
  sliderSteps,
} from '../domain/geo-circle.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import type { TargetMapProps } from '../map/target-map.tsx';
import { AreaFinder } from './area-finder.tsx';
import formStyles from '../components/form.module.css';
import styles from './campaign.module.css';

function MapUnavailable({ onStateChange }: TargetMapProps) {
  useEffect(() => onStateChange('failed'), [onStateChange]);
  return null;
}

const TargetMap = lazy<ComponentType<TargetMapProps>>(() =>
  import(/* webpackChunkName: "target-map" */ '../map/target-map.tsx').catch((error: unknown) => {
    console.warn('Map unavailable', error);
    return { default: MapUnavailable };
  }),
);

const coordinate = (text: string, limit: number): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
};

/**
 * The target area: a map to click and drag on, and the same area as numbers (latitude, longitude, radius
 * slider and box) for the keyboard, with Clear. No area is no limit by distance.
 */
export function AreaPicker({
  area,
  onChange,
  errors,
}: {
  area: TargetArea | null;
  onChange: (area: TargetArea | null) => void;
  errors: { path: string; text: I18nText }[];
}) {
  const { t, text } = useText();
  const [mapState, setMapState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [radius, setRadius] = useState<number>(area?.radiusKm ?? radiusLimits.defaultKm);
  const [latText, setLatText] = useState(area ? String(area.latitude) : '');
  const [lngText, setLngText] = useState(area ? String(area.longitude) : '');
  const [radiusText, setRadiusText] = useState(String(area?.radiusKm ?? radiusLimits.defaultKm));

  // The boxes follow the area when it changes elsewhere (the map, Clear), and keep what is being typed
  // ('51.' stays '51.') while it already says the same number.
  useEffect(() => {
    const follow = (value: number) => (current: string) =>
      current.trim() !== '' && Number(current) === value ? current : String(value);
    if (area) {
      setLatText(follow(area.latitude));
      setLngText(follow(area.longitude));
      setRadius(area.radiusKm);
      setRadiusText(follow(area.radiusKm));
    } else {
      setLatText('');
      setLngText('');
    }
  }, [area]);

  const setRadiusKm = (km: number) => {
    const clamped = clampRadius(km);
    setRadius(clamped);
    if (area) onChange({ ...area, radiusKm: clamped });
  };

  const setCoordinate = (which: 'latitude' | 'longitude', value: string) => {
    if (which === 'latitude') setLatText(value);
    else setLngText(value);
    const latitude = coordinate(which === 'latitude' ? value : latText, 90);
    const longitude = coordinate(which === 'longitude' ? value : lngText, 180);
    if (latitude !== null && longitude !== null) onChange({ latitude, longitude, radiusKm: radius });
  };

  const errorId = 'campaign-area-error';
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={errors.length > 0 ? errorId : 'campaign-area-hint'}
    >
      <legend className={styles.legend}>{t('targeting.area.label')}</legend>
      <p id="campaign-area-hint" className={formStyles.hint}>
        {t('targeting.area.hint')}
      </p>
      <AreaFinder area={area} onChange={onChange} />
      <div className={styles.mapBox} data-state={mapState}>
        <Suspense fallback={null}>
          <TargetMap area={area} radiusKm={radius} onAreaChange={onChange} onStateChange={setMapState} />
        </Suspense>
        {mapState !== 'ready' && (
          <p className={styles.mapStatus} role="status">
            {mapState === 'loading' ? t('targeting.map.loading') : t('targeting.map.failed')}
          </p>
        )}
      </div>
      <div className={styles.areaControls}>
        <div className={`${formStyles.field} ${styles.radiusField}`}>
          <label htmlFor="campaign-radius">{t('targeting.area.radius')}</label>
          <div className={styles.radiusRow}>
            <input
              id="campaign-radius-slider"
              type="range"
              min={0}
              max={sliderSteps}
              step={1}
              value={sliderAtRadius(radius)}
              onChange={(event) => setRadiusKm(radiusAtSlider(Number(event.target.value)))}
              aria-label={t('targeting.area.radiusSlider')}
              aria-valuetext={t('common:units.kilometers', { value: radius })}
              className={styles.slider}
            />
            <input
              id="campaign-radius"
              type="number"
              inputMode="decimal"
              min={radiusLimits.minKm}
              max={radiusLimits.maxKm}
              step={0.1}
              value={radiusText}
              onChange={(event) => {
                setRadiusText(event.target.value);
                const km = Number(event.target.value);
                if (event.target.value.trim() !== '' && Number.isFinite(km) && km > 0) setRadiusKm(km);
              }}
              onBlur={() => setRadiusText(String(radius))}
              className={`${formStyles.input} ${styles.radiusInput}`}
            />
          </div>
        </div>
        <div className={formStyles.field}>
          <label htmlFor="campaign-latitude">{t('targeting.area.latitude')}</label>
          <input
            id="campaign-latitude"
            type="number"
            inputMode="decimal"
            step="any"
            min={-90}
            max={90}
            value={latText}
            onChange={(event) => setCoordinate('latitude', event.target.value)}
            className={formStyles.input}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor="campaign-longitude">{t('targeting.area.longitude')}</label>
          <input
            id="campaign-longitude"
            type="number"
            inputMode="decimal"
            step="any"
            min={-180}
            max={180}
            value={lngText}
            onChange={(event) => setCoordinate('longitude', event.target.value)}
            className={formStyles.input}
          />
        </div>
        <Button
          variant="secondary"
          onClick={() => onChange(null)}
          disabled={!area}
          className={styles.clearButton}
        >
          {t('targeting.area.clear')}
        </Button>
      </div>
      <p className={styles.areaSummary} aria-live="polite" data-testid="area-summary">
        {area
          ? t('targeting.area.summary', {
              radius: area.radiusKm,
              latitude: area.latitude.toFixed(4),
              longitude: area.longitude.toFixed(4),
            })
          : t('targeting.area.none')}
      </p>
      {errors.length > 0 && (
        <p id={errorId} className={formStyles.error}>
          {errors.map((error) => text(error.text)).join(' ')}
        </p>
      )}
    </fieldset>
  );
}
