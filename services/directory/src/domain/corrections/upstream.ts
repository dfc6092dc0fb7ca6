import type { UpstreamDifference } from '@laundry/contracts';
import type { LaundromatRow } from '../laundromat-store.ts';

/** A laundromat's kept fields and what OpenStreetMap last said about it (the sync's upstream column). */
export interface UpstreamState {
  row: LaundromatRow;
  upstream: Record<string, unknown> | null;
  /** Fields a person's approved correction keeps (laundromats.locally_edited_fields). */
  correctedFields: readonly string[];
  /** Fields the verified owner keeps (laundromats.owner_fields). */
  ownerFields: readonly string[];
}

/** 'hours' is kept with 'openingHours' (one is read from the other): shown and taken as openingHours. */
const shownField = (field: string) => (field === 'hours' ? 'openingHours' : field);

function localValue(row: LaundromatRow, field: string): unknown {
  if (field === 'location') return { latitude: row.latitude, longitude: row.longitude };
  return row[field] ?? null;
}

function upstreamValue(upstream: Record<string, unknown>, field: string): unknown {
  if (field === 'location') {
    if (typeof upstream.latitude !== 'number' || typeof upstream.longitude !== 'number') return undefined;
    return { latitude: upstream.latitude, longitude: upstream.longitude };
  }
  return upstream[field];
}

/** Equal as values: decimals read as numbers on one side and as text on the other still compare equal. */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  return JSON.stringify(norm(a) ?? null) === JSON.stringify(norm(b) ?? null);
}

/**
 * The fields where the directory kept its own value over OpenStreetMap's: kept by a correction or by the
 * owner, named in upstream's answer, and different from it. A field upstream does not speak of (a status,
 * the owner's description) is no difference.
 */
export function upstreamDifferences(state: UpstreamState): UpstreamDifference[] {
  if (!state.upstream) return [];
  const upstream = state.upstream;
  const kept = new Map<string, UpstreamDifference['keptBy']>();
  for (const field of state.correctedFields) kept.set(shownField(field), 'correction');
  // The owner's word is the stronger reason to keep a value, so it is the one named.
  for (const field of state.ownerFields) kept.set(shownField(field), 'owner');
  const differences: UpstreamDifference[] = [];
  for (const [field, keptBy] of [...kept].sort(([a], [b]) => a.localeCompare(b))) {
    const theirs = upstreamValue(upstream, field);
    if (theirs === undefined) continue;
    const mine = localValue(state.row, field);
    if (sameValue(mine, theirs)) continue;
    differences.push({ field, local: mine, upstream: theirs ?? null, keptBy });
  }
  return differences;
}
