/**
 * The server's /api/ answers: each path is routed to the handler the app gives it (quote
 * requests, tap counts, the health check); any other path is a 404. Used by the Node server
 * (src/server/main.ts) and by `astro dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './web-exchange.ts';

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export function apiRouter(routes: Readonly<Record<string, ApiHandler>>): ApiHandler {
  return async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (route) await route(req, res);
    else sendJson(res, 404, { errors: [{ message: 'Not found' }] });
  };
}
