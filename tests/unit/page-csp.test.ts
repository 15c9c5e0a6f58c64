import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withOwnHashes } from '../../src/integrations/page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const stale = `'sha256-${'A'.repeat(43)}='`;
const policy = `default-src 'self';img-src 'self' data:; script-src 'self' https://gc.zgo.at ${stale}; style-src 'self' ${stale}`;
const page = (body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;
const directive = (html: string, name: string) =>
  /content="([^"]*)"/
    .exec(html)![1]!
    .split(';')
    .map((part) => part.trim().split(' '))
    .find(([first]) => first === name)
    ?.slice(1);

describe('withOwnHashes', () => {
  it('allows exactly the inline scripts and styles the page has, keeping every other source', () => {
    const html = withOwnHashes(page('<script type="module">run()</script><style>p{}</style><script>run()</script>'));
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
    expect(directive(html, 'style-src')).toEqual(["'self'", hash('p{}')]);
    expect(directive(html, 'img-src')).toEqual(["'self'", 'data:']);
  });

  it('leaves out data blocks and external scripts, and a page with neither inline kind allows none', () => {
    const html = withOwnHashes(
      page('<script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/_astro/a.js"></script>'),
    );
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at']);
    expect(directive(html, 'style-src')).toEqual(["'self'"]);
  });

  it('hashes what the browser hashes: a data-src script inline, a quoted ">", a spaced end tag, CRLF as LF', () => {
    const html = withOwnHashes(page(`<script data-src="x">a()</script><script data-x="a>b">b()</script ><script>c()\r\nd()</script>`));
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('a()'), hash('b()'), hash('c()\nd()')]);
  });

  it("gives no hash to a directive that allows 'unsafe-inline' (the editor's styles), as a hash would switch it off", () => {
    const html = withOwnHashes(
      page('<style>p{}</style><script>run()</script>').replace(`style-src 'self' ${stale}`, "style-src 'self' 'unsafe-inline'"),
    );
    expect(directive(html, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(html, 'script-src')).toEqual(["'self'", 'https://gc.zgo.at', hash('run()')]);
  });

  it('changes nothing on a page without a CSP meta tag', () => {
    const html = '<html><head></head><body><script>run()</script></body></html>';
    expect(withOwnHashes(html)).toBe(html);
  });
});
