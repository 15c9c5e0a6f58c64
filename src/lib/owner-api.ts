/**
 * What the owner's page and the server say to each other: the paths under /api/owner/, the
 * shapes of their JSON, and the states a quote request moves through. The server answers every
 * path but the sign-in ceremonies with 401 when there is no session; every change is a POST,
 * PATCH or DELETE whose Origin must be the site's. The ceremonies' options answer with the
 * options themselves (PublicKeyCredential…OptionsJSON), as @simplewebauthn/browser takes them.
 */

/** New → Contacted → Quoted → Won or Lost; Spam sets one aside */
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** The periods the owner's numbers cover, in days */
export const NUMBERS_PERIODS = [7, 30, 90] as const;
export type NumbersPeriod = (typeof NUMBERS_PERIODS)[number];

export const NOTE_MAX_LENGTH = 2000;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const SEARCH_MAX_LENGTH = 100;

export const ownerPaths = {
  /** The owner's page (the app), and where an invite link points: /owner#invite=TOKEN */
  page: '/owner',
  manifest: '/owner.webmanifest',
  signInOptions: '/api/owner/sign-in/options',
  signIn: '/api/owner/sign-in',
  inviteOptions: '/api/owner/invite/options',
  invite: '/api/owner/invite',
  session: '/api/owner/session',
  signOut: '/api/owner/sign-out',
  /** POST {}: ends every session but this one */
  signOutOthers: '/api/owner/sign-out-others',
  /** GET the live sessions (SessionsBody); /api/owner/sessions/ID (DELETE) signs another one out */
  sessions: '/api/owner/sessions',
  /** A step-up: POST {} gives authentication options bound to this session; POST StepUpRequest answers them */
  stepUpOptions: '/api/owner/step-up/options',
  stepUp: '/api/owner/step-up',
  /** GET ?status=&q=; one lead: /api/owner/leads/ID (PATCH, DELETE), /api/owner/leads/ID/notes (POST) */
  leads: '/api/owner/leads',
  leadsCsv: '/api/owner/leads.csv',
  /** GET ?days=7|30|90 */
  numbers: '/api/owner/numbers',
  /**
   * GET the list and recent sign-ins; POST adds one; /api/owner/passkeys/ID (PATCH name, DELETE).
   * Adding (its options too) and removing answer 403 with StepUpNeededBody unless the owner has
   * confirmed with a passkey in this session within the last 5 minutes.
   */
  passkeys: '/api/owner/passkeys',
  passkeyOptions: '/api/owner/passkeys/options',
  /** GET the site's state: publishing, unpublished changes, history (SiteBody) */
  site: '/api/owner/site',
  /** POST {}: builds and publishes the content as it is (202, or 409 while one runs) */
  publish: '/api/owner/site/publish',
  /** POST UndoRequest: takes one change of the history back out, and publishes */
  undo: '/api/owner/site/undo',
} as const;

/** Whether a path is the owner's page or under it (the Node server's alone) */
export function isOwnerPath(path: string): boolean {
  return path === ownerPaths.page || path.startsWith(`${ownerPaths.page}/`);
}

/** The prefix under which every owner API path lives */
export const OWNER_API_PREFIX = '/api/owner/';

/** An answer that is not what was asked: what went wrong, in words the owner can act on */
export interface ErrorBody {
  error: string;
}

/** A 403 for a change that needs the owner to confirm with his passkey first (a step-up): the page asks, then tries again */
export interface StepUpNeededBody extends ErrorBody {
  stepUp: true;
}

/** POST /api/owner/step-up */
export interface StepUpRequest {
  /** AuthenticationResponseJSON from @simplewebauthn/browser */
  response: unknown;
}

export type DeliveryState = 'sent' | 'pending' | 'sending' | 'failed';

export interface OwnerDelivery {
  channel: 'email' | 'webhook' | 'ntfy';
  state: DeliveryState;
  /** Waiting past the hour the owner is promised */
  overdue: boolean;
  attempts: number;
  deliveredAt: string | null;
  lastError: string | null;
}

export interface LeadNote {
  /** ISO 8601 */
  at: string;
  text: string;
}

export interface OwnerLead {
  id: number;
  /** ISO 8601 */
  createdAt: string;
  formSource: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  service: string | null;
  message: string;
  /** Path of the page the form was on */
  page: string | null;
  status: LeadStatus;
  /** YYYY-MM-DD, or null */
  followUp: string | null;
  /** When the owner first opened it; null while unread */
  readAt: string | null;
  /** Oldest first */
  notes: LeadNote[];
  deliveries: OwnerDelivery[];
}

/** GET /api/owner/leads */
export interface InboxBody {
  /** Newest first, filtered by ?status= and ?q= */
  leads: OwnerLead[];
  /** Unread among all leads (not only those shown) */
  unread: number;
  /** How many leads each status has, among all */
  counts: Record<LeadStatus, number>;
  /** Leads with a delivery that failed or is overdue, newest first */
  undelivered: OwnerLead[];
}

/** GET /api/owner/leads/ID: one request as the inbox lists it (404 when there is none) */
export interface LeadBody {
  lead: OwnerLead;
}

