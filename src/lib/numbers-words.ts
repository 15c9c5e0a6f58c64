/**
 * The owner's numbers in his words, for his app and `npm run stats` alike: how many in 100
 * visitors got in touch, where visits came from, how far this month's requests went, and how fast
 * pages were for real visitors against Google's "good" limits.
 */
import type {
  FunnelFigures,
  SpeedFigure,
  SpeedRating,
  VisitSourceKind,
} from './owner-api/responses.ts';

/** A share as "4 in 100"; "fewer than 1 in 100" when some but under one; null without a base */
export function inHundred(share: number | null): string | null {
  if (share === null) return null;
  if (share > 0 && share < 0.005) return 'fewer than 1 in 100';
  return `${Math.round(share * 100)} in 100`;
}

/** "Visitors who called, e-mailed or asked for a quote: 4 in 100" */
export function contactShareSentence(share: number | null): string {
  const figure = inHundred(share);
  return figure === null
    ? 'Visitors who called, e-mailed or asked for a quote: no visitors yet'
    : `Visitors who called, e-mailed or asked for a quote: ${figure}`;
}

export const SOURCE_LABELS: Readonly<Record<VisitSourceKind, string>> = {
  search: 'Search engines (Google, Bing…)',
  maps: 'Maps',
  social: 'Social media (Facebook, Instagram…)',
  direct: 'Came straight (typed the address, a bookmark, an app)',
  other: 'Other websites',
};

/** "12 requests → 9 contacted → 5 quoted → 3 won: 1 in 4 won" */
export function funnelSentence(funnel: FunnelFigures): string {
  const steps = `${funnel.requests} request${funnel.requests === 1 ? '' : 's'} → ${funnel.contacted} contacted → ${funnel.quoted} quoted → ${funnel.won} won`;
  if (funnel.wonShare === null) return `${steps}.`;
  return `${steps}: ${funnel.won} of ${funnel.requests} won (${Math.round(funnel.wonShare * 100)}%).`;
}

const seconds = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 2 });
const score = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 3 });

/** A measure's value as he reads it: seconds for times, the bare score for layout shift */
export function speedValue(metric: SpeedFigure['metric'], value: number): string {
  return metric === 'CLS' ? score.format(value) : `${seconds.format(value / 1000)} s`;
}

export const RATING_WORDS: Readonly<Record<SpeedRating, string>> = {
  good: 'good',
  'needs-improvement': 'could be better',
  poor: 'poor',
};

/** What each measure says, with its value for 3 of 4 visitors */
const MEASURE_WORDS: Readonly<Record<SpeedFigure['metric'], (value: string) => string>> = {
  LCP: (value) => `Pages appear in ${value}`,
  INP: (value) => `Pages answer a tap within ${value}`,
  CLS: (value) => `Pages keep still while loading (layout shift ${value} at most)`,
  TTFB: (value) => `The server starts answering within ${value}`,
};

/** "Pages appear in 0.9 s for 3 of 4 visitors — good" ("for every visit measured" under four) */
export function speedSentence(figure: SpeedFigure): string {
  const value =
    figure.p75 === null
      ? `more than ${speedValue(figure.metric, figure.above ?? 0)}`
      : speedValue(figure.metric, figure.p75);
  // Under four readings the 75th percentile is the slowest one: it holds for every visit
  const who = figure.readings < 4 ? 'every visit measured' : '3 of 4 visitors';
  return `${MEASURE_WORDS[figure.metric](value)} for ${who} — ${RATING_WORDS[figure.rating]}`;
}

/** "Google calls up to 2.5 s good" */
export function goodLimitSentence(figure: SpeedFigure): string {
  return `Google calls up to ${speedValue(figure.metric, figure.good)} good`;
}
