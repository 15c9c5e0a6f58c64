/**
 * Node's request and response as the Fetch API's, so handlers written against Request and
 * Response (the lead endpoint) run under the Node server and Vite's dev server alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** The request as a Web Request; its body is streamed, so limits on it still apply while reading */
export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Writes a Web Response (small, as the endpoint's answers are) to Node's response. An answer
 * given before the request's body was read in full (a refusal) closes the connection: what is
 * left of the body would otherwise be read as the next request.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = res.req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  if (!res.req.complete) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  res.end(body);
}
