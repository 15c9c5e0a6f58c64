import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { siteOrigin } from './src/lib/site-url.ts';
import { cspConfig } from './src/lib/csp.ts';
import { markdownProcessor } from './src/lib/markdown.ts';
import { leadsDevApi } from './src/integrations/leads-dev-api.ts';
import { hostFiles } from './src/integrations/host-files.ts';
import { svgFiles } from './src/integrations/svg-files.ts';
import { hydrateOnInteraction } from './src/integrations/hydrate-on-interaction.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  // Pages and assets only: the Node server (src/server) and the static hosts serve this folder
  outDir: 'dist/client',
  trailingSlash: 'never',
  // The stylesheet (7.5 KB in brotli) travels inside each page: the first paint then waits for no
  // second request, and no parallel download (a lazy image near the top) can slow the stylesheet
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    react(),
    hydrateOnInteraction(),
    leadsDevApi(),
    hostFiles({ origin: siteOrigin() }),
  ],
  // Hashes of every script and style go into each page's CSP meta; the server copies it to the header
  security: { csp: cspConfig() },
  // Content's Markdown with the facts filled in, and without raw HTML or unsafe addresses (src/lib/markdown.ts)
  markdown: { processor: markdownProcessor(), syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss(), svgFiles()],
    // React, its renderer and its scheduler in one chunk: the content editor shares them with the
    // islands, and would otherwise split them into more, smaller files that every island page loads
    build: {
      rollupOptions: {
        output: {
          manualChunks: (id: string) =>
            /node_modules\/(?:react|react-dom|scheduler)\//.test(id) ? 'react' : undefined,
        },
      },
    },
  },
});
