/**
 * Local stand-ins for the services the owner's notifications go to: an SMTP server and an HTTP
 * receiver (webhook, ntfy), each on a free loopback port, keeping what they are sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** How the SMTP stand-in answers one message: accept, refuse with a code, or never answer */
export type SmtpAnswer = 'accept' | 'stall' | { code: number; text: string };

/**
 * A local SMTP server that counts connections, refuses the first `refuseFirst` messages (451),
 * and answers each later one as `answer` says
 */
export async function startSmtp({
  refuseFirst = 0,
  answer = () => 'accept',
}: { refuseFirst?: number; answer?: (message: string) => SmtpAnswer } = {}) {
  const received: string[] = [];
  let connections = 0;
  let refused = 0;
  let stalled = 0;
  /** Connections the client closed while their message waited for the final answer */
  let abandoned = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onClose(session) {
      if ((session as { stalling?: boolean }).stalling) abandoned++;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused++;
          callback(
            Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
          );
          return;
        }
        const message = Buffer.concat(chunks).toString('utf8');
        const decision = answer(message);
        if (decision === 'stall') {
          stalled++;
          (session as { stalling?: boolean }).stalling = true;
          return;
        }
        if (decision !== 'accept') {
          callback(Object.assign(new Error(decision.text), { responseCode: decision.code }));
          return;
        }
        received.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    stalled: () => stalled,
    abandoned: () => abandoned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface HttpHit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Bytes of the endless body a receiver streams for 'flood', before it stops on its own */
const FLOOD_LIMIT_BYTES = 1024 ** 3;

/**
 * A local HTTP receiver; `answer` picks each request's status, 'hang' to never answer, or
 * 'flood' to answer 200 with a body of up to 1 GB, written as fast as the client reads it
 */
export async function startReceiver(
  answer: (hit: HttpHit, index: number) => number | 'hang' | 'flood' = () => 200,
) {
  const hits: HttpHit[] = [];
  let floodBytes = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      const status = answer(hit, hits.length - 1);
      if (status === 'hang') return;
      if (status === 'flood') {
        const chunk = Buffer.alloc(64 * 1024, 'x');
        res.writeHead(200, { 'Content-Type': 'application/json' });
        const write = () => {
          while (floodBytes < FLOOD_LIMIT_BYTES && !res.destroyed) {
            floodBytes += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
        return;
      }
      const location = status >= 300 && status < 400 ? { Location: '/elsewhere' } : {};
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...location })
        .end(status < 300 ? '{}' : '{"error":"refused by the receiver"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    floodBytes: () => floodBytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The anti-malware test string: content filters refuse any message that carries it */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const carriesEicar = (text: string) => text.includes('EICAR-STANDARD');

/**
 * Stand-ins for all three of the owner's channels that refuse for good every message carrying
 * EICAR, each as such a service answers: the mail relay with 550, the webhook's receiver with a
 * redirect, ntfy with 400. `env` sets a server up to use them.
 */
export async function startFilteringChannels() {
  const smtp = await startSmtp({
    answer: (message) =>
      carriesEicar(message) ? { code: 550, text: '5.7.1 Message rejected: virus found' } : 'accept',
  });
  const webhook = await startReceiver((hit) => (carriesEicar(hit.body) ? 302 : 200));
  const ntfy = await startReceiver((hit) => (carriesEicar(hit.body) ? 400 : 200));
  return {
    smtp,
    webhook,
    ntfy,
    env: {
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: 'owner@example.com',
      LEADS_WEBHOOK_URL: `${webhook.origin}/hook`,
      LEADS_NTFY_URL: `${ntfy.origin}/harbour-leads`,
    },
    close: () => Promise.all([smtp.close(), webhook.close(), ntfy.close()]),
  };
}
