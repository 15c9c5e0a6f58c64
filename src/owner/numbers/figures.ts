/** The owner's numbers in words: shares, changes and counts as he reads them */

const numberFormat = new Intl.NumberFormat('en-NZ');

export const formatCount = (count: number) => numberFormat.format(count);

/** A share (0–1) as a percentage with one decimal; a dash without views */
export function formatShare(share: number | null): string {
  if (share === null) return '–';
  return `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;
}

/** "up 12% on the 30 days before", "down 5% …", "the same as …"; null: nothing to compare with */
export function trendText(change: number | null, days: number): string {
  const before = `the ${days} days before`;
  if (change === null) return `nothing to compare with in ${before}`;
  if (change === 0) return `the same as ${before}`;
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on ${before}`;
}

/** The top of a chart's scale: a round number at or above the highest value */
export function niceCeiling(value: number): number {
  if (value <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}
