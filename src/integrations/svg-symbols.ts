/**
 * An inline SVG drawn more than once on a page (a star of each review, a check mark of each
 * list item, the same icon in the header and the footer) is written once, as a `<symbol>` of a
 * sprite of no size at the start of the body, and each place keeps its own `<svg>` start tag
 * (size, class, colours, `aria-hidden`) around a `<use>` of it. The `<use>`'s copy inherits the
 * place's colours and stroke as the drawing did, and sits in the place's coordinates, so it
 * looks the same. A drawing with `id`s of its own (a gradient, say) is left as it is, and so is
 * every drawing inside an island: React hydrates the island's HTML and must find it as it
 * rendered it (a difference makes it render the island anew, losing what the visitor did).
 */

const INLINE_SVG = /(<svg\b[^>]*>)((?:(?!<svg\b)[\s\S])*?)<\/svg>/g;
const MIN_REPEATS = 2;
const ISLAND = /<astro-island\b[\s\S]*?<\/astro-island>/g;

/** Where each island of `html` starts and ends */
function islandRanges(html: string): [number, number][] {
  return [...html.matchAll(ISLAND)].map((match) => [match.index, match.index + match[0].length]);
}

/** The page with each repeated inline SVG drawing shared through a `<symbol>` */
export function shareRepeatedSvgs(html: string): string {
  const bodyStart = html.search(/<body\b[^>]*>/);
  if (bodyStart === -1) return html;
  const islands = islandRanges(html.slice(bodyStart));
  const inIsland = (index: number) => islands.some(([start, end]) => index >= start && index < end);
  const counts = new Map<string, number>();
  for (const match of html.slice(bodyStart).matchAll(INLINE_SVG)) {
    const drawing = match[2] ?? '';
    if (drawing.length < 100 || /\sid=/.test(drawing) || inIsland(match.index)) continue;
    counts.set(drawing, (counts.get(drawing) ?? 0) + 1);
  }
  const shared = new Map(
    [...counts]
      .filter(([, count]) => count >= MIN_REPEATS)
      .map(([drawing], index) => [drawing, `svg-${index + 1}`]),
  );
  if (shared.size === 0) return html;
  const body = html
    .slice(bodyStart)
    .replace(INLINE_SVG, (whole, start: string, drawing: string, index: number) => {
      const id = inIsland(index) ? undefined : shared.get(drawing);
      return id ? `${start}<use href="#${id}"></use></svg>` : whole;
    });
  const symbols = [...shared]
    .map(([drawing, id]) => `<symbol id="${id}">${drawing}</symbol>`)
    .join('');
  // Of no size, as HTML allows no `hidden` on an <svg>; the body's flex column gives it no line
  const sprite = `<svg width="0" height="0" aria-hidden="true" focusable="false">${symbols}</svg>`;
  const bodyTagEnd = body.indexOf('>') + 1;
  return html.slice(0, bodyStart) + body.slice(0, bodyTagEnd) + sprite + body.slice(bodyTagEnd);
}
