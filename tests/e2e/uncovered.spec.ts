/**
 * Nothing fixed covers the page: at five widths, scrolled through representative pages half a
 * screen at a time, no link, button, field or line of text in view lies under a fixed or sticky
 * element. A bar along the whole top or bottom edge (the header, the phone's call/quote bar) is
 * the edge of the screen: content scrolls past it as it does under any sticky header, so it must
 * cover nothing at the top of the page and nothing at its end (the footer is reachable uncovered).
 * Anything else fixed, such as the call/quote rail on wide screens, must cover nothing, ever.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  emergencyPath,
  quotePath,
  servicePath,
  testimonialsPath,
} from '../../src/config/routes.ts';

const paths = [
  '/',
  servicePath('switchboard-upgrades'),
  emergencyPath,
  '/areas/electrician-howick',
  testimonialsPath,
  quotePath,
];
const widths = [390, 768, 1024, 1280, 1920];

/** What lies under a fixed element at one scroll position, as readable lines */
function coveredAt(page: Page, at: 'top' | 'between' | 'end'): Promise<string[]> {
  return page.evaluate(async (at) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box | null => {
      const box = {
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      };
      return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
    };
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    /** Visually hidden text (`sr-only`) is clipped to nothing */
    const clippedAway = (element: Element | null): boolean =>
      !!element &&
      (getComputedStyle(element).clipPath === 'inset(50%)' || clippedAway(element.parentElement));
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      !clippedAway(element);

    // The fixed and sticky elements on screen, outermost only
    const fixed = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const { position } = getComputedStyle(element);
      if (position !== 'fixed' && position !== 'sticky') return false;
      const box = element.getBoundingClientRect();
      return (
        shown(element) && box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < height
      );
    });
    const outermost = fixed.filter(
      (element) => !fixed.some((other) => other !== element && other.contains(element)),
    );
    const isEdgeBar = (box: Box) =>
      box.left <= 0 && box.right >= width - 1 && (box.top <= 0 || box.bottom >= height - 1);
    const name = (element: HTMLElement) =>
      element.id
        ? `#${element.id}`
        : (element.getAttribute('aria-label') ?? element.tagName.toLowerCase());

    // The screen left between the edge bars
    let view: Box = { left: 0, top: 0, right: width, bottom: height };
    const coverers: { name: string; box: Box }[] = [];
    for (const element of outermost) {
      const box = element.getBoundingClientRect();
      if (!isEdgeBar(box)) coverers.push({ name: name(element), box });
      else if (box.top <= 0) {
        // The header may cover nothing before the visitor scrolls
        if (at === 'top') coverers.push({ name: name(element), box });
        else view = { ...view, top: Math.max(view.top, box.bottom) };
      } else {
        // A bottom bar may cover nothing once the page has reached its end
        if (at === 'end') coverers.push({ name: name(element), box });
        else view = { ...view, bottom: Math.min(view.bottom, box.top) };
      }
    }

    /** The part of a box not clipped away by `from` or an ancestor that hides or scrolls its overflow */
    const unclipped = (from: Element | null, box: Box): Box | null => {
      let part: Box | null = box;
      for (let clipper = from; clipper && part; clipper = clipper.parentElement) {
        const style = getComputedStyle(clipper);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          part = intersect(part, clipper.getBoundingClientRect());
      }
      return part;
    };
    const insideFixed = (element: Element) => outermost.some((bar) => bar.contains(element));

    // Links, buttons and fields by their box (clipped by their ancestors); text by the boxes of
    // its lines (clipped by its own element too, which is how visually hidden text stays unseen)
    const targets: { label: string; element: Element; clipFrom: Element | null; boxes: Box[] }[] =
      [];
    for (const element of document.body.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary',
    )) {
      targets.push({
        label: `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`,
        element,
        clipFrom: element.parentElement,
        boxes: [element.getBoundingClientRect()],
      });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, svg, template')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      targets.push({
        label: `text "${text.slice(0, 40)}"`,
        element: parent,
        clipFrom: parent,
        boxes: [...range.getClientRects()],
      });
    }

    const found: string[] = [];
    for (const { label, element, clipFrom, boxes } of targets) {
      if (insideFixed(element) || !shown(element)) continue;
      for (const box of boxes) {
        const seen = intersect(box, view);
        const visible = seen && unclipped(clipFrom, seen);
        const over = visible && coverers.find((coverer) => intersect(visible, coverer.box));
        if (over) {
          found.push(
            `${label} at ${Math.round(box.left)},${Math.round(box.top)} under ${over.name}`,
          );
          break;
        }
      }
    }
    return found;
  }, at);
}

// One test a page, its widths one after another in the same browser page (a new one per test costs more than a width)
for (const path of paths) {
  test(`nothing fixed covers ${path} at ${widths.join(', ')} px`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of widths)
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({
          width,
          height: width < 600 ? 844 : width < 1200 ? 1000 : 800,
        });
        await page.goto(path);
        await page.evaluate(() =>
          document
            .querySelectorAll<HTMLElement>('[data-reveal]')
            .forEach((el) => (el.dataset['revealed'] = '')),
        );

        const scrollTo = (y: number) =>
          page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        const { end, step } = await page.evaluate(() => ({
          end: document.documentElement.scrollHeight - window.innerHeight,
          step: Math.round(window.innerHeight / 2),
        }));
        const covered: string[] = [];
        covered.push(...(await coveredAt(page, 'top')).map((line) => `top: ${line}`));
        for (let y = step; y < end; y += step) {
          await scrollTo(y);
          covered.push(...(await coveredAt(page, 'between')).map((line) => `y=${y}: ${line}`));
        }
        await scrollTo(end);
        covered.push(...(await coveredAt(page, 'end')).map((line) => `end: ${line}`));
        expect.soft(covered, `${path} at ${width} px`).toEqual([]);
      });
  });
}
