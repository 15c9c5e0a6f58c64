/**
 * The server's VAPID keys, which sign every push and which every device's subscription is bound
 * to: made on the first start and kept in vapid-keys.json beside the lead database (mode 0600),
 * then read on every later start. The file is written whole under another name and linked into
 * place, so a crash never leaves half of it and a file already there is never replaced: new keys
 * would silently end every subscription, so a damaged file stops the server with the reason.
 *
 * The subject names who sends: Apple's push service refuses the placeholder addresses the site
 * ships with, so it is the business's real e-mail, else the site's https address.
 */
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { placeholderIdentity } from '../../config/placeholders.ts';
import { liveFacts } from '../support/live-facts.ts';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  /** Base64url of the uncompressed P-256 public key (65 bytes), as browsers take it */
  publicKey: string;
  /** Base64url of the 32-byte private key */
  privateKey: string;
}

/** Where the keys of the server whose lead database is `leadsDb` live */
export function vapidKeysPath(leadsDb: string): string {
  return join(dirname(leadsDb), VAPID_KEYS_FILE);
}

/** The keys' file holds no usable keys: the server must not start and silently make new ones */
export class DamagedVapidKeys extends Error {
  override name = 'DamagedVapidKeys';
}

const base64urlBytes = (text: unknown, bytes: number) =>
  typeof text === 'string' &&
  /^[\w-]+$/.test(text) &&
  Buffer.from(text, 'base64url').length === bytes;

/** The keys in a file's text, or why they are not usable */
export function parseVapidKeys(text: string): VapidKeys | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  const { publicKey, privateKey } = (json ?? {}) as Partial<Record<keyof VapidKeys, unknown>>;
  if (!base64urlBytes(publicKey, 65) || !String(publicKey).startsWith('B'))
    return 'its publicKey is not a P-256 public key';
  if (!base64urlBytes(privateKey, 32)) return 'its privateKey is not a P-256 private key';
  return { publicKey: String(publicKey), privateKey: String(privateKey) };
}

function writeNewKeys(path: string): VapidKeys {
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const descriptor = openSync(temporary, 'w', 0o600);
  try {
    writeSync(
      descriptor,
      `${JSON.stringify({ ...keys, createdAt: new Date().toISOString() }, null, 2)}\n`,
    );
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    // Fails with EEXIST rather than replace keys another process wrote meanwhile
    linkSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
  return keys;
}

/**
 * The keys at `path`, made when there is no file yet (`created`); throws DamagedVapidKeys, with
 * what to do, when the file holds no usable keys, and an Error when it cannot be read or written
 */
export function loadOrCreateVapidKeys(path: string): { keys: VapidKeys; created: boolean } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`The push keys in ${path} cannot be read`, { cause: error });
    try {
      return { keys: writeNewKeys(path), created: true };
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`The push keys could not be written to ${path}`, { cause: writeError });
      text = readFileSync(path, 'utf8');
    }
  }
  const keys = parseVapidKeys(text);
  if (typeof keys === 'string')
    throw new DamagedVapidKeys(
      `The push keys in ${path} are damaged (${keys}). Restore the file from a backup; ` +
        'only if there is none, delete it: the server then makes new keys, and each device must turn notifications on again.',
    );
  return { keys, created: false };
}

/**
 * Who the pushes are from: the business's e-mail once it is real, else the site's https address
 * once it is real; `forApple` is false when neither is (Apple's service refuses such a subject)
 */
export function vapidSubject(siteUrl: string): { subject: string; forApple: boolean } {
  const { email } = liveFacts();
  if (email !== placeholderIdentity.email) return { subject: `mailto:${email}`, forApple: true };
  const site = new URL(siteUrl);
  if (
    site.protocol === 'https:' &&
    site.origin !== placeholderIdentity.origin &&
    site.hostname !== 'localhost'
  )
    return { subject: site.origin, forApple: true };
  return { subject: `mailto:${email}`, forApple: false };
}
