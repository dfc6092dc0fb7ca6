import { haversineMeters } from '../../domain/geo.ts';
import type { GeocodeResult } from './geocode-result.ts';
import { cellKey } from './place-index.ts';
import type { City, Index } from './place-index.ts';
import { cityResult } from './regions.ts';

/** From a point to the city it lies in: the nearest place, and for a district the big city it belongs to. */

const KM_PER_DEGREE = 111.19;
// A district is reported with the largest city this close to it: sections belong to big cities.
export const SECTION_PARENT_KM = 20;

export function nearestCity(idx: Index, latitude: number, longitude: number, maxKm: number): City | null {
  const latCell = Math.floor(latitude);
  const lonCell = Math.floor(longitude);
  const cosLat = Math.max(0.05, Math.cos((Math.min(89, Math.abs(latitude)) * Math.PI) / 180));
  const maxRings = Math.min(180, Math.ceil(maxKm / (KM_PER_DEGREE * cosLat)) + 1);
  let best: City | null = null;
  let bestKm = maxKm;
  for (let ring = 0; ring <= maxRings; ring += 1) {
    // Cells on this ring are at least ring-1 whole degrees away in latitude or longitude.
    const nearestLat = Math.min(89, Math.abs(latitude) + ring);
    const ringLowerBoundKm = Math.max(0, ring - 1) * KM_PER_DEGREE * Math.cos((nearestLat * Math.PI) / 180);
    if (best && ringLowerBoundKm > bestKm) break;
    for (let dy = -ring; dy <= ring; dy += 1) {
      const y = latCell + dy;
      if (y < -90 || y > 89) continue;
      const onEdge = Math.abs(dy) === ring;
      for (let dx = -ring; dx <= ring; dx += onEdge ? 1 : 2 * ring) {
        for (const i of idx.byCell.get(cellKey(y, lonCell + dx)) ?? []) {
          const city = idx.cities[i] as City;
          const km = haversineMeters({ latitude, longitude }, city) / 1000;
          if (km <= bestKm) {
            best = city;
            bestKm = km;
          }
        }
        if (ring === 0) break;
      }
    }
  }
  return best;
}

/** The most populous whole city (not a district) within `km`, the likeliest one a point belongs to. */
export function largestCityNear(idx: Index, latitude: number, longitude: number, km: number): City | null {
  const latSpan = Math.ceil(km / KM_PER_DEGREE);
  const cosLat = Math.max(0.05, Math.cos((Math.min(89, Math.abs(latitude) + latSpan) * Math.PI) / 180));
  const lonSpan = Math.min(180, Math.ceil(km / (KM_PER_DEGREE * cosLat)));
  let best: City | null = null;
  for (let y = Math.floor(latitude) - latSpan; y <= Math.floor(latitude) + latSpan; y += 1) {
    if (y < -90 || y > 89) continue;
    for (let x = Math.floor(longitude) - lonSpan; x <= Math.floor(longitude) + lonSpan; x += 1) {
      for (const i of idx.byCell.get(cellKey(y, x)) ?? []) {
        const city = idx.cities[i] as City;
        if (city.isSection || (best && city.population <= best.population)) continue;
        if (haversineMeters({ latitude, longitude }, city) / 1000 <= km) best = city;
      }
    }
  }
  return best;
}

export function reverseResult(
  idx: Index,
  latitude: number,
  longitude: number,
  maxKm: number,
): GeocodeResult | null {
  const nearest = nearestCity(idx, latitude, longitude, maxKm);
  if (!nearest) return null;
  if (!nearest.isSection) return cityResult(idx, nearest);
  const parent = largestCityNear(idx, nearest.latitude, nearest.longitude, SECTION_PARENT_KM);
  if (!parent || parent.population < nearest.population) return cityResult(idx, nearest);
  const result = cityResult(idx, parent);
  return {
    ...result,
    latitude: nearest.latitude,
    longitude: nearest.longitude,
    displayName: `${nearest.name}, ${result.displayName}`,
  };
}
