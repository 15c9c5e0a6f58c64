/**
 * Content cannot carry code (issue 30): an area page's Markdown holding every injection the probe
 * tried (tests/support/hostile-markdown.ts) is rendered by the site's own Markdown processor (the
 * one astro.config.ts gives Astro), put into a page the way the area template puts it, and passed
 * through the build's page step (src/integrations/host-files.ts), which refuses a page with code
 * the templates did not write. The same page rendered as Astro's default processor would (raw
 * HTML kept) shows that the step finds each injection.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFrontmatter, unified } from '@astrojs/markdown-remark';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import astroConfig from '../../astro.config.ts';
import { readBuiltPages } from '../../src/integrations/host-files.ts';
import { pageCodeProblems } from '../../src/integrations/page-code.ts';
import { narrowCsp } from '../../src/integrations/page-csp.ts';
import { isSafeImage, isSafeLink } from '../../src/lib/markdown.ts';
import { remarkFillTokens } from '../../src/lib/remark-fill-tokens.ts';
import { business } from '../../src/config/business.ts';
import { apiPaths, areaPages, quotePath } from '../../src/config/routes.ts';
import { mapEmbedOrigin } from '../../src/lib/csp.ts';
import { HOSTILE_HEADING, hostileMarkdown } from '../support/hostile-markdown.ts';

/** The site's Markdown renderer, from astro.config.ts as Astro gets it */
const siteProcessor = astroConfig.markdown?.processor;
if (!siteProcessor)
  throw new Error(
    'astro.config.ts gives Astro no markdown.processor: src/lib/markdown.ts is not in use',
  );
const siteRenderer = await siteProcessor.createRenderer({ syntaxHighlight: false });
/** Astro's default: the same remark plugin, raw HTML kept */
const defaultRenderer = await unified({ remarkPlugins: [remarkFillTokens] }).createRenderer({
  syntaxHighlight: false,
});
const render = async (renderer: typeof siteRenderer, markdown: string) =>
  (await renderer.render(markdown)).code;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const templateScript = "document.documentElement.classList.add('js')";
const templateStyle = 'body{margin:0}';
/** As Astro writes it: the hashes of every inline script and style of the site's templates */
const policy = [
  "default-src 'self'",
  "form-action 'self'",
  `frame-src ${mapEmbedOrigin}`,
  "base-uri 'self'",
  `script-src 'self' ${hash(templateScript)} ${hash('elsewhere()')}`,
  `style-src 'self' ${hash(templateStyle)}`,
  '',
].join(';');

/** The area page the tests build, one of the route table's */
const area = areaPages.at(-1)!;

/** An area page as the templates build it, around `markdownHtml`: the quote form and the map are the templates' */
const areaPage = (markdownHtml: string) =>
  `<!DOCTYPE html><html lang="en-NZ"><head><meta charset="utf-8"><title>${area.label} electrician</title>` +
  `<meta http-equiv="content-security-policy" content="${policy}"><style>${templateStyle}</style>` +
  `<script type="application/ld+json">{"@type":"Electrician"}</script></head><body><main>` +
  `<section aria-labelledby="guide-heading"><div class="container-page area-article"><h2 id="guide-heading">About ${area.label}</h2>` +
  `<div data-markdown>${markdownHtml}</div></div></section>` +
  `<form action="${apiPaths.leads}" method="post"><input name="name"><button>Send</button></form>` +
  `<iframe src="${mapEmbedOrigin}/export/embed.html" title="Map"></iframe>` +
  `</main><script type="module">${templateScript}</script></body></html>`;

