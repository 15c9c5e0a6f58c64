/**
 * A page's name as the owner knows it, for his numbers: the site's menu label for the pages the
 * menus name (src/config/routes.ts: Home, Services, Contact, each area), otherwise the page's own
 * heading as built (a service's or a project's title), so a page renamed in the content is named
 * anew after the next publish. A second address is named as the page it shows.
 */
import { aliases, areaPages, mainNav } from '../../config/routes.ts';
import type { PageReader } from '../http/site-files.ts';

const MENU_LABELS = new Map([...mainNav, ...areaPages].map(({ href, label }) => [href, label]));

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Text of HTML: tags dropped, the entities a heading uses decoded, spaces run together */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^<>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first <h1>'s text of a page's HTML, or null */
export function headingOf(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const text = match ? textOfHtml(match[1]!) : '';
  return text === '' ? null : text;
}

export type PageTitles = (path: string) => Promise<string>;

/** Names pages from the menus and the built pages `readPage` reads; the path when it has neither */
export function pageTitles(readPage?: PageReader): PageTitles {
  return async (path) => {
    const page = aliases.find((alias) => alias.path === path)?.canonical ?? path;
    const label = MENU_LABELS.get(page);
    if (label) return label;
    const built = await readPage?.(page).catch(() => null);
    return (built && headingOf(built.html)) ?? path;
  };
}