/** PATCH /api/owner/leads/ID: any of these; the answer (as for a new note) is the OwnerLead as it now stands */
export interface LeadChange {
  status?: LeadStatus;
  followUp?: string | null;
  read?: true;
}

/** POST /api/owner/leads/ID/notes */
export interface NewNote {
  text: string;
}

/** GET /api/owner/session */
export interface SessionBody {
  passkeyName: string;
  signedInAt: string;
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The passkey this session signed in with */
  current: boolean;
}

export interface SignInRecord {
  at: string;
  /** Browser and system, from the User-Agent */
  device: string;
  passkeyName: string;
}

export interface SessionInfo {
  /** Names the session for signing it out; not its token */
  id: string;
  /** Browser and system, as the browser describes itself (its User-Agent): a hint, not a proof */
  device: string;
  passkeyName: string;
  /** ISO 8601 */
  startedAt: string;
  lastUsedAt: string;
  /** The session this request came with */
  current: boolean;
}

/** GET /api/owner/sessions */
export interface SessionsBody {
  /** Live sessions, newest first */
  sessions: SessionInfo[];
}

/** GET /api/owner/passkeys */
export interface PasskeysBody {
  passkeys: PasskeyInfo[];
  /** Newest first, the last 20 */
  signIns: SignInRecord[];
}

/** POST /api/owner/invite/options */
export interface InviteOptionsRequest {
  invite: string;
}

/** POST /api/owner/invite: enrols the first passkey (or a recovery one) and signs in */
export interface InviteRequest {
  invite: string;
  name: string;
  /** RegistrationResponseJSON from @simplewebauthn/browser */
  response: unknown;
}

/** POST /api/owner/passkeys: adds a passkey from inside */
export interface AddPasskeyRequest {
  name: string;
  response: unknown;
}

/** POST /api/owner/sign-in */
export interface SignInRequest {
  /** AuthenticationResponseJSON from @simplewebauthn/browser */
  response: unknown;
}

/** A passkey's name from the device it was made on, as the owner would call it */
export function defaultPasskeyName(userAgent: string): string {
  return `Passkey on ${describeDevice(userAgent)}`;
}

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
/** In this order: Edge and Samsung Internet also say Chrome, and Chrome also says Safari */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** "Safari on iPhone", "Chrome on Android", "Firefox on Windows"; "a browser" when unknown */
export function describeDevice(userAgent: string): string {
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'a browser';
}

/** A publish's steps, in order */
export const PUBLISH_STEPS = ['check', 'build', 'live', 'save'] as const;
export type PublishStepName = (typeof PUBLISH_STEPS)[number];

export const PUBLISH_STEP_LABELS: Readonly<Record<PublishStepName, string>> = {
  check: 'Checking the content',
  build: 'Building the site',
  live: 'Going live',
  save: 'Saving the change',
};

export interface PublishStep {
  name: PublishStepName;
  state: 'waiting' | 'running' | 'done' | 'failed';
  /** ISO 8601, once started */
  startedAt: string | null;
  /** How long it took, once finished */
  ms: number | null;
}

/** A publish (or an undo, which publishes) under way */
export interface PublishProgress {
  kind: 'publish' | 'undo';
  /** ISO 8601 */
  startedAt: string;
  /** What it publishes, in words: "Added project 'Switchboard upgrade in Howick'", "Undid: …" */
  message: string;
  steps: PublishStep[];
}

/** Whether the commits reached the copy at CONTENT_GIT_REMOTE: off when none is set */
export type BackupState = 'off' | 'sending' | 'sent' | 'failed';

/** How the last publish or undo ended */
export interface PublishResult {
  kind: 'publish' | 'undo';
  ok: boolean;
  /** ISO 8601 */
  at: string;
  /** On success what went live ("Live: Added project …"); on failure what went wrong, in words */
  message: string;
  /** What to fix, one sentence each: the entry and field */
  problems: string[];
  steps: PublishStep[];
  backup: BackupState;
  /** Why the copy could not be sent, when it failed */
  backupProblem: string | null;
}

/** One change in the site's history */
export interface SiteChange {
  /** The commit, 40 hex digits */
  commit: string;
  /** ISO 8601 */
  at: string;
  /** Its message's first line */
  message: string;
  /**
   * Made from the owner's page: by "Site owner", of his content alone. Any other (the developer's,
   * or one that also changed the site's code) is shown as a site update and is never undone there
   */
  byOwner: boolean;
  /** The owner's own change, which Undo can take back out */
  canUndo: boolean;
  /** Taken back out by a later Undo */
  undone: boolean;
}

/** GET /api/owner/site */
export interface SiteBody {
  running: PublishProgress | null;
  last: PublishResult | null;
  /** Changes saved in the editor but not yet published, in words */
  pending: string[];
  /** Newest first */
  history: SiteChange[];
}

/** POST /api/owner/site/undo */
export interface UndoRequest {
  commit: string;
}

/** A refusal of POST publish or undo while another runs (409) */
export interface BusyBody extends ErrorBody {
  running: PublishProgress;
}
