/**
 * What the owner's page sends under /api/owner/: each JSON body as a zod schema, which the server
 * checks every request against, and its type inferred from it, which the page sends. The page
 * imports the types alone (`import type`, through ../owner-api.ts), so zod never reaches its
 * bundle. A ceremony's `response` is @simplewebauthn/browser's JSON, checked in full by
 * @simplewebauthn/server.
 */
import { z } from 'zod';
import { oneLine, withoutControls } from '../plain-text.ts';
import {
  LEAD_STATUSES,
  NOTE_MAX_LENGTH,
  PASSKEY_NAME_MAX_LENGTH,
  PUSH_ENDPOINT_MAX_LENGTH,
} from './constants.ts';

/** A passkey's answer to a ceremony: its fields beyond these are @simplewebauthn/server's to check */
interface CredentialJson {
  id: string;
  response: object;
}
/** A passkey's answer to a ceremony (RegistrationResponseJSON or AuthenticationResponseJSON), typed so either fits */
const credentialResponse: z.ZodType<CredentialJson, CredentialJson> = z.looseObject({
  id: z.string().min(1).max(1400),
  response: z.looseObject({}),
});
const inviteToken = z.string().regex(/^[\w-]{43}$/, 'not an invite link this server made');
/** One line without control or bidi characters, as every list and alert shows it */
const passkeyName = z
  .string()
  .transform((name) => oneLine(withoutControls(name)).trim())
  .pipe(z.string().min(1, 'Give the passkey a name').max(PASSKEY_NAME_MAX_LENGTH));
/** A push service's address as a browser's subscription gives it: an http(s) URL without credentials */
const pushEndpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .refine((endpoint) => {
    if (!URL.canParse(endpoint)) return false;
    const url = new URL(endpoint);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    );
  }, 'not a push service’s https address');
/** Base64url (padding allowed) of exactly `bytes` bytes */
const base64urlOf = (bytes: number, what: string) => {
  const characters = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${characters}}={0,2}$`), `not ${what}`)
    .transform((text) => text.slice(0, characters));
};
const pushSubscription = z.strictObject({
  endpoint: pushEndpoint,
  // PushSubscription.toJSON() gives it too; the server does not use it
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point: 0x04, then 64 bytes
    p256dh: base64urlOf(65, 'a P-256 public key').refine(
      (key) => /^B[A-P]/.test(key),
      'not an uncompressed P-256 public key',
    ),
    auth: base64urlOf(16, 'a 16-byte authentication secret'),
  }),
});
const followUpDate = z.iso
  .date()
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', 'not a date this century')
  .nullable();

export const ownerRequests = {
  /** POST sign-in and step-up: a sign-in's or a step-up's answer */
  passkeyAnswer: z.strictObject({ response: credentialResponse }),
  /** POST invite/options */
  inviteOptions: z.strictObject({ invite: inviteToken }),
  /** POST invite: enrols the first passkey (or a recovery one) and signs in */
  invite: z.strictObject({ invite: inviteToken, name: passkeyName, response: credentialResponse }),
  /** POST passkeys: adds a passkey from inside */
  addPasskey: z.strictObject({ name: passkeyName, response: credentialResponse }),
  /** PATCH passkeys/ID */
  rename: z.strictObject({ name: passkeyName }),
  /** PATCH leads/ID: any of these */
  leadChange: z
    .strictObject({
      status: z.enum(LEAD_STATUSES).optional(),
      followUp: followUpDate.optional(),
      read: z.literal(true).optional(),
    })
    .refine((change) => Object.keys(change).length > 0, 'Say what to change'),
  /** POST leads/ID/notes */
  note: z.strictObject({
    text: z
      .string()
      .transform((text) => withoutControls(text, { keepLineBreaks: true }).trim())
      .pipe(z.string().min(1, 'Write the note first').max(NOTE_MAX_LENGTH)),
  }),
  /** POST site/undo: one change of the history the owner's page lists */
  undo: z.strictObject({
    commit: z.string().regex(/^[0-9a-f]{40}$/, 'not a change of the site’s history'),
  }),
  /** POST push/devices: a browser's push subscription, and the one it takes over from (a rotated endpoint) */
  pushSubscription: z.strictObject({
    subscription: pushSubscription,
    replaces: pushEndpoint.optional(),
  }),
  /** POST push/test */
  pushTest: z.strictObject({ id: z.number().int().positive() }),
  /**
   * POST jobs, PUT jobs/ID: a finished job as the owner's form has it. Only its shape is checked
   * here; the server holds it to the projects' own schema, and names a field by its label
   */
  jobDraft: z.strictObject({
    title: z.string().max(500),
    suburb: z.string().max(200),
    category: z.string().max(100),
    description: z.string().max(5000),
    featured: z.boolean(),
    focus: z.strictObject({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
    photos: z
      .array(
        z.union([
          z.strictObject({ upload: z.string().regex(/^[\w-]{22}$/), alt: z.string().max(1000) }),
          z.strictObject({ kept: z.number().int().min(0).max(50), alt: z.string().max(1000) }),
        ]),
      )
      .max(20),
  }),
  /** POST jobs/order: the jobs shown on the home page, first to last */
  jobsOrder: z.strictObject({ ids: z.array(z.string().regex(/^[a-z0-9-]{1,200}$/)).max(200) }),
  /** POST site/publish, sign-in/options and the like: an empty object */
  nothing: z.strictObject({}),
};

export type InviteRequest = z.input<typeof ownerRequests.invite>;
export type AddPasskeyRequest = z.input<typeof ownerRequests.addPasskey>;
export type LeadChange = z.input<typeof ownerRequests.leadChange>;
export type PushSubscriptionRequest = z.input<typeof ownerRequests.pushSubscription>;
export type PushTestRequest = z.input<typeof ownerRequests.pushTest>;
export type JobDraft = z.input<typeof ownerRequests.jobDraft>;
export type JobsOrderRequest = z.input<typeof ownerRequests.jobsOrder>;
