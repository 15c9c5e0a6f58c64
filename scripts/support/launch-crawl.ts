/**
 * The launch rehearsal's crawl (scripts/launch-rehearsal.ts): the site's server on the build made
 * under the other identity, every page of its sitemap fetched, every link between its pages
 * followed, and each page read as a visitor and a crawler get it. Each page a link or the sitemap
 * names answers 200; each page of the site's layout (the error pages too, with their own status)
 * shows the new business where the layout puts it: its short name and a call button in the header,
 * its name, phone and e-mail in the footer, its name and phone in the business entity of the
 * structured data; and none of them shows a trace of the identity it replaced.
 */
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { readable, type FixtureIdentity, type Trace } from './launch-fixture.ts';

export interface CrawlResult {
  /** Pages fetched and read, the error pages included */
  pages: number;
  /** What is wrong, one line each, naming the page */
  problems: string[];
}

/** The error pages, with the status each answers */
const errorPages = [
  ['/does-not-exist', 404],
  ['/gone', 410],
  ['/services/does-not-exist', 404],
] as const;

/** Pages fetched at a time: two cores, and the server is one process */
const PARALLEL = 4;

const textOf = (html: string) =>
  readable(
    html
      .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^<>]+>/g, ' '),
  )
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ');

function element(html: string, tag: 'header' | 'footer'): string | undefined {
  return new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`).exec(html)?.[0];
}

/** Every object of the page's JSON-LD, however deeply nested */
function structuredData(html: string): Record<string, unknown>[] {
  const nodes = (value: unknown): Record<string, unknown>[] => {
    if (Array.isArray(value)) return value.flatMap(nodes);
    if (value === null || typeof value !== 'object') return [];
    return [value as Record<string, unknown>, ...Object.values(value).flatMap(nodes)];
  };
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap(
    (match) => nodes(JSON.parse(match[1]!)),
  );
}

/** The paths of the pages a page links to on its own site, without query or fragment */
function linkedPaths(html: string, pageUrl: URL): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)].flatMap((match) => {
    const href = match[1]!.replaceAll('&amp;', '&');
    if (/^(?:tel|mailto|sms|javascript|data):/i.test(href)) return [];
    const url = new URL(href, pageUrl);
    return url.origin === pageUrl.origin ? [url.pathname] : [];
  });
}

/** What a page of the site's layout shows wrong about the business: the missing facts, the traces of the old one */
function identityProblems(
  html: string,
  fixture: FixtureIdentity,
  traces: readonly Trace[],
): string[] {
  const problems: string[] = [];
  const header = element(html, 'header');
  const footer = element(html, 'footer');
  if (!header || !footer) return ['has no header or no footer'];
  const headerText = textOf(header);
  const footerText = textOf(footer);
  if (!headerText.includes(fixture.shortName))
    problems.push(`its header does not show "${fixture.shortName}"`);
  if (!header.includes(`href="tel:${fixture.phone.e164}"`))
    problems.push(`its header has no call button to ${fixture.phone.e164}`);
  for (const [what, value] of [
    ['name', fixture.name],
    ['phone', fixture.phone.display],
    ['e-mail', fixture.email],
  ] as const)
    if (!footerText.includes(value))
      problems.push(`its footer does not show the ${what} "${value}"`);
  for (const entity of structuredData(html).filter(
    (node) => node['@type'] === 'Electrician' && 'name' in node,
  )) {
    if (entity['name'] !== fixture.name || entity['telephone'] !== fixture.phone.e164)
      problems.push(
        `its structured data names ${String(entity['name'])}, ${String(entity['telephone'])}`,
      );
  }
  const text = readable(html);
  for (const { label, pattern } of traces) {
    const match = pattern.exec(text);
    if (match)
      problems.push(
        `still shows the replaced ${label}: "…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…"`,
      );
  }
  return problems;
}

/** Crawls the site at `origin` (a running server on the build under `fixture`) */
export async function crawlSite(
  origin: string,
  fixture: FixtureIdentity,
  traces: readonly Trace[],
): Promise<CrawlResult> {
  const problems: string[] = [];
  const sitemap = await fetch(`${origin}/sitemap.xml`);
  if (sitemap.status !== 200)
    return { pages: 0, problems: [`/sitemap.xml answered ${sitemap.status}`] };
  const sitemapPaths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  if (sitemapPaths.length === 0) problems.push('the sitemap lists no page');

  /** Every page to fetch, with who named it first and the status it must answer */
  const queue: { path: string; from: string; status: number }[] = [
    ...sitemapPaths.map((path) => ({ path, from: 'the sitemap', status: 200 })),
    ...errorPages.map(([path, status]) => ({ path, from: 'the error pages', status })),
  ];
  const seen = new Set(queue.map((entry) => entry.path));
  let pages = 0;

  const visit = async ({ path, from, status }: (typeof queue)[number]) => {
    const answer = await fetch(`${origin}${path}`);
    const body = await answer.text();
    if (answer.status !== status) {
      problems.push(`${path} (linked from ${from}) answered ${answer.status}, not ${status}`);
      return;
    }
    if (!answer.headers.get('content-type')?.startsWith('text/html')) return;
    pages++;
    // The owner's pages are his app, behind his sign-in: no header of the site's, never crawled
    if (isOwnerPath(new URL(answer.url).pathname)) return;
    for (const problem of identityProblems(body, fixture, traces))
      problems.push(`${path}: ${problem}`);
    for (const linked of linkedPaths(body, new URL(answer.url))) {
      if (seen.has(linked)) continue;
      seen.add(linked);
      queue.push({ path: linked, from: path, status: 200 });
    }
  };

  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await visit(next);
  };
  // The queue grows as pages are read: workers go on until it is empty and no one is reading
  do await Promise.all(Array.from({ length: PARALLEL }, worker));
  while (queue.length > 0);
  return { pages, problems };
}
