/**
 * The owner API's constants, which the owner's page and the server both use at run time: the
 * paths under /api/owner/, the states a quote request moves through, the limits of what the
 * owner types, and the steps of a publish. Nothing here imports zod (./requests.ts), so the
 * owner's page bundles none of it.
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
  /** GET the live sessions (SessionsBody) */
  sessions: '/api/owner/sessions',
  /** DELETE signs another session out */
  otherSession: '/api/owner/sessions/:id',
  /** A step-up: POST {} gives authentication options bound to this session; POST a passkey's answer to them */
  stepUpOptions: '/api/owner/step-up/options',
  stepUp: '/api/owner/step-up',
  /** GET ?status=&q= (InboxBody) */
  leads: '/api/owner/leads',
  /** One lead: GET (LeadBody), PATCH LeadChange (OwnerLead), DELETE */
  lead: '/api/owner/leads/:id',
  /** POST NewNote: the answer is the OwnerLead as it now stands */
  leadNotes: '/api/owner/leads/:id/notes',
  /** GET one photo sent with the request (a JPEG, n from 1), as OwnerLead's `photos` lists them */
  leadPhoto: '/api/owner/leads/:id/photos/:n',
  /** GET the same photo small (a JPEG PHOTO_THUMBNAIL_EDGE on its long side), for the thumbnails */
  leadPhotoThumbnail: '/api/owner/leads/:id/photos/:n/small',
  leadsCsv: '/api/owner/leads.csv',
  /** GET ?days=7|30|90 */
  numbers: '/api/owner/numbers',
  /**
   * GET the list and recent sign-ins; POST adds one. Adding (its options too), renaming and
   * removing answer 403 with StepUpNeededBody unless the owner has confirmed with a passkey in
   * this session within the last 5 minutes.
   */
  passkeys: '/api/owner/passkeys',
  /** One passkey: PATCH its name, DELETE */
  passkey: '/api/owner/passkeys/:id',
  passkeyOptions: '/api/owner/passkeys/options',
  /** GET the site's state: publishing, unpublished changes, history (SiteBody) */
  site: '/api/owner/site',
  /** POST {}: builds and publishes the content as it is (202, or 409 while one runs) */
  publish: '/api/owner/site/publish',
  /** POST { commit }: takes one change of the history back out, and publishes */
  undo: '/api/owner/site/undo',
  /** POST {}: puts the content back as it was last published, after a step-up (DiscardBody) */
  discard: '/api/owner/site/discard',
  /** GET the push key, his devices and every channel's state (PushBody) */
  push: '/api/owner/push',
  /**
   * POST PushSubscriptionRequest: 200 { device } for a subscription stored already or one it
   * replaces; a new device needs a step-up (403 with StepUpNeededBody) and answers 201 { device }
   */
  pushDevices: '/api/owner/push/devices',
  /** DELETE one device */
  pushDevice: '/api/owner/push/devices/:id',
  /** POST { id }: a test push to that device, 200 { delivered: true } or 502 with the reason */
  pushTest: '/api/owner/push/test',
  /** GET his finished jobs, newest first, with the suburbs and kinds of job to choose from (JobsBody); POST a JobDraft adds one (201 JobSaved) */
  jobs: '/api/owner/jobs',
  /** One job: GET (JobBody), PUT a JobDraft changes it (200 JobSaved) */
  job: '/api/owner/jobs/:id',
  /** GET one of a job's photos, small (JPEG), or its drawing where it has no photo */
  jobPhoto: '/api/owner/jobs/:id/photos/:index',
  /** POST a photo's bytes (image/jpeg, png or webp): made safe and kept for a draft (201 PhotoUploaded) */
  jobUploads: '/api/owner/jobs/uploads',
  /** GET a photo uploaded for a draft (JPEG) */
  jobUpload: '/api/owner/jobs/uploads/:id',
  /** POST { ids }: the home page's jobs in the order it shows them (JobsBody) */
  jobsOrder: '/api/owner/jobs/order',
} as const;

/** Most photos one upload may be: a phone's camera roll photo, before the page shrinks it */
export const JOB_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Longest side of a photo as the page shrinks it before sending */
export const JOB_PHOTO_MAX_SIDE = 2400;

/** The devices that may take push notifications at once */
export const PUSH_DEVICES_MAX = 20;
/** A push service's address is a few hundred characters at most */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** A path of ownerPaths with its `:id` filled in */
export function withId(path: string, id: string | number): string {
  return path.replace(':id', encodeURIComponent(String(id)));
}

/** The address of photo `n` (from 1) of request `id`, or of its thumbnail */
export function leadPhotoPath(id: number, n: number, size: 'full' | 'small' = 'full'): string {
  const path = size === 'small' ? ownerPaths.leadPhotoThumbnail : ownerPaths.leadPhoto;
  return withId(path, id).replace(':n', String(n));
}

/** The owner's page open on one request, as every notification links to it: `${siteUrl}/owner#lead/ID` */
export function ownerLeadUrl(siteUrl: string, id: number): string {
  return `${siteUrl}${ownerPaths.page}#lead/${id}`;
}

/** Whether a path is the owner's page or under it (the Node server's alone) */
export function isOwnerPath(path: string): boolean {
  return path === ownerPaths.page || path.startsWith(`${ownerPaths.page}/`);
}

/** The prefix under which every owner API path lives */
export const OWNER_API_PREFIX = '/api/owner/';

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
