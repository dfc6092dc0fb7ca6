import { markerDiameters } from './map-constants.ts';

export type MarkerKind = keyof typeof markerDiameters;

export function markerKind(selected: boolean): MarkerKind {
  return selected ? 'selected' : 'normal';
}

/** Circle layers take a radius; the product gives diameters. */
export function markerRadius(kind: MarkerKind): number {
  return markerDiameters[kind] / 2;
}

/** Cluster circles grow with the number of laundromats they hold, starting at a marker's size. */
export const clusterRadiusSteps = [
  { minCount: 0, radius: markerRadius('normal') },
  { minCount: 100, radius: 24 },
  { minCount: 1000, radius: 30 },
] as const;
