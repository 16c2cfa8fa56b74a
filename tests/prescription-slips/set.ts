/**
 * The shared test set: its seed, size and the day it is made for. Changing any of these changes every
 * slip; the benchmark's numbers are comparable only on the same set.
 */
export const SLIP_SET = {
  seed: 20261202,
  /** 6 languages × 3 layouts × 3 distortion bands, 6 slips in each. */
  count: 324,
  today: '2026-12-01',
} as const;
