/**
 * Runs SVGO over every SVG file the build emits (the illustrations the pages link to), so the
 * files shipped are the optimised ones whatever editor drew them.
 */
import type { Plugin } from 'vite';
import { optimiseSvg } from '../lib/svg.ts';

export function svgFiles(): Plugin {
  return {
    name: 'svg-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.svg')) continue;
        const markup =
          typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        file.source = optimiseSvg(markup);
      }
    },
  };
}
