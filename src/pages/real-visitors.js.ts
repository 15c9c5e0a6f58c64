/**
 * /real-visitors.js: src/client/real-visitors.ts (Google's web-vitals and the beacon that sends
 * its readings to the Node server) bundled into one module when the site is built. No page links
 * it: the pages built for the Node server load it after they are idle (real-visitors-loader.ts).
 */
import type { APIRoute } from 'astro';
import { build } from 'esbuild';
import { join } from 'node:path';

/** Read from the project's folder, where `astro build` and `astro dev` run */
const SOURCE = join(process.cwd(), 'src/client/real-visitors.ts');

export const GET: APIRoute = async () => {
  const { outputFiles } = await build({
    entryPoints: [SOURCE],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
  });
  return new Response(outputFiles[0]!.text, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
};
