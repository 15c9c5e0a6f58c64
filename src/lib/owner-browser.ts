/**
 * The owner's own browser, marked when he signs in so the site's count beacons (taps and page
 * speed, src/client/contact-taps.ts and real-visitors.ts) are not even sent from it. The server
 * also leaves out any request that carries his live session. The public pages' scripts must stay
 * inlined, so they spell the key out themselves instead of importing it; a unit test keeps them
 * the same.
 */
export const OWNER_BROWSER_KEY = 'owner-browser-not-counted';

/** Marks this browser as the owner's; a browser that keeps no storage is still left out by its session */
export function markOwnerBrowser(): void {
  try {
    localStorage.setItem(OWNER_BROWSER_KEY, '1');
  } catch {
    // Storage refused (a private window): the server still knows him by his session
  }
}
