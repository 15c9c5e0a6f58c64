/** POST /api/leads: the built-in form endpoint (logic in src/server/leads/handler.ts) */
import type { APIRoute } from 'astro';
import { rateLimitAddress, respondToLeadRequest } from '../../server/leads/runtime.ts';

export const prerender = false;

/** Every method comes here, so that anything but POST gets a 405 with `Allow: POST` */
export const ALL: APIRoute = (context) => {
  let clientAddress = 'unknown';
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address; such clients share one window
  }
  return respondToLeadRequest(context.request, rateLimitAddress(context.request, clientAddress));
};
