import {
  nearbyDuplicateRadiusMeters,
  type NearbyDuplicate,
  type NearbyDuplicatesQuery,
  type NearbyDuplicatesResponse,
} from '@laundry/contracts';
import { isSimilarName } from './name-similarity.ts';

/** A laundromat near a point, before its name is compared. */
export interface NearbyCandidate extends NearbyDuplicate {
  /** The point the distance is from: the asked point, or the pending submission it is near. */
  nearId?: string;
}

export interface NearbyLaundromats {
  /** Listed laundromats within `radiusMeters` of the point, nearest first. */
  listedNear(
    point: { latitude: number; longitude: number },
    radiusMeters: number,
  ): Promise<NearbyCandidate[]>;
  /**
   * For each pending submission, the listed laundromats and the other pending submissions within
   * `radiusMeters` of it, nearest first, each carrying the submission's id as `nearId`.
   */
  aroundSubmissions(ids: readonly string[], radiusMeters: number): Promise<NearbyCandidate[]>;
}

const withoutNearId = ({ nearId: _nearId, ...duplicate }: NearbyCandidate): NearbyDuplicate => duplicate;

/** Before a person submits: listed laundromats of a similar name a few doors away ('Is it one of these?'). */
export async function findNearbyDuplicates(
  nearby: NearbyLaundromats,
  query: NearbyDuplicatesQuery,
): Promise<NearbyDuplicatesResponse> {
  const candidates = await nearby.listedNear(
    { latitude: query.lat, longitude: query.lng },
    nearbyDuplicateRadiusMeters,
  );
  return {
    items: candidates.filter((candidate) => isSimilarName(candidate.name, query.name)).map(withoutNearId),
    radiusMeters: nearbyDuplicateRadiusMeters,
  };
}

/** For the admins' queue: each submission's likely duplicates, listed or waiting too, by submission id. */
export async function likelyDuplicatesOf(
  nearby: NearbyLaundromats,
  submissions: readonly { id: string; name: string }[],
): Promise<Map<string, NearbyDuplicate[]>> {
  const found = new Map<string, NearbyDuplicate[]>(submissions.map((row) => [row.id, []]));
  if (submissions.length === 0) return found;
  const names = new Map(submissions.map((row) => [row.id, row.name]));
  const candidates = await nearby.aroundSubmissions(
    submissions.map((row) => row.id),
    nearbyDuplicateRadiusMeters,
  );
  for (const candidate of candidates) {
    const name = candidate.nearId === undefined ? undefined : names.get(candidate.nearId);
    if (name !== undefined && isSimilarName(candidate.name, name))
      found.get(candidate.nearId!)!.push(withoutNearId(candidate));
  }
  return found;
}
