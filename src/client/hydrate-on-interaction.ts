/**
 * `client:interaction`: an island's JavaScript loads only when the visitor first points at,
 * touches, focuses or types into it, so page load runs no framework code at all. Until then the
 * island's HTML works on its own (forms post natively; gallery links open the image).
 *
 * A click that arrives while the island is loading is one of two kinds. On a field, a radio or a
 * checkbox, or on a label of one, the browser's own handling is what the visitor meant (focus, a
 * checked radio) and the island reads that state when it hydrates, so the click goes through.
 * Any other click (a link the island opens in place, a submit the island sends itself) is held
 * and replayed once the island has hydrated, on the element the visitor meant: for a label, its
 * control, since browsers differ on what a scripted click on a label does (Firefox neither
 * checks its radio nor focuses its field).
 */
import type { ClientDirective } from 'astro';

const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Input types whose click acts the same with or without the island's code */
const buttonTypes = new Set(['submit', 'reset', 'button', 'image']);

/** The element a click on `target` acts on: the control of the label it falls in, or what it falls on */
function clickedElement(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const label = target.closest('label');
  if (label?.control && !target.closest('a, button, input, select, textarea')) return label.control;
  // An icon's SVG shape: the link or button it is drawn in
  let element: Element | null = target;
  while (element && !(element instanceof HTMLElement)) element = element.parentElement;
  return element;
}

/** Whether the browser's own response to a click on `element` is all the visitor needs before the island runs */
function worksWithoutIsland(element: HTMLElement): boolean {
  if (element instanceof HTMLInputElement) return !buttonTypes.has(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let heldClick: HTMLElement | null = null;
  const holdClick = (event: Event) => {
    const clicked = clickedElement(event.target);
    if (clicked && worksWithoutIsland(clicked)) return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = clicked;
  };
  const hydrateAndReplay = async () => {
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
  const start = () => void hydrateAndReplay();
  for (const intent of intents)
    island.addEventListener(intent, start, { once: true, passive: true });
};

export default hydrateOnInteraction;
