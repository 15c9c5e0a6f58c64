/**
 * Where a page's first screen ends, and how many bytes of its brotli HTML a browser needs to
 * show it. A first round trip carries about 14.6 KB (TCP's initial window of ten 1,460-byte
 * segments), so a page whose first screen ends within that paints without waiting for a
 * second. The first screen is everything up to the end of the first `<section>` inside `<main>`
 * (the page's hero, or the quote form's section): the head with its styles, the header, and that
 * section. The build prints the figures per page (src/integrations/host-files.ts) and the
 * build's readers hold every page to the line (tests/build/first-paint.test.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What TCP's first round trip carries: ten segments of 1,460 bytes */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** The first element named `tagName` inside `root`, in document order */
function firstElement(root: Node, tagName: string): Element | undefined {
  if ('tagName' in root && root.tagName === tagName) return root;
  for (const child of 'childNodes' in root ? root.childNodes : []) {
    const found = firstElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** The character offset in `html` where the first screen ends; undefined for a page without a section in its main */
export function firstScreenEnd(html: string): number | undefined {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const main = firstElement(document, 'main');
  const section = main && firstElement(main, 'section');
  return section?.sourceCodeLocation?.endOffset;
}

/** Brotli at the quality of the build's precompressed copies (src/integrations/precompressed-cache.ts) */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const brotliSizeAsync = async (text: string) =>
  (await promisify(brotliCompress)(Buffer.from(text), BROTLI)).length;

export interface FirstScreenFigures {
  /** The whole page, brotli-compressed */
  brotliBytes: number;
  /** The brotli bytes up to the end of the first screen (the page's whole when it has no section) */
  firstScreenBytes: number;
}

/** The size of a text's brotli copy: compressed here, or read from where the build keeps copies */
type BrotliBytes = (text: string) => Promise<number>;

/** The brotli bytes a browser needs for the page's first screen (the whole page when it has no section) */
export async function firstScreenBrotliBytes(
  html: string,
  brotliBytes: BrotliBytes = brotliSizeAsync,
): Promise<number> {
  return brotliBytes(html.slice(0, firstScreenEnd(html)));
}

/** The figures of each page, compressed on zlib's thread pool, all at once */
export async function firstScreenTable(
  pages: readonly { path: string; html: string }[],
  brotliBytes: BrotliBytes,
): Promise<({ path: string } & FirstScreenFigures)[]> {
  return Promise.all(
    pages.map(async ({ path, html }) => {
      const [wholeBytes, firstScreenBytes] = await Promise.all([
        brotliBytes(html),
        firstScreenBrotliBytes(html, brotliBytes),
      ]);
      return { path, brotliBytes: wholeBytes, firstScreenBytes };
    }),
  );
}

/** The table the build prints: per page, its brotli size and where its first screen ends */
export function formatFirstScreenTable(rows: readonly ({ path: string } & FirstScreenFigures)[]) {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(5)} KB`;
  const lines = [...rows]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(
      (row) =>
        `${row.firstScreenBytes > FIRST_ROUND_TRIP_BYTES ? 'OVER' : 'ok  '} ${kb(row.brotliBytes)} brotli, first screen ends at ${kb(row.firstScreenBytes)}  ${row.path}`,
    );
  return `First screens (the first ${FIRST_ROUND_TRIP_BYTES / 1000} KB of brotli HTML reach a browser in one round trip):\n${lines.join('\n')}`;
}
