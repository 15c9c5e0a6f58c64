/**
 * The few behaviours every page shares, kept tiny so content pages stay within the JavaScript
 * budget: the compact header, the menu as a modal dialog, 'Back to all services', and
 * scroll reveal. Everything here only enhances: without it the page is complete.
 */
import {
  REVEAL_FALLBACK_MS,
  REVEAL_STEP_MS,
  REVEAL_THRESHOLD,
  SCROLL_COMPACT_PX,
} from '../lib/page-timing.ts';

const header = document.getElementById('site-header');
if (header) {
  const compactAtTop = header.dataset['compactStart'] === 'true';
  // The owner's notice, where there is one, folds away once the page scrolls
  const hasNotice = header.dataset['scrolled'] !== undefined;
  const update = () => {
    header.dataset['compact'] = String(compactAtTop || window.scrollY > SCROLL_COMPACT_PX);
    if (hasNotice) header.dataset['scrolled'] = String(window.scrollY > SCROLL_COMPACT_PX);
  };
  // The page starts as the server wrote the header for its top; a scroll position the browser
  // restores (or a #fragment's) arrives as a scroll event, so nothing forces a layout at load
  window.addEventListener('scroll', update, { passive: true });
}

const drawer = document.getElementById('nav-drawer');
if (drawer) {
  drawer.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) drawer.hidePopover();
  });
  // A modal menu: the page behind is inert while it is open. Set before it shows, and lifted
  // before it hides, so the browser can return focus to the Menu button.
  const behind = () =>
    [...document.body.children].filter(
      (element) => element !== drawer && element.tagName !== 'SCRIPT',
    );
  drawer.addEventListener('beforetoggle', (event) => {
    const opening = event.newState === 'open';
    for (const element of behind()) (element as HTMLElement).inert = opening;
  });
  const focusable = () => [...drawer.querySelectorAll<HTMLElement>('a[href], button')];
  drawer.addEventListener('toggle', (event) => {
    if (event.newState === 'open') focusable()[0]?.focus();
  });
  // Tab and Shift+Tab go round the menu rather than out to the browser's own controls
  drawer.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = focusable();
    const [first, last] = [items[0], items.at(-1)];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
}

// 'Back to all services' goes back in history when the visitor came from this site
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-back]')) {
  link.addEventListener('click', (event) => {
    const cameFromHere = document.referrer && new URL(document.referrer).origin === location.origin;
    if (cameFromHere && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}

// A filter's Clear Filters, which without JavaScript loads the page again unfiltered, resets the
// filter where the visitor is
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-reset-in-place]')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.reset();
  });
}

// A picture that cannot load shows 'Image unavailable' instead of a broken image (or, inside
// [data-hide-on-error], disappears altogether). The words wait in the fallback's data-text and
// are written only then, so they are never in the text search engines index; they are not
// imported here, as a module an island shares would make this script a request of its own.
const markFailed = (image: HTMLImageElement) => {
  const hideable = image.closest<HTMLElement>('[data-hide-on-error]');
  if (hideable) hideable.hidden = true;
  const frame = image.closest<HTMLElement>('[data-picture]');
  if (!frame) return;
  const fallback = frame.querySelector('.picture-failed');
  if (fallback instanceof HTMLElement) fallback.textContent = fallback.dataset['text'] ?? '';
  frame.dataset['state'] = 'failed';
};
document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement) markFailed(event.target);
  },
  true,
);
for (const image of document.querySelectorAll<HTMLImageElement>('[data-picture] img')) {
  if (image.complete && image.naturalWidth === 0 && image.currentSrc) markFailed(image);
}

/**
 * Scroll reveal: marked elements fade in as they come into view, a step apart. Elements are
 * hidden only once this script runs (`js-reveal`), and a fallback reveals whatever is left.
 * Islands that render new marked elements dispatch `reveal:scan`.
 */
const reveal = (element: HTMLElement) => {
  element.dataset['revealed'] = '';
};
const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          let step = 0;
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            const element = entry.target as HTMLElement;
            observer?.unobserve(element);
            element.style.transitionDelay = `${step++ * REVEAL_STEP_MS}ms`;
            reveal(element);
          }
        },
        { threshold: REVEAL_THRESHOLD },
      )
    : undefined;

function scanForReveal() {
  const pending = [...document.querySelectorAll<HTMLElement>('[data-reveal]:not([data-revealed])')];
  if (pending.length === 0 || !observer) return;
  document.documentElement.classList.add('js-reveal');
  pending.forEach((element) => observer.observe(element));
  window.setTimeout(() => pending.forEach(reveal), REVEAL_FALLBACK_MS);
}
scanForReveal();
document.addEventListener('reveal:scan', scanForReveal);
