import { describe, expect, it } from 'vitest';
import { shareRepeatedSvgs } from '../../src/integrations/svg-symbols.ts';

const star =
  '<path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638"/>';
const icon = (attrs: string) => `<svg ${attrs} viewBox="0 0 24 24">${star}</svg>`;

describe('repeated drawings', () => {
  it('are written once as a symbol, each place keeping its own svg start tag', () => {
    const html = `<html><head></head><body class="flex">${icon('class="a"')}<p>x</p>${icon('class="b"')}</body></html>`;
    const shared = shareRepeatedSvgs(html);
    expect(shared.split(star)).toHaveLength(2);
    expect(shared).toContain(
      '<body class="flex"><svg width="0" height="0" aria-hidden="true" focusable="false"><symbol id="svg-1">',
    );
    expect(shared).toContain('<svg class="a" viewBox="0 0 24 24"><use href="#svg-1"></use></svg>');
    expect(shared).toContain('<svg class="b" viewBox="0 0 24 24"><use href="#svg-1"></use></svg>');
  });

  it('leave a drawing drawn once, or one with ids of its own, as it is', () => {
    const withId = `<svg><linearGradient id="g"></linearGradient>${star}</svg>`;
    const html = `<html><body>${icon('class="a"')}${withId}${withId}</body></html>`;
    expect(shareRepeatedSvgs(html)).toBe(html);
  });

  it('leave the drawings inside an island as React rendered them', () => {
    const island = `<astro-island uid="a">${icon('class="a"')}${icon('class="b"')}</astro-island>`;
    const html = `<html><body>${island}${icon('class="c"')}</body></html>`;
    expect(shareRepeatedSvgs(html)).toBe(html);
  });
});
