/**
 * What the server answers under /api/owner/: the JSON of each path (see ownerPaths), and of a
 * refusal. Types only: the owner's page imports them with `import type`.
 */
import type { ErrorBody } from '../api-errors.ts';
import type { QuoteRequestFields } from '../validation.ts';
import type { LeadStatus, PublishStepName } from './constants.ts';

/** An answer that is not what was asked: what went wrong, in words the owner can act on (the API's one error shape) */
export type { ErrorBody } from '../api-errors.ts';

/** A 403 for a change that needs the owner to confirm with his passkey first (a step-up): the page asks, then tries again */
export interface StepUpNeededBody extends ErrorBody {
  stepUp: true;
}

export type DeliveryState = 'sent' | 'pending' | 'sending' | 'failed';

/** The ways the owner is told of a request */
export type ChannelName = 'email' | 'webhook' | 'ntfy' | 'push';

export interface OwnerDelivery {
  channel: ChannelName;
  state: DeliveryState;
  /** Waiting past the hour the owner is promised */
  overdue: boolean;
  attempts: number;
  deliveredAt: string | null;
  lastError: string | null;
}

/**
 * The e-mail that told the customer the request arrived. None goes without the server's e-mail,
 * with his switch off, to an address told in the last 24 hours, or to an address that is not plain.
 */
export interface OwnerAcknowledgement {
  state: DeliveryState;
  deliveredAt: string | null;
}

export interface LeadNote {
  /** ISO 8601 */
  at: string;
  text: string;
}

export interface OwnerLead extends QuoteRequestFields {
  id: number;
  /** ISO 8601 */
  createdAt: string;
  status: LeadStatus;
  /** YYYY-MM-DD, or null */
  followUp: string | null;
  /** When the owner first opened it; null while unread */
  readAt: string | null;
  /** Oldest first */
  notes: LeadNote[];
  deliveries: OwnerDelivery[];
  /** The e-mail telling the customer it arrived; null when none was to go (see OwnerAcknowledgement) */
  acknowledgement: OwnerAcknowledgement | null;
  /** The photos sent with it, in the order sent (each a JPEG at most 2,048 px, behind his session) */
  photos: OwnerPhoto[];
  /** Photos the visitor sent that could not be kept (the server's disk was full) */
  photosNotKept: number;
}

export interface OwnerPhoto {
  /** GET: the photo (ownerPaths.leadPhoto) */
  url: string;
  /** GET: the photo small, for its thumbnail (ownerPaths.leadPhotoThumbnail) */
  thumbnailUrl: string;
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
  /**
   * Leads still open (not won, lost or spam) whose follow-up date is today or earlier in New
   * Zealand, the oldest date first, whatever ?status= and ?q= ask
   */
  followUpsDue: OwnerLead[];
  /** Today in New Zealand (YYYY-MM-DD), which the follow-up dates are read against */
  today: string;
}

