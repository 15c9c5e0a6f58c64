/**
 * The home hero: a photo scene still loading when the page is read fades in once it has loaded
 * (or after the fallback), never under reduced motion; the text over it is never hidden, so what
 * painted first stays. An illustrated scene is part of the page and needs none of this. The
 * scenes rotate when the hero asks for it (data-rotate-ms).
 */
import { HERO_REVEAL_FALLBACK_MS } from '../lib/page-timing.ts';

const firstSlide = document.querySelector<HTMLElement>('.hero-slide');
const firstImage = firstSlide?.querySelector('img');
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

if (firstSlide && firstImage && !firstImage.complete && !reducedMotion) {
  firstSlide.dataset['state'] = 'waiting';
  const show = () => {
    firstSlide.dataset['state'] = 'shown';
  };
  firstImage.addEventListener('load', show, { once: true });
  firstImage.addEventListener('error', show, { once: true });
  window.setTimeout(show, HERO_REVEAL_FALLBACK_MS);
}

const hero = document.querySelector<HTMLElement>('[data-rotate-ms]');
const interval = Number(hero?.dataset['rotateMs'] ?? 0);
const slides = hero ? [...hero.querySelectorAll<HTMLElement>('.hero-slide')] : [];
if (interval > 0 && slides.length > 1 && !reducedMotion) {
  let current = 0;
  window.setInterval(() => {
    slides[current]!.classList.add('opacity-0');
    current = (current + 1) % slides.length;
    slides[current]!.classList.remove('opacity-0');
  }, interval);
}
