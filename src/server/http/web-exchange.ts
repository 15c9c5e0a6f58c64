/**
 * Node's request and response as the Fetch API's: the one place the /api/ router
 * (http/api.ts) turns Node's request into a Request and writes a handler's Response back.
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
  });
}

/** Writes a Web Response (small, as the API's answers are) to Node's response; no body for HEAD */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = res.req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
