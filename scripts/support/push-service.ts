/**
 * A push service of the tests' and benchmarks' own, standing in for Google's, Mozilla's or
 * Apple's: a local HTTP server that keeps each push it is sent (its headers and encrypted body)
 * and answers each subscription's address with the status set for it. A subscription made here
 * holds its own P-256 keys and authentication secret, as a browser's does, so a push is read as
 * the device would read it: decrypted with http_ece (web-push's own dependency).
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface PushHit {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when it arrived */
  at: number;
  /** The message decrypted with its subscription's keys; null when it could not be */
  text: string | null;
}

export interface TestSubscription {
  /** As PushSubscription.toJSON() gives it, for POST /api/owner/push/devices */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  path: string;
  ecdh: ECDH;
  authSecret: Buffer;
}

export async function startPushService() {
  const hits: PushHit[] = [];
  const statuses = new Map<string, number>();
  const subscriptions = new Map<string, TestSubscription>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const at = performance.now();
      const hit = { path, headers: req.headers, body: Buffer.concat(chunks), at, text: null };
      const subscription = subscriptions.get(path);
      hits.push({ ...hit, text: subscription ? decryptedText(hit, subscription) : null });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hits,
    /** The pushes sent to one subscription */
    hitsFor: (subscription: TestSubscription) =>
      hits.filter((hit) => hit.path === subscription.path),
    /** How the service answers pushes to `subscription` from now on (201 by default) */
    answer(subscription: TestSubscription, status: number) {
      statuses.set(subscription.path, status);
    },
    /** A new subscription at this service, with keys of its own */
    subscribe(name: string): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${name}-${randomBytes(8).toString('hex')}`;
      const subscription: TestSubscription = {
        json: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ecdh.getPublicKey('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        path,
        ecdh,
        authSecret,
      };
      subscriptions.set(path, subscription);
      return subscription;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decryptedText(hit: Pick<PushHit, 'body'>, subscription: TestSubscription) {
  try {
    return decrypt(hit.body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.authSecret,
    }).toString('utf8');
  } catch {
    return null;
  }
}

/** A push's JSON, decrypted with the subscription's keys as the device does (throws when it cannot be) */
export function readPush(hit: PushHit, subscription: TestSubscription): unknown {
  const plain = decrypt(hit.body, {
    version: 'aes128gcm',
    privateKey: subscription.ecdh,
    authSecret: subscription.authSecret,
  });
  return JSON.parse(plain.toString('utf8'));
}
