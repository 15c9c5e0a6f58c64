/**
 * How the server keeps its connections: one is closed after its answer when told (at shutdown, or
 * when part of a body is left unread), and a request Node's parser refuses is answered with the
 * headers of every other answer.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Ends the connection after the answer (`Connection: close`) when `shouldClose()` holds as the
 * answer's head is written, so that a keep-alive client does not send another request on it.
 */
export function closeConnectionWhen(res: ServerResponse, shouldClose: () => boolean) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (shouldClose()) this.setHeader('Connection', 'close');
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  };
}

/** Whether the request says a body follows (a length above zero, or chunks) */
export function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Node's own statuses for the parser's errors; anything else is a 400 */
const clientErrorStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * The server's 'clientError' listener: requests Node's parser refuses get `headers`, those of
 * every other answer (Node's own reply has none)
 */
export function answerClientErrors(answerHeaders: Readonly<Record<string, string>>) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const status = clientErrorStatus[error.code ?? ''] ?? 400;
      // No body: the request may have been a HEAD, which must not get one
      const headers = { ...answerHeaders, 'Content-Length': '0', Connection: 'close' };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`);
    }
    socket.destroy();
  };
}
