/**
 * Real visitors' page speed as histograms: each reading of a measure (LCP, INP, CLS, TTFB) is
 * counted in one of that measure's fixed buckets, so the store keeps counts per bucket and never
 * a reading of its own. The 75th percentile is read back from the buckets: the upper edge of the
 * bucket the 75th percentile falls in, so "at most this for 3 of 4 visitors" is always true.
 * Google's "good" and "poor" thresholds are bucket edges, so whether a page kind is good is exact.
 */

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** Each bucket's upper edge (included); a last bucket takes everything above the last edge */
export const BUCKET_EDGES: Readonly<Record<VitalMetric, readonly number[]>> = {
  LCP: [
    200, 400, 600, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2250, 2500, 3000, 3500, 4000, 5000,
    6000, 8000, 10_000, 15_000, 20_000, 30_000,
  ],
  INP: [
    16, 32, 50, 75, 100, 125, 150, 175, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000,
    5000,
  ],
  CLS: [0, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2],
  TTFB: [
    50, 100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2500, 3000, 4000, 6000,
    10_000, 20_000,
  ],
};

/** Google's thresholds: at or under `good` is good, above `poor` is poor (ms, or CLS's score) */
export const THRESHOLDS: Readonly<Record<VitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/** The largest reading taken; anything above is not a real measurement */
export const MAX_READING: Readonly<Record<VitalMetric, number>> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  TTFB: 120_000,
};

/** The index of the bucket `value` falls in */
export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = BUCKET_EDGES[metric];
  const index = edges.findIndex((edge) => value <= edge);
  return index === -1 ? edges.length : index;
}

export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface Percentile {
  /** How many readings there are */
  readings: number;
  /** At most this for 3 of 4 readings (the bucket's upper edge); null above the last edge */
  p75: number | null;
  /** The last edge, when the 75th percentile is above it (p75 is then null) */
  above: number | null;
  rating: Rating;
}

/** The 75th percentile of a histogram (counts by bucket index), or null without readings */
export function p75Of(metric: VitalMetric, counts: ReadonlyMap<number, number>): Percentile | null {
  const edges = BUCKET_EDGES[metric];
  const readings = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (readings === 0) return null;
  const needed = Math.ceil(readings * 0.75);
  let seen = 0;
  for (let bucket = 0; bucket <= edges.length; bucket++) {
    seen += counts.get(bucket) ?? 0;
    if (seen < needed) continue;
    const p75 = edges[bucket] ?? null;
    const { good, poor } = THRESHOLDS[metric];
    const rating: Rating =
      p75 !== null && p75 <= good
        ? 'good'
        : p75 !== null && p75 <= poor
          ? 'needs-improvement'
          : 'poor';
    return { readings, p75, above: p75 === null ? edges.at(-1)! : null, rating };
  }
  return null;
}