/** Every element of a fragment, as `tag attr=value …` */
function elementsOf(html: string): string[] {
  const found: string[] = [];
  const walk = (node: DefaultTreeAdapterMap['node']) => {
    if ('tagName' in node && !['html', 'head', 'body'].includes(node.tagName))
      found.push(
        [node.tagName, ...node.attrs.map((attr) => `${attr.name}=${attr.value}`)].join(' '),
      );
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return found;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The build's page step (readBuiltPages) on a built site holding `html` at the area's path */
async function buildStep(html: string) {
  const dir = mkdtempSync(join(tmpdir(), 'content-code-'));
  dirs.push(dir);
  const file = join(dir, area.href, 'index.html');
  mkdirSync(join(dir, area.href), { recursive: true });
  writeFileSync(file, html);
  const pages = await readBuiltPages(dir);
  return { pages, written: readFileSync(file, 'utf8') };
}

describe("content's Markdown", () => {
  it('renders, through the processor astro.config.ts gives Astro, with no markup or unsafe address from the content, its words kept', async () => {
    const html = await render(siteRenderer, hostileMarkdown);
    // Paragraphs and the heading only: the raw HTML is gone, the links to code are words
    expect(elementsOf(html)).toEqual(['h2 id=our-new-phone-number', 'p', 'p', 'p', 'p', 'p']);
    expect(html).toContain(`>${HOSTILE_HEADING}</h2>`);
    expect(html).toContain('Our photo of the job  is below.');
    expect(html).toContain(
      'Call us on the new number, see the notice,\nJAVASCRIPT:alert(1) and the details.',
    );
    expect(html).toContain('<p>Our van</p>');
  });

  it("renders every area page's body as Astro's default processor does: nothing today's content uses is dropped", async () => {
    const files = readdirSync('src/content/areas').filter((file) => file.endsWith('.md'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const { content } = parseFrontmatter(readFileSync(join('src/content/areas', file), 'utf8'));
      const html = await render(siteRenderer, content);
      expect(html, file).toBe(await render(defaultRenderer, content));
      expect(html, file).toContain('<h2 id=');
    }
  });

  it('keeps what Markdown makes: headings, lists, emphasis, links to pages, e-mail and phone, images on the site, tables, footnotes, the facts', async () => {
    const markdown = [
      '## Wiring for {owner}',
      '### Older homes',
      '1. *One* and **two**, ~~three~~',
      '- [x] done',
      '> Quoted',
      '`code`',
      `[Quote](${quotePath}), [an article](https://example.org/a?b=c#d), [e-mail](mailto:${business.email}), [call](tel:${business.phone.e164}), [top](#top), <https://example.org>`,
      '![A switchboard](/images/board.png)',
      '| Job | Price |\n| --- | ---: |\n| Fan | $200 |',
      'Noted.[^1]\n\n[^1]: A footnote.',
    ].join('\n\n');
    const html = await render(siteRenderer, markdown);
    expect(html).toBe(await render(defaultRenderer, markdown));
    expect(html).toContain(`Wiring for ${business.owner}`);
    for (const tag of [
      'h2',
      'h3',
      'ol',
      'em',
      'strong',
      'del',
      'input',
      'blockquote',
      'code',
      'img',
      'table',
      'sup',
      'section',
    ])
      expect(html, tag).toContain(`<${tag}`);
    expect(html.match(/<a href=/g)).toHaveLength(8);
  });

  it("links the facts' phone numbers: the business's as a call, the lines company's as one to another business", async () => {
    const html = await render(
      siteRenderer,
      `A fallen line: {linescompany}, {linesphone}. A fault: {phone}. [Call {phone}](tel:${business.phone.e164})`,
    );
    const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');
    expect(html).toContain(
      `<a href="tel:${business.linesCompany.phoneE164}" data-elsewhere="">${nbsp(business.linesCompany.phoneDisplay)}</a>`,
    );
    expect(html).toContain(
      `<a href="tel:${business.phone.e164}">${nbsp(business.phone.display)}</a>`,
    );
    // A link's own words are left as they are, with no link inside it
    expect(html.match(/<a href=/g)).toHaveLength(3);
  });

  it('judges an address as a browser reads it: any case, tabs and leading spaces ignored, relative ones as the site’s', () => {
    for (const url of [
      quotePath,
      'quote',
      '#top',
      '?a=b',
      '//example.org/x',
      'https://example.org',
      'HTTP://example.org',
      'mailto:a@b.nz',
      'tel:+649',
    ])
      expect(isSafeLink(url), url).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:x',
      'java\tscript:x',
      'java\nscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://x/y',
      'http://[::',
    ])
      expect(isSafeLink(url), url).toBe(false);
    for (const url of ['/images/a.png', 'https://example.org/a.png'])
      expect(isSafeImage(url), url).toBe(true);
    for (const url of [
      'data:image/svg+xml,<svg/onload=alert(1)>',
      'javascript:alert(1)',
      'mailto:a@b.nz',
    ])
      expect(isSafeImage(url), url).toBe(false);
  });
});

describe('an area page built from Markdown holding each injection', () => {
  it('passes the build, its CSP allowing only the templates’ script and style, when the site renders it', async () => {
    const page = areaPage(await render(siteRenderer, hostileMarkdown));
    expect(pageCodeProblems(page)).toEqual([]);
    const { pages, written } = await buildStep(page);
    expect(pages.map((built) => built.path)).toEqual([area.href]);
    expect(written).toContain(
      `script-src 'self' ${hash(templateScript)};style-src 'self' ${hash(templateStyle)};`,
    );
    expect(narrowCsp(page).unlisted).toEqual([]);
  });

  it("is refused by the build, naming each injection, when rendered with raw HTML (Astro's default)", async () => {
    const page = areaPage(await render(defaultRenderer, hostileMarkdown));
    const problems = [...pageCodeProblems(page), ...narrowCsp(page).unlisted];
    const expected = [
      /element Markdown does not make: <script>/,
      /element Markdown does not make: <style>/,
      /a <meta http-equiv> the templates did not write: <meta http-equiv="refresh"/,
      /a <base>/,
      /event-handler attribute \(onerror\)/,
      /element Markdown does not make: <iframe/,
      /element Markdown does not make: <form/,
      /element Markdown does not make: <input name="note"/,
      /element Markdown does not make: <object/,
      /element Markdown does not make: <embed/,
      /element Markdown does not make: <svg>/,
      /links to an address that could run code: <a href="javascript:document/,
      /links to an address that could run code: <a href="javascript:fetch/,
      /links to an address that could run code: <a href="data:text\/html/,
      /links to an address that could run code: <a href="JAVASCRIPT:alert\(1\)">/,
      /links to an address that could run code: <a href="vbscript:/,
      /loads an address that could run code: <img src="javascript:alert\(2\)"/,
      /^inline script 'sha256-.*that no template wrote: "document.documentElement.dataset.injected='script'/,
      /^inline script 'sha256-.*that no template wrote: "document.documentElement.dataset.injected=.svg/,
      /^inline style 'sha256-.*that no template wrote: "html::after/,
    ];
    for (const pattern of expected)
      expect(
        problems.some((problem) => pattern.test(problem)),
        String(pattern),
      ).toBe(true);
    await expect(buildStep(page)).rejects.toThrow(
      new RegExp(`^Built pages hold code the site's templates did not write:\n- ${area.href}: `),
    );
    // Narrowed, the policy would still allow none of it
    const { html } = narrowCsp(page);
    expect(html).toContain(
      `script-src 'self' ${hash(templateScript)};style-src 'self' ${hash(templateStyle)};`,
    );
  });
});

describe('pageCodeProblems', () => {
  const page = (head: string, body = '') =>
    `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
  const csp = `<meta http-equiv="content-security-policy" content="default-src 'self'">`;

  it("takes the templates' own: the CSP meta, a redirect page's refresh to its target, a form and a map outside Markdown, a task list's checkbox", () => {
    expect(
      pageCodeProblems(
        page(
          csp,
          `<form action="${apiPaths.leads}"><input name="a"><button>Send</button></form><iframe src="/x"></iframe>`,
        ),
      ),
    ).toEqual([]);
    const stub = page(
      `${csp}<meta http-equiv="refresh" content="0; url=/about">`,
      '<p>Moved to <a href="/about">/about</a></p>',
    );
    expect(pageCodeProblems(stub, { redirectTo: '/about' })).toEqual([]);
    expect(
      pageCodeProblems(
        page(
          csp,
          '<div data-markdown><ul><li><input type="checkbox" disabled> done</li></ul></div>',
        ),
      ),
    ).toEqual([]);
  });

  it('refuses a refresh elsewhere, any other http-equiv, a CSP meta outside the head, a <base>, and event handlers anywhere', () => {
    const refresh = page(
      `${csp}<meta http-equiv="refresh" content="0; url=https://elsewhere.example">`,
    );
    expect(pageCodeProblems(refresh, { redirectTo: '/about' })).toHaveLength(1);
    expect(
      pageCodeProblems(page(`${csp}<meta http-equiv="refresh" content="0; url=/about">`)),
    ).toHaveLength(1);
    expect(
      pageCodeProblems(page(`${csp}<meta http-equiv="Set-Cookie" content="a=b">`)),
    ).toHaveLength(1);
    expect(pageCodeProblems(page(csp, `<p>${csp}</p>`))).toHaveLength(1);
    expect(pageCodeProblems(page(`${csp}<base href="/">`))).toEqual([
      'a <base>, which would move every relative address: <base href="/">',
    ]);
    expect(pageCodeProblems(page(csp, '<button onclick="x()">Go</button>'))).toEqual([
      'an event-handler attribute (onclick): <button onclick="x()">',
    ]);
  });

  it('refuses anywhere a link to an address that could run code, as a business fact could give one; takes the templates’ links', () => {
    for (const href of [
      'javascript:fetch(1)',
      'JaVaScRiPt:alert(2)',
      'data:text/html;base64,PHA+',
      ' vbscript:x',
    ])
      expect(
        pageCodeProblems(page(csp, `<footer><a href="${href}">Reviews</a></footer>`)),
        href,
      ).toHaveLength(1);
    for (const href of [
      'https://www.google.com/maps',
      `tel:${business.phone.e164}`,
      'mailto:a@example.com',
      quotePath,
      '#main',
    ])
      expect(pageCodeProblems(page(csp, `<footer><a href="${href}">x</a></footer>`)), href).toEqual(
        [],
      );
  });

  it('refuses inside Markdown a style attribute, a form control, and an element Markdown does not make', () => {
    for (const markup of [
      '<p style="position:fixed">Site moved</p>',
      '<button>Confirm</button>',
      '<input type="checkbox">',
      '<details open><summary>x</summary></details>',
      '<math><mi>x</mi></math>',
      '<video src="/a.mp4"></video>',
    ])
      expect(
        pageCodeProblems(page(csp, `<div data-markdown>${markup}</div>`)).length,
        markup,
      ).toBeGreaterThan(0);
  });
});
