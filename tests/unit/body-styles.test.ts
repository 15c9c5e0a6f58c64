import { describe, expect, it } from 'vitest';
import { moveBodyStylesToHead } from '../../src/integrations/body-styles.ts';

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('moveBodyStylesToHead', () => {
  it("moves the islands' style from the body to the end of the head, unchanged", () => {
    const html = `<html><head><title>x</title></head><body><h2>Gallery</h2>${ISLAND_STYLE}<astro-island></astro-island></body></html>`;
    expect(moveBodyStylesToHead(html)).toBe(
      `<html><head><title>x</title>${ISLAND_STYLE}</head><body><h2>Gallery</h2><astro-island></astro-island></body></html>`,
    );
  });

  it('writes a style repeated in the body once', () => {
    const html = `<html><head></head><body>${ISLAND_STYLE}<p>a</p>${ISLAND_STYLE}</body></html>`;
    expect(moveBodyStylesToHead(html)).toBe(
      `<html><head>${ISLAND_STYLE}</head><body><p>a</p></body></html>`,
    );
  });

  it('leaves a page without body styles, and the head’s own styles, as they are', () => {
    const html = '<html><head><style>p{color:red}</style></head><body><p>a</p></body></html>';
    expect(moveBodyStylesToHead(html)).toBe(html);
    expect(moveBodyStylesToHead('<p>no head</p>')).toBe('<p>no head</p>');
  });
});
