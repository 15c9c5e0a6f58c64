/**
 * How long a request's body may take to arrive. A visitor's form is a few KB, so 30 s is ample,
 * and a client that trickles its body cannot hold a connection for longer. The owner's editor
 * saves photos, which over a phone's slow uplink can take minutes, so a save is given longer once
 * his session and Origin are checked; Node's own requestTimeout is that longer allowance, the
 * bound on every request.
 */
import type { IncomingMessage } from 'node:http';

export const BODY_DEADLINE_MS = 30_000;
/** 30 MB of photos at 0.5 Mbit/s, a weak signal's uplink, with room to spare */
export const UPLOAD_DEADLINE_MS = 10 * 60_000;

const longUploads = new WeakSet<IncomingMessage>();

/** Lets this request's body take up to the server's requestTimeout: for the signed-in owner's saves alone */
export function allowLongUpload(req: IncomingMessage): void {
  longUploads.add(req);
}

/**
 * Ends the connection when the body is not all in after `ms`, unless allowed longer. It is closed
 * rather than answered: whatever handler is reading the body finds it broken off and stores nothing.
 */
export function watchBodyDeadline(req: IncomingMessage, ms: number): void {
  const timer = setTimeout(() => {
    if (!req.complete && !longUploads.has(req)) req.socket.destroy();
  }, ms);
  timer.unref();
  req.once('close', () => clearTimeout(timer));
}
