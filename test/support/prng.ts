/**
 * mulberry32: a tiny seeded PRNG (public domain, Tommy Ettinger) so randomized oracle tests are
 * reproducible: the same seed always yields the same charts.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max] inclusive. */
export const randomInt = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
