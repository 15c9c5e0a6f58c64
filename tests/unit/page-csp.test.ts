import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { narrowCsp } from '../../src/integrations/page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** Astro's lists: the hashes of every inline script and style its templates emit, site-wide */
const astroScripts = ['run()', 'a()', 'b()', 'c()\nd()', 'elsewhere()'].map(hash);
const astroStyles = ['p{}', 'h1{}'].map(hash);
const policy = `default-src 'self';img-src 'self' data:; script-src 'self' https://gc.zgo.at ${astroScripts.join(' ')}; style-src 'self' ${astroStyles.join(' ')}`;
const page = (body: string, csp = policy) =>
  `<html><head><meta http-equiv="content-security-policy" content="${csp}"></head><body>${body}</body></html>`;
const directive = (html: string, name: string) =>
  /content="([^"]*)"/
    .exec(html)![1]!
    .split(';')
    .map((part) => part.trim().split(' '))
    .find(([first]) => first === name)
    ?.slice(1);

describe('narrowCsp', () => {
  it('allows exactly the inline scripts and styles the page has of those Astro listed, keeping every other source', () => {
    const { html, unlisted } = narrowCsp(
      page('<script type="module">run()</script><style>p{}</style><script>run()</script>'),
    );
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
    expect(directive(html, 'style-src')).toEqual(["'self'", hash('p{}')]);
    expect(directive(html, 'img-src')).toEqual(["'self'", 'data:']);
    expect(unlisted).toEqual([]);
  });

  it('leaves out data blocks and external scripts, and a page with neither inline kind allows none', () => {
    const { html, unlisted } = narrowCsp(
      page(
        '<script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/_astro/a.js"></script>',
      ),
    );
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at']);
    expect(directive(html, 'style-src')).toEqual(["'self'"]);
    expect(unlisted).toEqual([]);
  });

  it('hashes what the browser hashes: a data-src script inline, a quoted ">", a spaced end tag, CRLF as LF', () => {
    const { html, unlisted } = narrowCsp(
      page(
        `<script data-src="x">a()</script><script data-x="a>b">b()</script ><script>c()\r\nd()</script>`,
      ),
    );
    expect(directive(html, 'script-src')).toEqual([
      "'self'",
      'https://gc.zgo.at',
      hash('a()'),
      hash('b()'),
      hash('c()\nd()'),
    ]);
    expect(unlisted).toEqual([]);
  });

  it("reads tags as a browser does: words in an attribute's value that look like a script are none", () => {
    // A title the owner typed, escaped into a meta tag's content as the templates write it
    const title = 'Botany </script><script>alert(71)</script><style>p{}</style>';
    const { html, unlisted } = narrowCsp(
      page(`<meta property="og:title" content="${title}"><script>run()</script>`),
    );
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
    expect(directive(html, 'style-src')).toEqual(["'self'"]);
    expect(unlisted).toEqual([]);
  });

  it('gives no hash to an inline script or style the templates did not write, and reports each', () => {
    const injected = "fetch('/api/owner/leads')";
    const overlay = 'html::after{content:"Site moved"}';
    const { html, unlisted } = narrowCsp(
      page(
        `<script>run()</script><div data-markdown><script>${injected}</script><style>${overlay}</style></div><style>p{}</style>`,
      ),
    );
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
    expect(directive(html, 'style-src')).toEqual(["'self'", hash('p{}')]);
    expect(unlisted).toEqual([
      `inline script ${hash(injected)} that no template wrote: ${JSON.stringify(injected)}`,
      `inline style ${hash(overlay)} that no template wrote: ${JSON.stringify(overlay)}`,
    ]);
  });

  it('reports an inline script on a page whose policy lists no script hashes at all', () => {
    const { html, unlisted } = narrowCsp(
      page('<script>run()</script>', "default-src 'self'; style-src 'self'"),
    );
    expect(directive(html, 'default-src')).toEqual(["'self'"]);
    expect(unlisted).toHaveLength(1);
  });

  it("gives no hash to a directive that allows 'unsafe-inline' (the editor's styles), as a hash would switch it off", () => {
    const { html, unlisted } = narrowCsp(
      page(
        '<style>p{}</style><style>editor{}</style><script>run()</script>',
        policy.replace(/style-src .*$/, "style-src 'self' 'unsafe-inline'"),
      ),
    );
    expect(directive(html, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
    expect(unlisted).toEqual([]);
  });

  it('changes nothing on a page without a CSP meta tag', () => {
    const html = '<html><head></head><body><script>run()</script></body></html>';
    expect(narrowCsp(html)).toEqual({ html, unlisted: [] });
  });
});
