/**
 * SVGO at build time for the illustrations: the files the pages link to, and the markup a page's
 * first-screen scene inlines so it paints with the text.
 */
import { optimize, type Config } from 'svgo';

const fileConfig: Config = { multipass: true, plugins: ['preset-default'] };

/** An SVG file as shipped: metadata, comments and redundant precision removed */
export function optimiseSvg(markup: string): string {
  return optimize(markup, fileConfig).data;
}

/**
 * An SVG to place in a page: it fills its frame edge to edge (cropped like `object-fit: cover`),
 * and its ids carry `prefix` so two inline scenes on one page cannot take each other's gradients.
 */
export function inlineSvg(markup: string, prefix: string): string {
  return optimize(markup, {
    multipass: true,
    plugins: [
      'preset-default',
      'removeDimensions',
      { name: 'prefixIds', params: { prefix, delim: '-' } },
      {
        name: 'addAttributesToSVGElement',
        params: {
          attributes: [
            { preserveAspectRatio: 'xMidYMid slice' },
            { 'aria-hidden': 'true' },
            { focusable: 'false' },
          ],
        },
      },
    ],
  }).data;
}
