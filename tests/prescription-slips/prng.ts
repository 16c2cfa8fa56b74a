/**
 * A small seeded random source (mulberry32) so the slip set is the same on every machine for the
 * same seed: no Math.random anywhere in the generator.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A value in [min, max] on a grid of `step` (both ends reachable). */
  stepped(min: number, max: number, step: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
}

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

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    stepped: (min, max, step) => {
      const steps = Math.round((max - min) / step);
      return Math.round((min + int(0, steps) * step) * 100) / 100 + 0;
    },
    between: (min, max) => min + next() * (max - min),
  };
}

/** A seed for one slip, derived from the set's seed and the slip's number (slips stay stable when the count changes). */
export function slipSeed(setSeed: number, index: number): number {
  let h = (setSeed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (index + 1), 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
