/**
 * mulberry32: a tiny, fast PRNG whose whole state is one 32-bit number, so a seed fixes every draw. Demo data,
 * the benchmark's questions and the randomised tests all use it, so any run can be reproduced from its seed.
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
