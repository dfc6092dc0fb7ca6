import autocannon from 'autocannon';
import { median, roundTo } from './statistics.ts';

/** One scenario's figures; latencies in milliseconds. */
export interface Measurement {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Autocannon records whole milliseconds; the in-process loops record sub-millisecond times. */
  latencyResolutionMs: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (value: number, decimals = 2) => roundTo(value, decimals);

/**
 * A closed loop like autocannon's: `concurrency` callers each send the next query as soon as their
 * previous one answered, for `seconds`. Latencies go to a plain array (a 20 s run holds at most a few
 * hundred thousand numbers) and percentiles are read from it sorted.
 */
export async function measureLoops(
  concurrency: number,
  seconds: number,
  call: (index: number) => Promise<unknown>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const index = next++;
      const t0 = performance.now();
      try {
        await call(index);
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    seconds: round(elapsed),
    requestsPerSecond: round(latencies.length / elapsed, 1),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    latencyResolutionMs: 0.01,
  };
}

export interface HttpOptions {
  /** Headers of the request with this index (a cookie, say). */
  headersFor?: (index: number) => Record<string, string>;
  /** The status that counts as answered; any 2xx when not given (a trivial 401 can be the point). */
  expectedStatus?: number;
}

/** autocannon against `baseUrl`, each request taking the next path from `pathFor` (shared by all connections). */
export async function measureHttp(
  baseUrl: string,
  connections: number,
  seconds: number,
  pathFor: (index: number) => string,
  options: HttpOptions = {},
): Promise<Measurement> {
  let next = 0;
  const { headersFor, expectedStatus } = options;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const index = next++;
          return headersFor
            ? { ...request, path: pathFor(index), headers: { ...request.headers, ...headersFor(index) } }
            : { ...request, path: pathFor(index) };
        },
      },
    ],
  });
  const ok =
    expectedStatus === undefined
      ? result['2xx']
      : (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0);
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requests: ok,
    // errors already counts timeouts.
    errors: result.errors + answered - ok,
    seconds: round(result.duration),
    requestsPerSecond: round(ok / result.duration, 1),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    latencyResolutionMs: 1,
  };
}

/**
 * Rounds of one measurement as one: requests and time added up, percentiles the median of the rounds'
 * (autocannon gives percentiles, not its samples), the worst maximum.
 */
export function combineRounds(rounds: readonly Measurement[]): Measurement {
  if (rounds.length === 0) throw new Error('no rounds to combine');
  const requests = rounds.reduce((sum, m) => sum + m.requests, 0);
  const seconds = rounds.reduce((sum, m) => sum + m.seconds, 0);
  return {
    requests,
    errors: rounds.reduce((sum, m) => sum + m.errors, 0),
    seconds: round(seconds),
    requestsPerSecond: round(requests / seconds, 1),
    p50: round(median(rounds.map((m) => m.p50))),
    p90: round(median(rounds.map((m) => m.p90))),
    p99: round(median(rounds.map((m) => m.p99))),
    max: Math.max(...rounds.map((m) => m.max)),
    latencyResolutionMs: rounds[0]!.latencyResolutionMs,
  };
}

/** The API's throughput over the direct query's, round by round, and their median. */
export function throughputRatios(
  api: readonly Measurement[],
  direct: readonly Measurement[],
): { byRound: number[]; median: number } {
  const byRound = api.map((m, i) => round(m.requestsPerSecond / direct[i]!.requestsPerSecond, 3));
  return { byRound, median: round(median(byRound), 3) };
}
