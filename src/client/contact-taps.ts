/**
 * Reports a tap on a call or e-mail link to the Node server (POST /api/events), which counts it
 * per page and day, anonymously. Included only when the site is built for that server. The beacon
 * carries the link's kind and the page's path, nothing else; the tap itself goes ahead untouched.
 */
/** src/lib/owner-browser.ts's key, spelled out so this script imports nothing and stays inlined */
const OWNER_BROWSER_KEY = 'owner-browser-not-counted';

/** The owner's own browser sends no taps (the server would leave them out anyway) */
function isOwnerBrowser(): boolean {
  try {
    return localStorage.getItem(OWNER_BROWSER_KEY) !== null;
  } catch {
    return false;
  }
}

document.addEventListener('click', (event) => {
  if (isOwnerBrowser()) return;
  const link =
    event.target instanceof Element && event.target.closest('a[href^="tel:"], a[href^="mailto:"]');
  if (!link) return;
  const kind = link.getAttribute('href')!.startsWith('tel:') ? 'tel' : 'mailto';
  navigator.sendBeacon?.('/api/events', new URLSearchParams({ kind, path: location.pathname }));
});

// A module: its names stay its own
export {};
