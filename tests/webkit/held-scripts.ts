/**
 * The site's server behind a link that can hold the islands' code back, as a phone's slow one
 * does: while held, each script under /_astro/ waits until it is let through; everything else
 * passes at once. WebKitGTK's WebDriver moves the pointer over an element a few hundred
 * milliseconds (up to seconds on a new window) before it presses, and that hover already starts
 * loading the island's code, which on loopback has then hydrated before the click. Held, the
 * first tap lands while the island is still loading, as the Firefox suite's does.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldScripts {
  /** http://127.0.0.1:PORT of the link */
  origin: string;
  /** Holds back the scripts asked for from now on */
  hold(): void;
  /** Lets the held scripts through, and those asked for from now on */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldScripts(upstream: string): Promise<HeldScripts> {
  let held: (() => void)[] | undefined;
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const proxied = request(
      new URL(incoming.url ?? '/', upstream),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  };
  const server = createServer((incoming, outgoing) => {
    if (held && /^\/_astro\/[^?]+\.js(?:\?|$)/.test(incoming.url ?? ''))
      held.push(() => forward(incoming, outgoing));
    else forward(incoming, outgoing);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    const waiting = held ?? [];
    held = undefined;
    for (const send of waiting) send();
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    hold: () => {
      held ??= [];
    },
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}
