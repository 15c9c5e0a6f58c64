import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { siteOrigin } from './src/lib/site-url.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
