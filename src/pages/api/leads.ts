/**
 * POST /api/leads, the built-in form endpoint. The lead service (src/server/leads/service.ts)
 * answers it: the Node server (src/server/main.ts) owns one and passes it in as `locals.leads`;
 * `astro dev` starts its own on first use.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

/** Every method comes here, so that anything but POST gets a 405 with `Allow: POST` */
export const ALL: APIRoute = async (context) => {
  const leads = context.locals.leads ?? (import.meta.env.DEV ? await devLeadService() : undefined);
  if (!leads) throw new Error('No lead service: serve the build with `npm run serve`');
  let clientAddress = 'unknown';
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address; such clients share one window
  }
  return leads.respond(context.request, clientAddress);
};

async function devLeadService() {
  const { processLeadService } = await import('../../server/leads/service.ts');
  return processLeadService();
}
