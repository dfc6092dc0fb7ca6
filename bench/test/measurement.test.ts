import { describe, expect, it } from 'vitest';
import { combineRounds, throughputRatios, type Measurement } from '../src/measurement.ts';

const round = (requests: number, seconds: number, p99: number, max = p99 + 5): Measurement => ({
  requests,
  errors: 0,
  seconds,
  requestsPerSecond: requests / seconds,
  p50: p99 / 3,
  p90: p99 / 2,
  p99,
  max,
  latencyResolutionMs: 1,
});

describe('combineRounds', () => {
  it('when rounds are combined, then requests and time add up and the percentiles are the rounds’ median', () => {
    const combined = combineRounds([round(4000, 10, 40), round(5000, 10, 60, 90), round(4500, 10, 45)]);
    expect(combined).toMatchObject({
      requests: 13_500,
      seconds: 30,
      requestsPerSecond: 450,
      p99: 45,
      max: 90,
    });
    expect(combined.p50).toBe(15);
  });

  it('when there are no rounds, then it says so', () => {
    expect(() => combineRounds([])).toThrow('no rounds');
  });
});

describe('throughputRatios', () => {
  it('when each round is compared with its own direct round, then the median of those ratios is given', () => {
    const direct = [round(10_000, 10, 20), round(8000, 10, 20), round(9000, 10, 20)];
    const api = [round(5000, 10, 40), round(4800, 10, 40), round(3600, 10, 40)];
    expect(throughputRatios(api, direct)).toEqual({ byRound: [0.5, 0.6, 0.4], median: 0.5 });
  });

  it('when there is an even number of rounds, then the median is the mean of the middle two', () => {
    const direct = [round(1000, 1, 1), round(1000, 1, 1)];
    expect(throughputRatios([round(400, 1, 1), round(600, 1, 1)], direct).median).toBe(0.5);
  });
});
