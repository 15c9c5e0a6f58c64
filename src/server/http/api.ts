/**
 * The server's /api/ answers: each path is routed to the handler the app gives it (quote
 * requests, tap counts, the health check, the owner's API); any other path is a 404. Used by the Node server
 * (src/server/main.ts) and by `astro dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './web-exchange.ts';

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Routes each path to its handler; a path ending in '/' takes every path under it */
export function apiRouter(routes: Readonly<Record<string, ApiHandler>>): ApiHandler {
  const prefixes = Object.keys(routes).filter((path) => path.endsWith('/'));
  return async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const prefix = prefixes.find((candidate) => path.startsWith(candidate));
    const route = Object.hasOwn(routes, path) ? routes[path] : prefix && routes[prefix];
    if (route) await route(req, res);
    else sendJson(res, 404, { errors: [{ message: 'Not found' }] });
  };
}
