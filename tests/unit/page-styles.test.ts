import { describe, expect, it } from 'vitest';
import {
  dropUnreadCustomProperties,
  pageElements,
  purgeCss,
  purgePageStyles,
} from '../../src/integrations/page-styles.ts';
import { hashSource } from '../../src/integrations/page-csp.ts';

const css =
  ':root{--a:1}a{color:red}@layer utilities{.flex{display:flex}.grid{display:grid}' +
  '@media (width>=64rem){.lg\\:grid-cols-\\[2fr_1fr\\]{grid-template-columns:2fr 1fr}.lg\\:hidden{display:none}}' +
  '.mt-0\\.5{margin-top:2px}.w-1\\/2{width:50%}.group:hover .group-hover\\:block{display:block}' +
  '.space-y-2>:not(:last-child){margin:0}.x:not(.absent){color:blue}[data-state=open] .open{display:block}}' +
  '@property --tw-a{syntax:"*";inherits:false}';

describe('a page’s styles', () => {
  it('keep the rules whose classes the page holds, escaped or in a media query, and those without classes', () => {
    const kept = purgeCss(
      css,
      new Set(['flex', 'lg:grid-cols-[2fr_1fr]', 'mt-0.5', 'w-1/2', 'space-y-2', 'x', 'group']),
    );
    expect(kept).toBe(
      ':root{--a:1}a{color:red}@layer utilities{.flex{display:flex}' +
        '@media (width>=64rem){.lg\\:grid-cols-\\[2fr_1fr\\]{grid-template-columns:2fr 1fr}}' +
        '.mt-0\\.5{margin-top:2px}.w-1\\/2{width:50%}' +
        '.space-y-2>:not(:last-child){margin:0}.x:not(.absent){color:blue}}' +
        '@property --tw-a{syntax:"*";inherits:false}',
    );
  });

  it('drop a grouping rule left empty', () => {
    expect(purgeCss('@media print{.a{color:red}}b{color:blue}', new Set())).toBe('b{color:blue}');
  });

  it('are allowed by the page’s CSP by their new hash', () => {
    const style = '.a{color:red}.b{color:blue}';
    const html = `<meta http-equiv="content-security-policy" content="style-src ${hashSource(style)}"><style>${style}</style><p class="a">`;
    const purged = purgePageStyles(html, new Set(['a']));
    expect(purged).toContain(`<style>.a{color:red}</style>`);
    expect(purged).toContain(`style-src ${hashSource('.a{color:red}')}`);
  });
});

describe('a page’s custom properties', () => {
  it('are dropped when nothing reads them, with their @property rules and what only they read', () => {
    const css =
      ':root{--unread:1px;--read:2px;--only-by-unread:red;--in-style:0}' +
      '.a{--chain:var(--only-by-unread);color:var(--read)}' +
      '@property --unread{syntax:"*";inherits:false}@property --read{syntax:"*";inherits:false}' +
      '*,:before{--tw-x:0}.b{transition-property:--moved}.b{--moved:1}';
    expect(dropUnreadCustomProperties(css, '<p style="width:var(--in-style)">')).toBe(
      ':root{--read:2px;--in-style:0}.a{color:var(--read)}' +
        '@property --read{syntax:"*";inherits:false}.b{transition-property:--moved}.b{--moved:1}',
    );
  });

  it('stay when a script of the page reads them', () => {
    const css = ':root{--picked:1}';
    expect(dropUnreadCustomProperties(css, 'getPropertyValue("--picked")')).toBe(css);
  });
});

describe('a page’s element rules', () => {
  const css =
    'table{border-collapse:collapse}a,abbr{color:red}textarea{resize:vertical}' +
    '::placeholder{opacity:1}::-webkit-datetime-edit{display:inline-flex}' +
    '.x sub{top:0}svg{display:block}:where(select:is([multiple])) optgroup{font-weight:bolder}';

  it('keep the rules of elements the page or its scripts can hold', () => {
    const elements = pageElements('<html><body><a href="/">x</a><svg></svg>', [
      'jsx("textarea",{})',
    ]);
    expect(purgeCss(css, new Set(['x']), elements)).toBe(
      'a,abbr{color:red}textarea{resize:vertical}::placeholder{opacity:1}' +
        '::-webkit-datetime-edit{display:inline-flex}svg{display:block}',
    );
  });

  it('drop a form control’s pseudo-elements from a page without one', () => {
    expect(purgeCss(css, new Set(), pageElements('<p>', []))).toBe('');
  });
});
