/** /owner.webmanifest, from the business's facts (src/lib/owner-manifest.ts) */
import type { APIRoute } from 'astro';
import { business } from '../config/business.ts';
import { ownerManifest } from '../lib/owner-manifest.ts';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(ownerManifest(business), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
