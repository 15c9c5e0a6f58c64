/**
 * `client:interaction`: an island's JavaScript loads only when the visitor first points at,
 * touches, focuses or types into it, so page load runs no framework code at all. Until then the
 * island's HTML works on its own (forms post natively; gallery links open the image). A click
 * that arrives while the island is loading is held and replayed once it has hydrated.
 */
import type { ClientDirective } from 'astro';

const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let heldClick: HTMLElement | null = null;
  const holdClick = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    heldClick = event.target instanceof HTMLElement ? event.target : null;
  };
  const start = async () => {
    for (const intent of intents) island.removeEventListener(intent, start);
    island.addEventListener('click', holdClick, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      island.removeEventListener('click', holdClick, true);
    }
    heldClick?.click();
  };
  for (const intent of intents) island.addEventListener(intent, start, { once: true, passive: true });
};

export default hydrateOnInteraction;