/** GET /api/owner/leads/ID: one lead, as the inbox lists it */
export interface LeadBody {
  lead: OwnerLead;
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

export interface Figures {
  views: number;
  calls: number;
  emails: number;
  quotes: number;
  /** Calls, e-mails and quote requests together */
  contacts: number;
  /** contacts ÷ views, or null without views */
  contactShare: number | null;
}

export interface PageFigures extends Figures {
  path: string;
  /** The page's name as the site gives it (its menu label, or its service's or area's title) */
  title: string;
}

/** Where visits came from: search, maps, social, direct (no referring site), other sites */
export type VisitSourceKind = 'search' | 'maps' | 'social' | 'direct' | 'other';

export interface SourcesFigures {
  /** Visits that came from outside the site (a step from one page to another is none) */
  total: number;
  /** Every kind, the most visits first */
  kinds: Array<{ source: VisitSourceKind; visits: number }>;
  /** Other websites by host name, the most visits first (at most 20) */
  sites: Array<{ site: string; visits: number }>;
}

/** This month's quote requests (New Zealand time) by how far each has gone, from their statuses */
export interface FunnelFigures {
  period: Period;
  /** Spam set aside */
  requests: number;
  /** Contacted, quoted, won or lost */
  contacted: number;
  /** Quoted or won */
  quoted: number;
  won: number;
  /** won ÷ requests, or null without requests */
  wonShare: number | null;
}

export type VitalMetricName = 'LCP' | 'INP' | 'CLS' | 'TTFB';
export type SpeedRating = 'good' | 'needs-improvement' | 'poor';

export interface SpeedFigure {
  metric: VitalMetricName;
  readings: number;
  /** At most this for 3 of 4 visitors: ms, or CLS's score; null when above the last measured edge */
  p75: number | null;
  /** When p75 is null: the 75th percentile is above this */
  above: number | null;
  /** Google's "good" limit for the measure */
  good: number;
  rating: SpeedRating;
}

/** Real visitors' page speed over the period, for one kind of page */
export interface SpeedByKind {
  pageKind: string;
  label: string;
  metrics: SpeedFigure[];
}

export interface Period {
  from: string;
  to: string;
}

/** GET /api/owner/numbers?days= */
export interface NumbersBody {
  period: Period;
  previousPeriod: Period;
  /** Sorted by contacts, then views */
  pages: PageFigures[];
  totals: Figures;
  previousTotals: Figures;
  /** Per cent change on the previous period, or null when it had none */
  trend: { views: number | null; contacts: number | null };
  daily: Array<{ day: string; views: number; contacts: number }>;
  quotesByForm: Record<string, number>;
  sources: SourcesFigures;
  funnel: FunnelFigures;
  /** Kinds of page with readings, in the site's order */
  speed: SpeedByKind[];
}

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
  /** The site's pages where what went live shows, most likely first (paths such as '/projects'); empty on failure */
  pages: string[];
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

/** POST site/discard: the unpublished changes dropped, in words */
export interface DiscardBody {
  discarded: string[];
}

/** A refusal of POST publish or undo while another runs (409) */
export interface BusyBody extends ErrorBody {
  running: PublishProgress;
}

/** A device that takes push notifications */
export interface PushDevice {
  id: number;
  /** The browser and system it subscribed from, as the passkeys list shows one: "Safari on iPhone" */
  device: string;
  /** ISO 8601 */
  createdAt: string;
  lastDeliveredAt: string | null;
  /** The push service's last refusal or failure, in words; null when the last push arrived */
  lastError: string | null;
}

/** One of the server's channels and whether it works */
export interface ChannelStatus {
  name: ChannelName;
  /** "E-mail", "Webhook", "ntfy", "Push to your devices" */
  label: string;
  /** False while its circuit breaker is open or its last delivery failed */
  working: boolean;
}

/** GET /api/owner/push */
export interface PushBody {
  /** The server's VAPID public key, base64url, for PushManager.subscribe's applicationServerKey */
  publicKey: string;
  /** Newest first */
  devices: PushDevice[];
  /** Every channel the server has (push included once a device is subscribed) */
  channels: ChannelStatus[];
}

/** POST /api/owner/push/devices */
export interface PushDeviceBody {
  device: PushDevice;
}

/** POST /api/owner/push/test, when the push service took it */
export interface PushTestBody {
  delivered: true;
}

/** One of his finished jobs as the list shows it */
export interface JobSummary {
  /** Its file name, which names it to the API */
  id: string;
  title: string;
  suburb: string;
  /** The kind of job, as the site shows it on the card */
  category: string;
  featured: boolean;
  /** Where it comes on the site's lists, lowest first */
  order: number;
  photoCount: number;
  /** Its first photo (or drawing), small; null without either */
  thumbnail: string | null;
  focus: { x: number; y: number };
}

/** A kind of job as the site shows it, with what it covers */
export interface JobKind {
  value: string;
  hint: string;
}

/** GET jobs: his jobs, newest first, and what the form offers */
export interface JobsBody {
  jobs: JobSummary[];
  /** The suburbs of the site's area pages, to choose from */
  suburbs: string[];
  kinds: JobKind[];
  /** How many jobs the home page shows */
  homeCount: number;
  /** Most photos a job shows */
  maxPhotos: number;
  /** The words each field of the form is called by, from the projects' schema */
  labels: Record<'title' | 'suburb' | 'category' | 'description' | 'featured' | 'photos', string>;
}

/** GET jobs/ID: one job as its form edits it */
export interface JobBody extends JobSummary {
  description: string;
  /** Its photos, each by its place (which a draft keeps it by) with its description and small picture */
  photos: Array<{ index: number; alt: string; url: string }>;
}

/** POST jobs/uploads */
export interface PhotoUploaded {
  /** Names the photo in a JobDraft */
  upload: string;
  /** The photo as the server keeps it */
  url: string;
}

/** POST jobs, PUT jobs/ID */
export interface JobSaved {
  id: string;
}
