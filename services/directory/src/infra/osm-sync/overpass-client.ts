/**
 * The Overpass API (https://wiki.openstreetmap.org/wiki/Overpass_API) over its real protocol: Overpass QL
 * POSTed as `data=…`, a JSON answer whose `osm3s.timestamp_osm_base` says how current it is. The public
 * instances ask for a polite client, so this one sends one request at a time, names itself in User-Agent,
 * waits as long as a 429's Retry-After says, and gives up with a message saying which of these went wrong.
 */

export interface OverpassElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export interface OverpassAnswer {
  elements: OverpassElement[];
  /** When the data the answer was read from was current (ISO 8601), asked back as newer:"…" next time. */
  osmBase: string | undefined;
}

export type OverpassFailure = 'rate-limited' | 'timeout' | 'malformed' | 'incomplete' | 'http' | 'network';

export class OverpassError extends Error {
  constructor(
    readonly failure: OverpassFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OverpassError';
  }
}

export interface OverpassClientOptions {
  /** The interpreter endpoint, e.g. https://overpass-api.de/api/interpreter. */
  url: string;
  userAgent: string;
  /** How long one request may take, answer included. */
  timeoutMs?: number;
  /** Tries per query, the first included, for 429s, timeouts, 5xx and unreadable answers. */
  attempts?: number;
  /** Wait before a retry that no Retry-After sets; doubled at each try. */
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the query fails as rate-limited. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface OverpassClient {
  query(ql: string): Promise<OverpassAnswer>;
  /** Requests sent so far (retries included). */
  readonly requests: number;
}

export const DEFAULT_OVERPASS_URL = 'https://overpass-api.de/api/interpreter';
/** Names the project to the Overpass operators, as their usage policy asks of every client. */
export const OVERPASS_USER_AGENT = 'laundromat-finder/0.1 (OpenStreetMap sync; npm run sync:osm)';

const sleeper = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

interface Attempt {
  answer?: OverpassAnswer;
  failure?: OverpassError;
  waitMs?: number;
  retry: boolean;
}

function parseAnswer(text: string): OverpassAnswer {
  let document: { elements?: unknown; osm3s?: { timestamp_osm_base?: unknown }; remark?: unknown };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    throw new OverpassError(
      'malformed',
      `the answer is not JSON (starts with ${JSON.stringify(text.slice(0, 60))})`,
    );
  }
  if (!document || !Array.isArray(document.elements))
    throw new OverpassError('malformed', 'the answer has no "elements" list');
  // Overpass reports a query that ran out of time or memory in `remark`, with whatever it had found so far:
  // taking that for the whole area would close every laundromat it missed.
  if (typeof document.remark === 'string' && /error/i.test(document.remark))
    throw new OverpassError('incomplete', `the server stopped the query: ${document.remark}`);
  const base = document.osm3s?.timestamp_osm_base;
  return {
    elements: document.elements as OverpassElement[],
    osmBase: typeof base === 'string' && !Number.isNaN(Date.parse(base)) ? base : undefined,
  };
}

export function createOverpassClient(options: OverpassClientOptions): OverpassClient {
  // The query asks the server to stop at 50 s (a 2° tile of laundries takes a few); a minute leaves time
  // for the answer to arrive, and a server that let one minute pass is given only one more.
  const timeoutMs = options.timeoutMs ?? 60_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 2000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const sleep = options.sleep ?? sleeper;
  let requests = 0;
  // Queries queue behind each other, so however the client is used, one request is in flight at a time.
  let queue: Promise<unknown> = Promise.resolve();

  async function once(ql: string): Promise<Attempt> {
    requests += 1;
    let response: Response;
    let text: string;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
          'user-agent': options.userAgent,
        },
        body: new URLSearchParams({ data: ql }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return {
        retry: true,
        failure: timedOut
          ? new OverpassError('timeout', `no complete answer within ${Math.round(timeoutMs / 1000)} s`)
          : new OverpassError('network', `could not reach ${options.url}: ${(err as Error).message}`),
      };
    }
    if (response.status === 429) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      return {
        retry: waitMs === undefined || waitMs <= maxRetryAfterMs,
        waitMs,
        failure: new OverpassError(
          'rate-limited',
          `the server refused with 429 Too Many Requests` +
            (waitMs === undefined ? '' : ` (Retry-After ${Math.ceil(waitMs / 1000)} s)`),
        ),
      };
    }
    if (response.status === 504 || response.status >= 500)
      return { retry: true, failure: new OverpassError('http', `the server answered ${response.status}`) };
    if (!response.ok)
      // A 400 names an error in the query itself: asking again cannot help.
      return {
        retry: false,
        failure: new OverpassError('http', `the server answered ${response.status}: ${text.slice(0, 200)}`),
      };
    try {
      return { retry: false, answer: parseAnswer(text) };
    } catch (err) {
      return { retry: true, failure: err as OverpassError };
    }
  }

  async function run(ql: string): Promise<OverpassAnswer> {
    let last: OverpassError | undefined;
    let tried = 0;
    let timeouts = 0;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      tried = attempt;
      const result = await once(ql);
      if (result.answer) return result.answer;
      last = result.failure;
      if (last?.failure === 'timeout') timeouts += 1;
      if (!result.retry || attempt === attempts || timeouts === 2) break;
      await sleep(result.waitMs ?? backoffMs * 2 ** (attempt - 1));
    }
    const tries = tried === 1 ? '1 try' : `${tried} tries`;
    throw new OverpassError(last!.failure, `Overpass query failed after ${tries}: ${last!.message}`);
  }

  return {
    get requests() {
      return requests;
    },
    query(ql) {
      const result = queue.then(() => run(ql));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
