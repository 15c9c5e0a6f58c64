/**
 * A passkey authenticator in software, for tests that sign in from outside a browser: it makes
 * an ES256 key pair per credential and answers the WebAuthn ceremonies' options as a phone
 * would (user present and verified, "none" attestation, a discoverable credential), with the
 * origin it is told it runs on. Each answer can be spoiled on purpose to see it refused.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const base64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface Spoil {
  /** The origin written into clientDataJSON (default: the authenticator's) */
  origin?: string;
  /** Leave the user-verified flag off (a tap without the phone's lock) */
  unverified?: boolean;
  /** A challenge other than the one given */
  challenge?: string;
}

export function createSoftAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const credentials = new Map<string, Credential>();

  function authenticatorData(flags: number, signCount: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  function clientData(type: string, challenge: string, spoil: Spoil): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: spoil.challenge ?? challenge,
        origin: spoil.origin ?? origin,
        crossOrigin: false,
      }),
    );
  }

  return {
    /** The answer to registration options (what @simplewebauthn/browser's startRegistration returns) */
    register(options: CeremonyOptions, spoil: Spoil = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const id = randomBytes(16);
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        id,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const flags =
        FLAG_USER_PRESENT | FLAG_ATTESTED_CREDENTIAL | (spoil.unverified ? 0 : FLAG_USER_VERIFIED);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(flags, 0, attested)],
        ]) as never,
      );
      credentials.set(base64url(id), {
        id,
        privateKey,
        userHandle: options.user?.id ?? '',
        signCount: 0,
      });
      return {
        id: base64url(id),
        rawId: base64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge, spoil)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer to authentication options with the credential `id` (the newest one by default) */
    authenticate(options: CeremonyOptions, spoil: Spoil & { id?: string } = {}) {
      const credential = credentials.get(spoil.id ?? [...credentials.keys()].at(-1)!);
      if (!credential) throw new Error('No credential to sign in with');
      credential.signCount += 1;
      const flags = FLAG_USER_PRESENT | (spoil.unverified ? 0 : FLAG_USER_VERIFIED);
      const data = authenticatorData(flags, credential.signCount);
      const client = clientData('webauthn.get', options.challenge, spoil);
      const signature = sign(
        'sha256',
        Buffer.concat([data, sha256(client)]),
        credential.privateKey,
      );
      return {
        id: base64url(credential.id),
        rawId: base64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
