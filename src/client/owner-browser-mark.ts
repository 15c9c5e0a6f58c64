/**
 * Whether this is the owner's own browser, marked when he signs in: it sends no taps and no speed
 * readings (the server would leave them out anyway). src/lib/owner-browser.ts's key, spelled out
 * so the page's inline script imports nothing an island shares and stays inlined.
 */
const OWNER_BROWSER_KEY = 'owner-browser-not-counted';

export function isOwnerBrowser(): boolean {
  try {
    return localStorage.getItem(OWNER_BROWSER_KEY) !== null;
  } catch {
    return false;
  }
}
