/**
 * /owner-sw.js, the owner's page's service worker: src/owner/service-worker/worker.ts bundled into
 * one classic script (a service worker's scripts cannot be modules everywhere) when the site is
 * built. It is served from the root so it may take /owner as its scope; the server sends it with
 * no-cache and the policy a worker needs (src/server/http/site-files.ts).
 */
import type { APIRoute } from 'astro';
import { build } from 'esbuild';
import { join } from 'node:path';

/** Read from the project's folder, where `astro build` and `astro dev` run */
const WORKER_SOURCE = join(process.cwd(), 'src/owner/service-worker/worker.ts');

export const GET: APIRoute = async () => {
  const { outputFiles } = await build({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
  });
  return new Response(outputFiles[0]!.text, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
};
