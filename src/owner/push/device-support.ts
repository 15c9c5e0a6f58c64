/**
 * What this device needs before it can receive push: an iPhone or iPad allows it only to an app
 * added to the Home Screen and opened from there; other browsers either have it or do not.
 */

export type PushSupport = 'ready' | 'add-to-home-screen' | 'unsupported';

export interface BrowserFacts {
  userAgent: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (display-mode standalone, or Safari's navigator.standalone) */
  standalone: boolean;
  /** A service worker, PushManager and Notification are there */
  hasPush: boolean;
}

/** An iPhone or iPad, one that says it is a Mac included (an iPad's Safari asks for desktop pages) */
export function isAppleMobile({ userAgent, maxTouchPoints }: BrowserFacts): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(facts: BrowserFacts): PushSupport {
  if (isAppleMobile(facts) && !facts.standalone) return 'add-to-home-screen';
  return facts.hasPush ? 'ready' : 'unsupported';
}

/** This browser's facts */
export function browserFacts(): BrowserFacts {
  const safari = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      safari.standalone === true || window.matchMedia('(display-mode: standalone)').matches,
    hasPush: 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  };
}
