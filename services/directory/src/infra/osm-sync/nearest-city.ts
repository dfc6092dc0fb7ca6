import { readCityRecords } from '../geocoding/city-records.ts';

export interface NearbyCity {
  name: string;
  countryCode: string;
  distanceKm: number;
}

interface GeoNamesCity {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

const CELL_DEGREES = 1;

function cellKey(latitude: number, longitude: number): string {
  return `${Math.floor(latitude / CELL_DEGREES)}:${Math.floor(longitude / CELL_DEGREES)}`;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Finds the nearest GeoNames city (the gazetteer's cities of `city-records.ts`, population ≥ 1000) in the
 * 3×3 one-degree cells around a point, for OSM objects that carry no addr:city or addr:country. Built
 * lazily: loading takes about half a second.
 */
export function createNearestCityFinder(): (latitude: number, longitude: number) => NearbyCity | undefined {
  let grid: Map<string, GeoNamesCity[]> | undefined;
  const load = () => {
    const built = new Map<string, GeoNamesCity[]>();
    readCityRecords(
      ({ name, country, latitude, longitude }) => {
        const key = cellKey(latitude, longitude);
        const city = { name, country, latitude, longitude };
        const cell = built.get(key);
        if (cell) cell.push(city);
        else built.set(key, [city]);
      },
      { alternateNames: false },
    );
    return built;
  };
  return (latitude, longitude) => {
    grid ??= load();
    // Thousands of towns lie in the nine cells of a dense region: they are ranked by the flat-earth
    // distance, which orders points a few degrees apart as the great circle does, and only the nearest
    // is measured exactly.
    const lonScale = Math.cos((latitude * Math.PI) / 180);
    let nearest: GeoNamesCity | undefined;
    let nearestSquared = Infinity;
    for (let dLat = -1; dLat <= 1; dLat += 1) {
      for (let dLon = -1; dLon <= 1; dLon += 1) {
        let lonCell = longitude + dLon * CELL_DEGREES;
        if (lonCell >= 180) lonCell -= 360;
        if (lonCell < -180) lonCell += 360;
        for (const city of grid.get(cellKey(latitude + dLat * CELL_DEGREES, lonCell)) ?? []) {
          let deltaLon = Math.abs(city.longitude - longitude);
          if (deltaLon > 180) deltaLon = 360 - deltaLon;
          const squared = (city.latitude - latitude) ** 2 + (deltaLon * lonScale) ** 2;
          if (squared < nearestSquared) {
            nearestSquared = squared;
            nearest = city;
          }
        }
      }
    }
    if (!nearest) return undefined;
    return {
      name: nearest.name,
      countryCode: nearest.country,
      distanceKm: distanceKm(latitude, longitude, nearest.latitude, nearest.longitude),
    };
  };
}
