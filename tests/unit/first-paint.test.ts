import { describe, expect, it } from 'vitest';
import { requestsBeforePaint } from '../../src/integrations/first-paint.ts';

const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('requests before the first paint', () => {
  it('finds none in a page of inline styles, inline scripts, data blocks and async scripts', () => {
    expect(
      requestsBeforePaint(
        page(
          '<style>a{color:red}</style><link rel="canonical" href="/"><link rel="icon" href="data:,">' +
            '<script async src="https://count.example/count.js"></script>',
          '<script type="application/ld+json">{"import":"x"}</script>' +
            '<script type="module">document.body.dataset.ready = "";</script>' +
            '<script>(()=>{import("/_astro/island.js")})()</script>',
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    ['an external module', '', '<script type="module" src="/_astro/shell.js"></script>'],
    ['a classic script', '<script src="/a.js"></script>', ''],
    ['a deferred script', '<script defer src="/a.js"></script>', ''],
    ['a stylesheet', '<link rel="stylesheet" href="/a.css">', ''],
    ['a preload', '<link rel="preload" href="/hero.avif" as="image">', ''],
    ['a module preload', '<link rel="modulepreload" href="/a.js">', ''],
    ['a font', '<style>@font-face{font-family:x;src:url(/x.woff2)}</style>', ''],
    ['an imported stylesheet', '<style>@import url(/a.css);</style>', ''],
    ['a module importing another', '', '<script type="module">import "/_astro/a.js";</script>'],
    [
      'a module importing names',
      '',
      '<script type="module">import { a } from "./a.js"; a()</script>',
    ],
  ])('finds %s', (_kind, head, body) => {
    expect(requestsBeforePaint(page(head, body))).toHaveLength(1);
  });
});
