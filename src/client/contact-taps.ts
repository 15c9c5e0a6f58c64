/**
 * Reports a tap on a call or e-mail link to the Node server (POST /api/events), which counts it
 * per page and day, anonymously. Included only when the site is built for that server. The beacon
 * carries the link's kind and the page's path, nothing else; the tap itself goes ahead untouched.
 * A call to another business's number (the lines company's, `data-elsewhere`) is not counted.
 */
import { isOwnerBrowser } from './owner-browser-mark.ts';

document.addEventListener('click', (event) => {
  if (isOwnerBrowser()) return;
  const link =
    event.target instanceof Element &&
    event.target.closest<HTMLAnchorElement>(
      'a[href^="tel:"]:not([data-elsewhere]),a[href^="mailto:"]',
    );
  if (!link) return;
  // "tel:" or "mailto:", without its colon
  const kind = link.protocol.slice(0, -1);
  navigator.sendBeacon?.('/api/events', new URLSearchParams({ kind, path: location.pathname }));
});
