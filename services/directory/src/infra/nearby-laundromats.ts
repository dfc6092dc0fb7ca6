import type { Db } from '@laundry/platform/db';
import type { NearbyCandidate, NearbyLaundromats } from '../domain/nearby-duplicates.ts';

const candidateColumns = (near: string, other: string) =>
  `${other}.id, ${other}.name, ${other}.address, ${other}.status,
   round(ST_Distance(${other}.location, ${near}, false)::numeric, 1)::float8 AS "distanceMeters"`;

/** At most this many neighbours per point: a duplicate is among the nearest few, never the fiftieth. */
const perPoint = 20;

export function createNearbyLaundromats(db: Db): NearbyLaundromats {
  return {
    async listedNear(point, radiusMeters) {
      const here = `ST_SetSRID(ST_MakePoint($1::float8, $2::float8), 4326)::geography`;
      // The conditions match the listed rows' spatial index, so only the few rows around the point are read.
      return db.query<NearbyCandidate>(
        `SELECT ${candidateColumns(here, 'l')} FROM laundromats l
         WHERE l.status = 'approved' AND l.is_active AND ST_DWithin(l.location, ${here}, $3::float8, false)
         ORDER BY ST_Distance(l.location, ${here}, false), l.id LIMIT ${perPoint}`,
        [point.longitude, point.latitude, radiusMeters],
      );
    },

    async aroundSubmissions(ids, radiusMeters) {
      // Listed neighbours by the spatial index, pending ones by the (short) queue's status index.
      return db.query<NearbyCandidate>(
        `SELECT near.*, s.id AS "nearId"
         FROM laundromats s
         CROSS JOIN LATERAL (
           (SELECT ${candidateColumns('s.location', 'l')} FROM laundromats l
            WHERE l.status = 'approved' AND l.is_active AND ST_DWithin(l.location, s.location, $2::float8, false)
            ORDER BY ST_Distance(l.location, s.location, false), l.id LIMIT ${perPoint})
           UNION ALL
           (SELECT ${candidateColumns('s.location', 'p')} FROM laundromats p
            WHERE p.status = 'pending' AND p.is_active AND p.id <> s.id
              AND ST_DWithin(p.location, s.location, $2::float8, false)
            ORDER BY ST_Distance(p.location, s.location, false), p.id LIMIT ${perPoint})
         ) near
         WHERE s.id = ANY($1::uuid[])
         ORDER BY s.id, near."distanceMeters", near.id`,
        [ids, radiusMeters],
      );
    },
  };
}
