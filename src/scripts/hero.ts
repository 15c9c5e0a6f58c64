/**
 * The home hero: its content fades in once the scene has loaded (or after the fallback), never
 * under reduced motion; and the scenes rotate when the hero asks for it (data-rotate-ms).
 */
import { HERO_REVEAL_FALLBACK_MS } from '../lib/page-timing.ts';

const content = document.querySelector<HTMLElement>('[data-hero-content]');
const firstImage = document.querySelector<HTMLImageElement>('.hero-slide img');
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

if (content && firstImage && !firstImage.complete && !reducedMotion) {
  content.dataset['state'] = 'waiting';
  const show = () => {
    content.dataset['state'] = 'shown';
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
