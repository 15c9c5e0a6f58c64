/**
 * How long a request's body may take to arrive. A visitor's form is a few KB, so 30 s is ample,
 * and a client that trickles its body cannot hold a connection for longer. The owner's editor
 * saves photos, which over a phone's slow uplink can take minutes, so a save is given longer once
 * his session and Origin are checked; Node's own requestTimeout is that longer allowance, the
 * bound on every request. A quote request with photos is given a few minutes of its own.
 */
import type { IncomingMessage } from 'node:http';

export const BODY_DEADLINE_MS = 30_000;
/** 30 MB of photos at 0.5 Mbit/s, a weak signal's uplink, with room to spare */
export const UPLOAD_DEADLINE_MS = 10 * 60_000;
/**
 * A quote request with photos: five photos shrunk in the browser (2,048 px JPEGs, 0.3 to 0.8 MB
 * each, 4 MB at most) over a phone's 3G uplink on a weak signal (about 400 kbit/s) take about 80 s;
 * twice that, rounded up, so a slower moment still gets through, while a client trickling its
 * body is cut off within minutes rather than the owner's ten
 */
export const PHOTO_UPLOAD_DEADLINE_MS = 3 * 60_000;

const longUploads = new WeakSet<IncomingMessage>();
/** Requests given a deadline of their own, and when their body must be in (epoch ms) */
const extendedDeadlines = new WeakMap<IncomingMessage, number>();

/** Lets this request's body take up to the server's requestTimeout: for the signed-in owner's saves alone */
export function allowLongUpload(req: IncomingMessage): void {
  longUploads.add(req);
}

/** Lets this request's body take `ms` from now: a visitor's photos, once origin and rate limit are checked */
export function extendBodyDeadline(req: IncomingMessage, ms: number): void {
  extendedDeadlines.set(req, Date.now() + ms);
}

/**
 * Ends the connection when the body is not all in after `ms`, unless allowed longer. It is closed
 * rather than answered: whatever handler is reading the body finds it broken off and stores nothing.
 */
export function watchBodyDeadline(req: IncomingMessage, ms: number): void {
  let timer: NodeJS.Timeout;
  const check = () => {
    if (req.complete || longUploads.has(req)) return;
    const extendedUntil = extendedDeadlines.get(req) ?? 0;
    if (extendedUntil > Date.now()) {
      timer = setTimeout(check, extendedUntil - Date.now());
      timer.unref();
    } else req.socket.destroy();
  };
  timer = setTimeout(check, ms);
  timer.unref();
  req.once('close', () => clearTimeout(timer));
}
