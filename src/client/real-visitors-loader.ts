/**
 * Loads the real-visitor speed measure (/real-visitors.js, web-vitals and its beacon) once the
 * page has loaded, painted its content and the browser is idle, so nothing of it is on the way to
 * the first paint (a page can finish loading before it paints).
 * Under the rules every count here follows: not in a browser that asks not to be tracked (DNT or
 * Global Privacy Control), not in the owner's own browser (marked when he signs in; the key is
 * src/lib/owner-browser.ts's, spelled out so this script imports nothing and stays inlined).
 */
const OWNER_BROWSER_KEY = 'owner-browser-not-counted';

function isCounted(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (navigator.doNotTrack === '1' || privacy.globalPrivacyControl === true) return false;
  try {
    return localStorage.getItem(OWNER_BROWSER_KEY) === null;
  } catch {
    return true;
  }
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/** Runs `run` once the page has painted its content; at once where the browser does not say */
function afterFirstPaint(run: () => void) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return run();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint' });
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

// A module: its names stay its own
export {};
