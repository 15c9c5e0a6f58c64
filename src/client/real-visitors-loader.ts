/**
 * Loads the real-visitor speed measure (/real-visitors.js, web-vitals and its beacon) once the
 * page has loaded, painted its content and the browser is idle, so nothing of it is on the way to
 * the first paint (a page can finish loading before it paints).
 * Under the rules every count here follows: not in a browser that asks not to be tracked (DNT or
 * Global Privacy Control), not in the owner's own browser (marked when he signs in).
 */
import { isOwnerBrowser } from './owner-browser-mark.ts';

function isCounted(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true) return false;
  return !isOwnerBrowser();
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/** Runs `run` once the page has painted its content (where the browser does not say, at once) */
function afterFirstPaint(run: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return run();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  }).observe({ type: 'paint', buffered: true });
}

function load() {
  // A path the build does not resolve: the measure is a file of its own, not a chunk of this script
  const measure = '/real-visitors.js';
  afterFirstPaint(() =>
    whenIdle(() => void import(/* @vite-ignore */ measure).catch(() => undefined)),
  );
}

if (isCounted()) {
  if (document.readyState === 'complete') load();
  else addEventListener('load', load, { once: true });
}
