import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { siteOrigin } from './src/lib/site-url.ts';
import { cspDirectives } from './src/lib/csp.ts';
import { remarkFillTokens } from './src/lib/remark-fill-tokens.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Hashes of every script and style go into each page's CSP meta; the server copies it to the header
  security: { csp: { directives: cspDirectives() }, checkOrigin: false },
  // Our own illustrations are rasterised to AVIF/WebP/JPEG; no third-party SVG is processed
  image: { dangerouslyProcessSVG: true },
  markdown: { remarkPlugins: [remarkFillTokens], syntaxHighlight: false },
  vite: { plugins: [tailwindcss()] },
});
