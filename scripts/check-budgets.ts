/**
 * `npm run check:budgets`: the JavaScript each built page loads, brotli-compressed, against
 * DESIGN.md's budgets (scripts/support/budgets.ts): 10 KB for content pages, 80 KB for pages with
 * a form or the gallery, 100 KB for the owner's page, 700 KB for the content editor. A page's
 * JavaScript is its inline scripts, the scripts it links, its islands' code and every module these
 * import, statically or when they run (the web-vitals beacon, /real-visitors.js, which the pages
 * load once idle). Prints a table and fails when a page is over its budget, or ships islands when
 * the table makes it a content page, or none when the table lists it for islands, as the app or as
 * the editor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { loadSiteFiles } from '../src/server/http/site-files.ts';
import { JS_BUDGET_BYTES, pageKind } from './support/budgets.ts';
import { clientDir, requireBuildOrExit } from './support/build.ts';

const KB = 1024;
requireBuildOrExit();

const compressedSize = (text: string) => brotliCompressSync(Buffer.from(text)).length;

/** An `import` of a script of the build, static or dynamic (`import("/x.js")`, in any quotes) */
const IMPORT = /(?:import|from)\s*(?:\(\s*)?["'`]([^"'`]+\.js)["'`]/g;

/** A script and every module it imports, each counted once */
function moduleGraph(entry: string, seen: Set<string>): void {
  if (seen.has(entry)) return;
  const file = join(clientDir, entry);
  if (!existsSync(file)) throw new Error(`Missing script ${entry}`);
  seen.add(entry);
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(IMPORT)) {
    moduleGraph(new URL(specifier!, `https://site${entry}`).pathname, seen);
  }
}

let failures = 0;
const rows: string[] = [];
const wrongKind: string[] = [];
for (const [path, file] of await loadSiteFiles(clientDir)) {
  if (!file.contentType.startsWith('text/html') || file.status === 301) continue;
  const html = readFileSync(file.absolutePath, 'utf8');
  const modules = new Set<string>();
  // Our own scripts only: a third-party one (GoatCounter's, when set) is not in the build
  for (const [, src] of html.matchAll(/<script[^>]+\bsrc="([^"]+)"/g))
    if (!/^(?:https?:)?\/\//.test(src!)) moduleGraph(src!, modules);
  // Each island names its component and its renderer: both are loaded when it hydrates
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const [, src] of tag.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g))
      moduleGraph(src!, modules);
  }
  const inline = [
    ...html.matchAll(
      /<script(?![^>]*application\/ld\+json)(?![^>]+\bsrc=)[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ]
    .map((match) => match[1]!)
    .join('\n');
  // What the inline scripts import when they run: the web-vitals beacon (/real-visitors.js),
  // served by the Node server and loaded once the page is idle, is the page's JavaScript too
  for (const [, specifier] of inline.matchAll(IMPORT))
    moduleGraph(new URL(specifier!, `https://site${path}`).pathname, modules);
  const bytes =
    [...modules].reduce(
      (sum, module) => sum + compressedSize(readFileSync(join(clientDir, module), 'utf8')),
      0,
    ) + (inline ? compressedSize(inline) : 0);
  const kind = pageKind(path);
  const shipsIslands = html.includes('<astro-island');
  if (shipsIslands !== (kind !== 'content')) {
    wrongKind.push(
      `${path} ${shipsIslands ? 'ships islands but is a content page' : 'ships no island but is listed as an island page'}`,
    );
  }
  const budget = JS_BUDGET_BYTES[kind];
  const over = bytes > budget;
  if (over) failures++;
  rows.push(
    `${over ? 'OVER' : 'ok  '}  ${kind.padEnd(7)} ${(bytes / KB).toFixed(1).padStart(6)} KB / ${budget / KB} KB  ${path}`,
  );
}
console.log(rows.sort((a, b) => a.localeCompare(b)).join('\n'));
if (failures > 0 || wrongKind.length > 0) {
  if (failures > 0) console.error(`${failures} page(s) over their JavaScript budget`);
  if (wrongKind.length > 0)
    console.error(
      `ISLAND_PAGES, APP_PAGES or EDITOR_PAGES in scripts/support/budgets.ts is out of date:\n- ${wrongKind.sort().join('\n- ')}`,
    );
  process.exit(1);
}
console.log(`JavaScript budgets met on ${rows.length} pages (brotli-compressed bytes).`);
