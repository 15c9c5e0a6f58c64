/**
 * The server's /api/ answers: one find-my-way router of every feature's routes (quote requests,
 * tap counts, the health check, the owner's API, the content editor's), each handler a Fetch
 * Request in and a Response out. Node's request becomes a Request here and the Response is written
 * back here, nowhere else; a path no route takes is a 404, a method its path has no route for a
 * 405, both in the API's one error shape. Used by the Node server (src/server/main.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router, { type HTTPMethod } from 'find-my-way';
import { allowLongUpload, extendBodyDeadline, PHOTO_UPLOAD_DEADLINE_MS } from './body-deadline.ts';
import { errorAnswer } from './json-answers.ts';
import { sendWebResponse, toWebRequest } from './web-exchange.ts';

/** What a handler is told besides the request */
export interface ApiContext {
  /** The route's parameters, percent-decoded */
  readonly params: Readonly<Record<string, string | undefined>>;
  /** Who the request comes from, for a rate limit (behind the proxy, the address it forwards) */
  readonly clientKey: string;
  /** The address the connection comes from (the proxy's, behind one) */
  readonly socketAddress: string;
  /** The methods the request's path has routes for, for a 405's Allow */
  allowedMethods(): string[];
  /** Lets this request's body take as long as an upload may (body-deadline.ts): for the signed-in owner's saves alone */
  allowLongUpload(): void;
  /** Lets this request's body take as long as a visitor's photos may (body-deadline.ts) */
  allowPhotoUpload(): void;
}

export type ApiHandler<Context extends ApiContext = ApiContext> = (
  request: Request,
  context: Context,
) => Response | Promise<Response>;

export interface ApiRoute {
  /** GET routes answer HEAD too (the body is left off); ALL: every method, for a handler that answers each itself */
  method: HTTPMethod | readonly HTTPMethod[] | 'ALL';
  path: string;
  handler: ApiHandler;
  /** Takes what no other route of its path takes (a feature's own 401, 404 and 405); not counted in allowedMethods */
  fallback?: true;
}

/** The handler the Node server gives every request under /api/ */
export type NodeApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface ApiRouterOptions {
  /** Who a request comes from, for the rate limits */
  clientKey(request: Request, socketAddress: string): string;
}

/** The methods a 405's Allow may name */
const ANSWERED_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
] as const satisfies readonly HTTPMethod[];

interface RouteStore {
  handler: ApiHandler;
  fallback: boolean;
}

export function apiRouter(routes: readonly ApiRoute[], options: ApiRouterOptions): NodeApiHandler {
  // A passkey's id is up to 1400 characters; every path is exact, its case and trailing slash included
  const router = Router({ maxParamLength: 2000 });
  const unused = () => undefined;
  for (const route of routes) {
    const store: RouteStore = { handler: route.handler, fallback: route.fallback === true };
    if (route.method === 'ALL') {
      router.all(route.path, unused, store);
      continue;
    }
    const methods: HTTPMethod[] = [route.method].flat();
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    router.on(methods, route.path, unused, store);
  }

  const routeOf = (method: string, path: string) => {
    const found = router.find(method as HTTPMethod, path);
    return found && { store: found.store as RouteStore, params: found.params };
  };
  const allowedMethods = (path: string) =>
    ANSWERED_METHODS.filter((method) => routeOf(method, path)?.store.fallback === false);

  return async (req, res) => {
    const request = toWebRequest(req);
    const path = new URL(request.url).pathname;
    const socketAddress = req.socket.remoteAddress ?? 'unknown';
    const route = routeOf(request.method, path);
    const context: ApiContext = {
      params: route?.params ?? {},
      clientKey: options.clientKey(request, socketAddress),
      socketAddress,
      allowedMethods: () => allowedMethods(path),
      allowLongUpload: () => allowLongUpload(req),
      allowPhotoUpload: () => extendBodyDeadline(req, PHOTO_UPLOAD_DEADLINE_MS),
    };
    await sendWebResponse(res, await (route?.store.handler ?? answerUnrouted)(request, context));
  };
}

/** A path no route takes: 405 when other methods have one, else 404 */
function answerUnrouted(_request: Request, context: ApiContext): Response {
  const allowed = context.allowedMethods();
  if (allowed.length > 0)
    return errorAnswer(405, 'Method not allowed', { Allow: allowed.join(', ') });
  return errorAnswer(404, 'Not found');
}
