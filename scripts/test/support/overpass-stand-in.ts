import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OverpassElement } from '../../../services/directory/src/infra/osm-sync/overpass-client.ts';

/** An element as the stand-in keeps it: what Overpass would answer, with the time it last changed. */
export interface UpstreamElement extends OverpassElement {
  timestamp: string;
}

/** One request as the stand-in received it. */
export interface ReceivedQuery {
  ql: string;
  userAgent: string | undefined;
  contentType: string | undefined;
  /** Requests being answered at once when this one arrived, itself included. */
  concurrent: number;
}

/** What the stand-in does with the next request, instead of answering from its elements. */
export type Misbehaviour =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'hang' }
  | { kind: 'body'; body: string };

export interface OverpassStandIn {
  url: string;
  elements: Map<string, UpstreamElement>;
  queries: ReceivedQuery[];
  /** The osm_base the answers carry; move it forward when the upstream data changes. */
  osmBase: string;
  /** Played in order, one per request, before answering normally again. */
  misbehave: Misbehaviour[];
  put(element: OverpassElement, timestamp?: string): void;
  close(): Promise<void>;
}

const key = (element: OverpassElement) => `${element.type}/${element.id}`;

/** The parts of the QL the directory sends that the stand-in evaluates: bbox, shop values, newer, out mode. */
function evaluate(ql: string, elements: Iterable<UpstreamElement>, osmBase: string): string {
  const bbox = /\[bbox:([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\]/.exec(ql);
  if (!bbox || !/^\[out:json\]/.test(ql)) throw new Error('the query asks for no JSON in a bbox');
  const [south, west, north, east] = bbox.slice(1).map(Number) as [number, number, number, number];
  const shops = [...ql.matchAll(/nwr\["shop"="([a-z_]+)"\]/g)].map((m) => m[1]);
  const newer = /\(newer:"([^"]+)"\)/.exec(ql)?.[1];
  const idsOnly = /out ids;\s*$/.test(ql);
  if (!idsOnly && !/out center;\s*$/.test(ql))
    throw new Error('the query ends in neither out ids nor out center');
  const parts: string[] = [];
  for (const element of elements) {
    const point = element.type === 'node' ? { lat: element.lat!, lon: element.lon! } : element.center!;
    if (point.lat < south || point.lat > north || point.lon < west || point.lon > east) continue;
    if (!shops.includes(element.tags?.shop)) continue;
    if (newer && Date.parse(element.timestamp) <= Date.parse(newer)) continue;
    const { timestamp: _t, ...shown } = element;
    parts.push(JSON.stringify(idsOnly ? { type: element.type, id: element.id } : shown));
  }
  return (
    `{"version":0.6,"generator":"Overpass stand-in","osm3s":{"timestamp_osm_base":"${osmBase}",` +
    `"copyright":"The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."},` +
    `"elements":[${parts.join(',\n')}]}`
  );
}

/**
 * A local stand-in for an Overpass API interpreter: it checks that each request is a form-encoded QL
 * POST, records it with its User-Agent and how many requests overlapped it, and answers from its elements,
 * or misbehaves as told (429 with Retry-After, a hang, a broken body).
 */
export async function startOverpassStandIn(): Promise<OverpassStandIn> {
  let inFlight = 0;
  const hanging = new Set<ServerResponse>();
  const standIn: Omit<OverpassStandIn, 'url' | 'close'> = {
    elements: new Map(),
    queries: [],
    osmBase: '2026-11-01T00:00:00Z',
    misbehave: [],
    put(element, timestamp = standIn.osmBase) {
      standIn.elements.set(key(element), { ...element, timestamp });
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    const concurrent = inFlight;
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const finish = (status: number, text: string, headers: Record<string, string> = {}) => {
        inFlight -= 1;
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
      };
      const ql = new URLSearchParams(body).get('data') ?? '';
      standIn.queries.push({
        ql,
        userAgent: req.headers['user-agent'],
        contentType: req.headers['content-type'],
        concurrent,
      });
      if (req.method !== 'POST' || !ql) return finish(400, 'expected a POST with data=<Overpass QL>');
      const trick = standIn.misbehave.shift();
      if (trick?.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => {
          hanging.delete(res);
          inFlight -= 1;
        });
        return;
      }
      if (trick?.kind === 'status')
        return finish(
          trick.status,
          trick.body ?? '',
          trick.retryAfter ? { 'retry-after': trick.retryAfter } : {},
        );
      if (trick?.kind === 'body') return finish(200, trick.body);
      try {
        finish(200, evaluate(ql, standIn.elements.values(), standIn.osmBase));
      } catch (err) {
        finish(400, (err as Error).message);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn as OverpassStandIn, {
    url: `http://127.0.0.1:${port}/api/interpreter`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A laundry node with a name, hours and a phone, as OSM has many. */
export function laundryNode(
  id: number,
  lat: number,
  lon: number,
  tags: Record<string, string> = {},
): OverpassElement {
  return {
    type: 'node',
    id,
    lat,
    lon,
    tags: {
      shop: 'laundry',
      name: `Wash ${id}`,
      self_service: 'yes',
      opening_hours: 'Mo-Su 07:00-22:00',
      phone: `+33 1 00 00 ${String(id % 10000).padStart(4, '0')}`,
      ...tags,
    },
  };
}
