/**
 * The server's /api/ answers: POST /api/leads goes to the lead service, POST /api/events counts a
 * tap on a phone or e-mail link, GET /api/health tells a monitor whether quote requests are being
 * stored and delivered, anything else is a 404. Used by
 * the Node server (src/server/main.ts) and by `astro dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LEADS_ENDPOINT } from '../../lib/csp.ts';
import type { LeadService } from '../app.ts';
import type { SiteFacts } from './site-server.ts';
import { EVENTS_ENDPOINT } from '../stats/events.ts';
import { sendJson, sendWebResponse, toWebRequest } from './web-exchange.ts';

export const HEALTH_ENDPOINT = '/api/health';

/** `built`: when the pages served were built (ISO 8601), for the health report */
export function apiHandler(service: LeadService, { built }: { built: string | null }) {
  return async (req: IncomingMessage, res: ServerResponse, site: SiteFacts): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (path === LEADS_ENDPOINT) {
      await sendWebResponse(res, await service.respond(toWebRequest(req), req.socket.remoteAddress ?? 'unknown', site.readPage));
    } else if (path === EVENTS_ENDPOINT) {
      await service.recordEvent(req, res, site);
    } else if (path === HEALTH_ENDPOINT) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendJson(res, 405, { errors: [{ message: 'Method not allowed' }] }, { Allow: 'GET, HEAD' });
        return;
      }
      const report = await service.health(built);
      sendJson(res, report.ok ? 200 : 503, report);
    } else {
      sendJson(res, 404, { errors: [{ message: 'Not found' }] });
    }
  };
}
