import { laundryNode, type OverpassStandIn } from '../../scripts/test/support/overpass-stand-in.ts';

const HOURS = ['Mo-Su 07:00-22:00', '24/7', 'Mo-Fr 08:00-20:00; Sa 09:00-18:00', 'Mo-Sa 06:30-23:00'];

/**
 * `count` laundries on a regular grid over the 4° × 5° box whose south-west corner is (south, west), with
 * varied hours and tags, ids from `firstId`: 20 tiles of 1°.
 */
export function putLaundryGrid(
  upstream: OverpassStandIn,
  count: number,
  south: number,
  west: number,
  firstId: number,
): void {
  const side = Math.ceil(Math.sqrt(count));
  for (let i = 0; i < count; i += 1)
    upstream.put(
      laundryNode(
        firstId + i,
        south + (Math.floor(i / side) / side) * 3.99,
        west + ((i % side) / side) * 4.99,
        {
          opening_hours: HOURS[i % HOURS.length]!,
          ...(i % 5 === 0 ? { 'payment:cards': 'yes' } : {}),
        },
      ),
    );
}
