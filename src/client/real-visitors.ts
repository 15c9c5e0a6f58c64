/**
 * Real visitors' page speed, measured by Google's web-vitals in the visitor's browser: LCP, INP,
 * CLS and TTFB, sent once to the Node server (POST /api/vitals) when the page is hidden or left,
 * with the page's path, nothing else. Bundled on its own into /real-visitors.js when the site is
 * built (src/pages/real-visitors.js.ts) and loaded by real-visitors-loader.ts only after the page
 * is idle, so no page waits on it.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

const readings: Partial<Record<Metric['name'], number>> = {};
let sent = false;

function send() {
  if (sent || Object.keys(readings).length === 0) return;
  sent = true;
  navigator.sendBeacon?.('/api/vitals', JSON.stringify({ path: location.pathname, ...readings }));
}

const keep = ({ name, value }: Metric) => {
  // Each measure's final value comes in before the page is hidden, when it is sent
  if (name === 'CLS') readings[name] = Math.round(value * 10_000) / 10_000;
  else readings[name] = Math.round(value);
};
// reportAllChanges is off: web-vitals hands each measure over as the page is hidden
onLCP(keep);
onINP(keep);
onCLS(keep);
onTTFB(keep);
addEventListener('visibilitychange', () => {
  // web-vitals' own listeners ran first (added earlier), so the readings are in
  if (document.visibilityState === 'hidden') queueMicrotask(send);
});
addEventListener('pagehide', send);
