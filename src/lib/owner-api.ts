/**
 * What the owner's page and the server say to each other, declared once: the paths under
 * /api/owner/ and the constants both use (./owner-api/constants.ts), the JSON of each answer
 * (./owner-api/responses.ts), and each request's body, whose zod schemas the server checks and
 * whose types the page sends (./owner-api/requests.ts). Only the constants are code: the rest is
 * exported as types, so importing this module brings no zod into the page's bundle.
 *
 * The server answers every path but the sign-in ceremonies with 401 when there is no session;
 * every change is a POST, PATCH or DELETE whose Origin must be the site's. The ceremonies'
 * options answer with the options themselves (PublicKeyCredential…OptionsJSON), as
 * @simplewebauthn/browser takes them.
 */
export * from './owner-api/constants.ts';
export type * from './owner-api/responses.ts';
export type {
  AddPasskeyRequest,
  InviteRequest,
  JobDraft,
  JobsOrderRequest,
  LeadChange,
  PushSubscriptionRequest,
  PushTestRequest,
} from './owner-api/requests.ts';
