/**
 * A stand-in for the owner API (src/lib/owner-api.ts) inside the browser, through Playwright's
 * `page.route()`: fixtures typed by the contract, answers as the server gives them, and a record
 * of every call the page made. A call it does not know is answered 404 and recorded as unknown,
 * so a test can require that the page made none.
 */
import type { Page, Request } from '@playwright/test';
import {
  describeDevice,
  LEAD_STATUSES,
  ownerPaths,
  PUBLISH_STEPS,
  type PublishProgress,
  type PublishStep,
  type InboxBody,
  type LeadBody,
  type LeadChange,
  type LeadStatus,
  type NumbersBody,
  type OwnerLead,
  type PasskeyInfo,
  type PasskeysBody,
  type PushBody,
  type PushDevice,
  type SessionBody,
  type SessionInfo,
  type SignInRecord,
  type SiteBody,
  type StepUpNeededBody,
  type DiscardBody,
} from '../../src/lib/owner-api.ts';
import { testimonialsPath } from '../../src/config/routes.ts';
import { nzCalendarDay } from '../../src/owner/time.ts';
import { areaPages, mainNav } from '../../src/config/routes.ts';

const MINUTE = 60_000;
const ago = (minutes: number, now = Date.now()) => new Date(now - minutes * MINUTE).toISOString();

export function sampleLead(
  overrides: Partial<OwnerLead> & Pick<OwnerLead, 'id' | 'name'>,
): OwnerLead {
  return {
    createdAt: ago(30),
    formSource: 'quote',
    email: `${overrides.name.split(' ')[0]!.toLowerCase()}@example.net`,
    phone: '021 555 0101',
    address: '12 Cook Street, Howick',
    service: 'Switchboard upgrade',
    message: 'Our old fuse board keeps tripping when the heat pump runs.',
    page: '/services/switchboard-upgrades',
    status: 'new',
    followUp: null,
    readAt: null,
    notes: [],
    photos: [],
    photosNotKept: 0,
    acknowledgement: { state: 'sent', deliveredAt: ago(29) },
    deliveries: [
      {
        channel: 'email',
        state: 'sent',
        overdue: false,
        attempts: 1,
        deliveredAt: ago(29),
        lastError: null,
      },
      {
        channel: 'ntfy',
        state: 'sent',
        overdue: false,
        attempts: 1,
        deliveredAt: ago(29),
        lastError: null,
      },
    ],
    ...overrides,
  };
}

/** Four requests, newest first by createdAt: two unread, one whose push failed */
export function sampleLeads(now = Date.now()): OwnerLead[] {
  return [
    sampleLead({
      id: 41,
      name: 'Aroha Ngata',
      createdAt: ago(12, now),
      service: 'Heat pump wiring',
      address: '5 Pigeon Mountain Road, Half Moon Bay',
    }),
    sampleLead({
      id: 40,
      name: 'Ben Carter',
      createdAt: ago(95, now),
      phone: null,
      address: 'Botany Downs',
      service: 'LED downlights',
      deliveries: [
        {
          channel: 'email',
          state: 'sent',
          overdue: false,
          attempts: 1,
          deliveredAt: ago(94, now),
          lastError: null,
        },
        {
          channel: 'ntfy',
          state: 'failed',
          overdue: false,
          attempts: 3,
          deliveredAt: null,
          lastError: '403 Forbidden: topic is protected',
        },
      ],
    }),
    sampleLead({
      id: 39,
      name: 'Mei Lin',
      createdAt: ago(60 * 26, now),
      status: 'quoted',
      readAt: ago(60 * 25, now),
      // Next week: nothing is due to call back in the sample inbox
      followUp: nzCalendarDay(new Date(now + 7 * 24 * 60 * MINUTE)),
      address: null,
      service: null,
      message: 'Can you mount a TV and hide the cables?\nEvenings suit best.',
      notes: [
        { at: ago(60 * 24, now), text: 'Quoted $380 incl. GST, she will confirm by Friday.' },
      ],
    }),
    sampleLead({
      id: 38,
      name: 'Tom Riley',
      createdAt: ago(60 * 24 * 9, now),
      status: 'won',
      readAt: ago(60 * 24 * 9, now),
      formSource: 'hero',
    }),
  ];
}

export function samplePasskeys(now = Date.now()): PasskeysBody {
  const passkeys: PasskeyInfo[] = [
    {
      id: 'pk-phone',
      name: 'Passkey on Safari on iPhone',
      createdAt: ago(60 * 24 * 30, now),
      lastUsedAt: ago(5, now),
      current: true,
    },
    {
      id: 'pk-laptop',
      name: 'Office laptop',
      createdAt: ago(60 * 24 * 12, now),
      lastUsedAt: ago(60 * 24 * 2, now),
      current: false,
    },
    {
      id: 'pk-key',
      name: 'Backup key in the van',
      createdAt: ago(60 * 24 * 12, now),
      lastUsedAt: null,
      current: false,
    },
  ];
  const signIns: SignInRecord[] = [
    { at: ago(5, now), device: 'Safari on iPhone', passkeyName: 'Passkey on Safari on iPhone' },
    { at: ago(60 * 24 * 2, now), device: 'Chrome on Windows', passkeyName: 'Office laptop' },
    {
      at: ago(60 * 24 * 6, now),
      device: 'Safari on iPhone',
      passkeyName: 'Passkey on Safari on iPhone',
    },
  ];
  return { passkeys, signIns };
}

/** Signed in on this phone, on the office laptop, and on a browser that says it is Firefox on Linux */
export function sampleSessions(now = Date.now()): SessionInfo[] {
  return [
    {
      id: 's-phone',
      device: 'Safari on iPhone',
      passkeyName: 'Passkey on Safari on iPhone',
      startedAt: ago(5, now),
      lastUsedAt: ago(0, now),
      current: true,
    },
    {
      id: 's-laptop',
      device: 'Chrome on Windows',
      passkeyName: 'Office laptop',
      startedAt: ago(60 * 3, now),
      lastUsedAt: ago(40, now),
      current: false,
    },
    {
      id: 's-linux',
      device: 'Firefox on Linux',
      passkeyName: 'Office laptop',
      startedAt: ago(60 * 5, now),
      lastUsedAt: ago(60 * 2, now),
      current: false,
    },
  ];
}

/** The steps of a publish with the first `done` finished and the next one under way for `seconds` */
export function publishSteps(done: number, seconds = 4, now = Date.now()): PublishStep[] {
  return PUBLISH_STEPS.map((name, index) => ({
    name,
    state: index < done ? 'done' : index === done ? 'running' : 'waiting',
    startedAt:
      index <= done ? new Date(now - (index === done ? seconds : 20) * 1000).toISOString() : null,
    ms: index < done ? 6000 + index * 1000 : null,
  }));
}

/** Two edits waiting, a publish that went live, and a history of three owner's changes and one of the developer's */
export function sampleSite(now = Date.now()): SiteBody {
  const commit = (digit: string) => digit.repeat(40);
  return {
    running: null,
    last: {
      kind: 'publish',
      ok: true,
      at: ago(60 * 3, now),
      message: 'Live: Changed review by Margaret',
      problems: [],
      pages: [testimonialsPath],
      steps: publishSteps(PUBLISH_STEPS.length, 0, now),
      backup: 'sent',
      backupProblem: null,
    },
    pending: [
      "Added project 'Heat pump wiring in Botany'",
      'Changed the business details (closure, hours)',
    ],
    history: [
      {
        commit: commit('a'),
        at: ago(60 * 3, now),
        message: 'Changed review by Margaret',
        byOwner: true,
        canUndo: true,
        undone: false,
      },
      {
        commit: commit('b'),
        at: ago(60 * 24 * 2, now),
        message: "Added project 'LED downlights in a Pakuranga lounge'",
        byOwner: true,
        canUndo: true,
        undone: false,
      },
      {
        commit: commit('c'),
        at: ago(60 * 24 * 9, now),
        message: 'The quote form asks for the suburb',
        byOwner: false,
        canUndo: false,
        undone: false,
      },
      {
        commit: commit('d'),
        at: ago(60 * 24 * 12, now),
        message: "Removed project 'Gate repair in Farm Cove'",
        byOwner: true,
        canUndo: false,
        undone: true,
      },
    ],
  };
}

function nzDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A report of `days` days with a weekly rhythm, shaped as the owner API's NumbersBody */
export function sampleReport(days: number, now = new Date()): NumbersBody {
  const to = nzDay(now);
  const from = addDays(to, -(days - 1));
  const daily = Array.from({ length: days }, (_, index) => {
    const views = 20 + ((index * 7) % 23) + (index % 7 === 5 ? 30 : 0);
    return {
      day: addDays(from, index),
      views,
      contacts: index % 4 === 0 ? 2 : index % 3 === 0 ? 1 : 0,
    };
  });
  const views = daily.reduce((sum, day) => sum + day.views, 0);
  const calls = Math.round(days * 0.6);
  const emails = Math.round(days * 0.2);
  const quotes = Math.round(days * 0.3);
  const share = (contacts: number, seen: number) => (seen > 0 ? contacts / seen : null);
  const titles = new Map([...mainNav, ...areaPages].map(({ href, label }) => [href, label]));
  const page = (
    path: string,
    pageViews: number,
    pageCalls: number,
    pageEmails: number,
    pageQuotes: number,
  ) => ({
    path,
    title: titles.get(path) ?? 'Switchboard Upgrades',
    views: pageViews,
    calls: pageCalls,
    emails: pageEmails,
    quotes: pageQuotes,
    contacts: pageCalls + pageEmails + pageQuotes,
    contactShare: share(pageCalls + pageEmails + pageQuotes, pageViews),
  });
  return {
    period: { from, to },
    previousPeriod: { from: addDays(from, -days), to: addDays(from, -1) },
    pages: [
      page('/', Math.round(views * 0.4), Math.round(calls * 0.5), emails, Math.round(quotes * 0.5)),
      page('/quote', Math.round(views * 0.1), 0, 0, quotes - Math.round(quotes * 0.5)),
      page(
        '/services/switchboard-upgrades',
        Math.round(views * 0.2),
        calls - Math.round(calls * 0.5),
        0,
        0,
      ),
      page('/areas/electrician-howick', Math.round(views * 0.3), 0, 0, 0),
    ],
    totals: {
      views,
      calls,
      emails,
      quotes,
      contacts: calls + emails + quotes,
      contactShare: share(calls + emails + quotes, views),
    },
    previousTotals: {
      views: Math.round(views * 0.9),
      calls: calls - 1,
      emails,
      quotes: quotes + 1,
      contacts: calls + emails + quotes,
      contactShare: 0.02,
    },
    trend: { views: 11, contacts: days === 90 ? null : -4 },
    daily,
    quotesByForm: { quote: quotes - 1, hero: 1 },
    sources: {
      total: Math.round(views * 0.7),
      kinds: [
        { source: 'search', visits: Math.round(views * 0.4) },
        { source: 'direct', visits: Math.round(views * 0.15) },
        { source: 'maps', visits: Math.round(views * 0.08) },
        { source: 'social', visits: Math.round(views * 0.05) },
        { source: 'other', visits: Math.round(views * 0.02) },
      ],
      sites: [
        { site: 'nocowboys.co.nz', visits: Math.round(views * 0.015) },
        { site: 'builderscrack.co.nz', visits: Math.round(views * 0.005) },
      ],
    },
    funnel: {
      period: { from: `${to.slice(0, 8)}01`, to },
      requests: 12,
      contacted: 10,
      quoted: 6,
      won: 4,
      wonShare: 4 / 12,
    },
    speed: [
      {
        pageKind: 'home',
        label: 'Home page',
        metrics: [
          { metric: 'LCP', readings: 48, p75: 900, above: null, good: 2500, rating: 'good' },
          { metric: 'INP', readings: 31, p75: 100, above: null, good: 200, rating: 'good' },
          { metric: 'CLS', readings: 48, p75: 0.01, above: null, good: 0.1, rating: 'good' },
          { metric: 'TTFB', readings: 48, p75: 300, above: null, good: 800, rating: 'good' },
        ],
      },
      {
        pageKind: 'quote',
        label: 'Quote page',
        metrics: [
          {
            metric: 'LCP',
            readings: 9,
            p75: 3000,
            above: null,
            good: 2500,
            rating: 'needs-improvement',
          },
          { metric: 'TTFB', readings: 9, p75: 400, above: null, good: 800, rating: 'good' },
        ],
      },
    ],
  };
}

/** A VAPID public key as the server gives it (base64url, 65 bytes) */
export const samplePublicKey =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** E-mail working and ntfy failing, as the sample requests' deliveries show them */
export function samplePush(devices: PushDevice[] = []): PushBody {
  return {
    publicKey: samplePublicKey,
    devices,
    channels: [
      { name: 'email', label: 'E-mail', working: true },
      { name: 'ntfy', label: 'ntfy', working: false },
      ...(devices.length > 0
        ? [{ name: 'push' as const, label: 'Push to your devices', working: true }]
        : []),
    ],
  };
}

/** An iPad that last had a push yesterday and a laptop whose last push the service refused */
export function samplePushDevices(now = Date.now()): PushDevice[] {
  return [
    {
      id: 7,
      device: 'Safari on iPad',
      createdAt: ago(60 * 24 * 10, now),
      lastDeliveredAt: ago(60 * 20, now),
      lastError: null,
    },
    {
      id: 6,
      device: 'Chrome on Windows',
      createdAt: ago(60 * 24 * 20, now),
      lastDeliveredAt: ago(60 * 24 * 3, now),
      lastError: 'The push service refused it (410 Gone)',
    },
  ];
}

export interface OwnerCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export interface MockOptions {
  signedIn?: boolean;
  leads?: OwnerLead[];
  passkeys?: PasskeysBody;
  sessions?: SessionInfo[];
  /** Whether he confirmed with his passkey lately (a step-up); without it, adding or removing a passkey answers 403 */
  steppedUp?: boolean;
  site?: SiteBody;
  /** What GET /api/owner/push answers at first; devices are added and removed as the page asks */
  push?: PushBody;
  /** Answers to give instead, by "METHOD path" (path without the query) */
  override?: Record<string, { status: number; json?: unknown }>;
}

export interface OwnerApiMock {
  calls: OwnerCall[];
  unknown: string[];
  leads: OwnerLead[];
  passkeys: PasskeysBody;
  sessions: SessionInfo[];
  steppedUp: boolean;
  /** What GET /api/owner/site answers; a publish or undo the page starts is put in `running` */
  site: SiteBody;
  push: PushBody;
  /** Each stored subscription's endpoint, by device id */
  pushEndpoints: Map<number, string>;
  signedIn: boolean;
  callsTo(method: string, path: string): OwnerCall[];
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

function inboxBody(
  leads: readonly OwnerLead[],
  status: string | null,
  q: string | null,
): InboxBody {
  const newestFirst = [...leads].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const query = q?.trim().toLowerCase() ?? '';
  const shown = newestFirst
    .filter((lead) => !status || lead.status === status)
    .filter(
      (lead) =>
        !query ||
        [lead.name, lead.phone, lead.email, lead.address].some((field) =>
          field?.toLowerCase().includes(query),
        ),
    );
  const today = nzCalendarDay(new Date());
  const counts = Object.fromEntries(
    LEAD_STATUSES.map((each) => [each, leads.filter((lead) => lead.status === each).length]),
  ) as Record<LeadStatus, number>;
  return {
    leads: shown,
    unread: leads.filter((lead) => lead.readAt === null).length,
    counts,
    undelivered: newestFirst.filter((lead) =>
      lead.deliveries.some((delivery) => delivery.state === 'failed' || delivery.overdue),
    ),
    followUpsDue: leads
      .filter(
        (lead) =>
          lead.followUp !== null &&
          lead.followUp <= today &&
          !['won', 'lost', 'spam'].includes(lead.status),
      )
      .sort((a, b) => a.followUp!.localeCompare(b.followUp!) || a.id - b.id),
    today,
  };
}

function bodyOf(request: Request): unknown {
  const text = request.postData();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Answers every /api/owner/ call of `page` from the fixtures; the page's changes change them */
export async function mockOwnerApi(page: Page, options: MockOptions = {}): Promise<OwnerApiMock> {
  const mock: OwnerApiMock = {
    calls: [],
    unknown: [],
    leads: options.leads ?? sampleLeads(),
    passkeys: options.passkeys ?? samplePasskeys(),
    sessions: options.sessions ?? sampleSessions(),
    steppedUp: options.steppedUp ?? true,
    site: options.site ?? sampleSite(),
    push: options.push ?? samplePush(),
    pushEndpoints: new Map(),
    signedIn: options.signedIn ?? true,
    callsTo: (method, path) =>
      mock.calls.filter((call) => call.method === method && call.path === path),
  };
  const session: SessionBody = { passkeyName: 'Passkey on Safari on iPhone', signedInAt: ago(5) };

  await page.route('**/api/owner/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const path = url.pathname;
    const body = bodyOf(request);
    mock.calls.push({ method, path, search: url.searchParams, body });
    const overridden = options.override?.[`${method} ${path}`];
    if (overridden)
      return route.fulfill(
        json(overridden.status, overridden.json ?? { errors: [{ message: 'Refused' }] }),
      );

    const signInPaths: string[] = [
      ownerPaths.signInOptions,
      ownerPaths.signIn,
      ownerPaths.inviteOptions,
      ownerPaths.invite,
    ];
    if (!mock.signedIn && !signInPaths.includes(path))
      return route.fulfill(json(401, { errors: [{ message: 'Sign in first.' }] }));

    const leadMatch = /^\/api\/owner\/leads\/(\d+)(\/notes)?$/.exec(path);
    const passkeyMatch = /^\/api\/owner\/passkeys\/([^/]+)$/.exec(path);
    const sessionMatch = /^\/api\/owner\/sessions\/([^/]+)$/.exec(path);
    const lead = leadMatch
      ? mock.leads.find((each) => each.id === Number(leadMatch[1]))
      : undefined;

    if (method === 'GET' && path === ownerPaths.session) return route.fulfill(json(200, session));
    if (method === 'POST' && path === ownerPaths.signOut) {
      mock.signedIn = false;
      return route.fulfill({ status: 204 });
    }
    if (method === 'GET' && path === ownerPaths.leads) {
      return route.fulfill(
        json(200, inboxBody(mock.leads, url.searchParams.get('status'), url.searchParams.get('q'))),
      );
    }
    if (method === 'GET' && path === ownerPaths.leadsCsv) {
      return route.fulfill({
        status: 200,
        contentType: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': 'attachment; filename="leads.csv"' },
        body: 'id,name\n41,Aroha Ngata\n',
      });
    }
    if (leadMatch && !lead)
      return route.fulfill(json(404, { errors: [{ message: 'No such request.' }] }));
    if (lead && method === 'GET' && !leadMatch![2])
      return route.fulfill(json(200, { lead } satisfies LeadBody));
    if (lead && method === 'PATCH' && !leadMatch![2]) {
      const change = body as LeadChange;
      if (change.status) lead.status = change.status;
      if (change.followUp !== undefined) lead.followUp = change.followUp;
      if (change.read && lead.readAt === null) lead.readAt = new Date().toISOString();
      return route.fulfill(json(200, lead));
    }
    if (lead && method === 'POST' && leadMatch![2]) {
      lead.notes.push({ at: new Date().toISOString(), text: (body as { text: string }).text });
      return route.fulfill(json(201, lead));
    }
    if (lead && method === 'DELETE') {
      mock.leads = mock.leads.filter((each) => each !== lead);
      return route.fulfill({ status: 204 });
    }
    if (method === 'GET' && path === ownerPaths.numbers) {
      const days = Number(url.searchParams.get('days'));
      if (![7, 30, 90].includes(days))
        return route.fulfill(json(400, { errors: [{ message: 'days must be 7, 30 or 90.' }] }));
      return route.fulfill(json(200, sampleReport(days)));
    }
    if (method === 'GET' && path === ownerPaths.passkeys)
      return route.fulfill(json(200, mock.passkeys));
    const changesPasskeys =
      (passkeyMatch && method === 'DELETE') ||
      (method === 'POST' && path === ownerPaths.passkeyOptions);
    if (changesPasskeys && !mock.steppedUp) {
      return route.fulfill(
        json(403, {
          errors: [{ message: 'Confirm it’s you with your passkey first.' }],
          stepUp: true,
        } satisfies StepUpNeededBody),
      );
    }
    if (method === 'POST' && path === ownerPaths.stepUpOptions) {
      return route.fulfill(
        json(200, {
          challenge: 'c3RlcC11cC1mb3ItdGVzdHM',
          rpId: '127.0.0.1',
          userVerification: 'required',
          timeout: 60_000,
        }),
      );
    }
    if (method === 'GET' && path === ownerPaths.sessions)
      return route.fulfill(json(200, { sessions: mock.sessions }));
    if (sessionMatch && method === 'DELETE') {
      mock.sessions = mock.sessions.filter(
        (each) => each.id !== decodeURIComponent(sessionMatch[1]!),
      );
      return route.fulfill({ status: 204 });
    }
    if (method === 'POST' && path === ownerPaths.signOutOthers) {
      mock.sessions = mock.sessions.filter((each) => each.current);
      return route.fulfill({ status: 204 });
    }
    if (passkeyMatch && method === 'PATCH') {
      const passkey = mock.passkeys.passkeys.find(
        (each) => each.id === decodeURIComponent(passkeyMatch[1]!),
      );
      if (!passkey) return route.fulfill(json(404, { errors: [{ message: 'No such passkey.' }] }));
      passkey.name = (body as { name: string }).name;
      return route.fulfill(json(200, passkey));
    }
    if (passkeyMatch && method === 'DELETE') {
      if (mock.passkeys.passkeys.length === 1) {
        return route.fulfill(
          json(409, {
            errors: [{ message: 'This is your only passkey. Add another before you remove it.' }],
          }),
        );
      }
      mock.passkeys.passkeys = mock.passkeys.passkeys.filter(
        (each) => each.id !== decodeURIComponent(passkeyMatch[1]!),
      );
      return route.fulfill({ status: 204 });
    }
    if (method === 'GET' && path === ownerPaths.site) return route.fulfill(json(200, mock.site));
    if (method === 'POST' && (path === ownerPaths.publish || path === ownerPaths.undo)) {
      if (mock.site.running)
        return route.fulfill(
          json(409, {
            errors: [{ message: 'The site is being published. Wait for it to finish.' }],
            running: mock.site.running,
          }),
        );
      const undone =
        path === ownerPaths.undo
          ? mock.site.history.find(
              (change) => change.commit === (body as { commit?: string }).commit,
            )
          : undefined;
      if (path === ownerPaths.undo && !undone?.canUndo)
        return route.fulfill(
          json(409, {
            errors: [{ message: 'Only changes made from this page can be undone here.' }],
          }),
        );
      const running: PublishProgress = {
        kind: undone ? 'undo' : 'publish',
        startedAt: new Date().toISOString(),
        message: undone ? `Undid: ${undone.message}` : mock.site.pending.join('; '),
        steps: publishSteps(0, 0),
      };
      mock.site = { ...mock.site, running };
      return route.fulfill(json(202, { running }));
    }
    if (method === 'POST' && path === ownerPaths.discard) {
      if (!mock.steppedUp)
        return route.fulfill(
          json(403, {
            errors: [{ message: 'Confirm it’s you with your passkey first.' }],
            stepUp: true,
          } satisfies StepUpNeededBody),
        );
      const discarded = mock.site.pending;
      mock.site = { ...mock.site, pending: [] };
      return route.fulfill(json(200, { discarded } satisfies DiscardBody));
    }
    if (method === 'GET' && path === ownerPaths.push) return route.fulfill(json(200, mock.push));
    if (method === 'POST' && path === ownerPaths.pushDevices) {
      const { subscription, replaces } = body as {
        subscription: { endpoint: string };
        replaces?: string;
      };
      const stored = (endpoint: string | undefined) =>
        [...mock.pushEndpoints].find(([, each]) => each === endpoint)?.[0];
      const id = stored(subscription.endpoint) ?? stored(replaces);
      const known = mock.push.devices.find((device) => device.id === id);
      if (known) {
        mock.pushEndpoints.set(known.id, subscription.endpoint);
        return route.fulfill(json(200, { device: known }));
      }
      if (!mock.steppedUp)
        return route.fulfill(
          json(403, {
            errors: [{ message: 'Confirm it’s you with your passkey first.' }],
            stepUp: true,
          } satisfies StepUpNeededBody),
        );
      const device: PushDevice = {
        id: Math.max(0, ...mock.push.devices.map((each) => each.id)) + 1,
        device: describeDevice(request.headers()['user-agent'] ?? ''),
        createdAt: new Date().toISOString(),
        lastDeliveredAt: null,
        lastError: null,
      };
      mock.pushEndpoints.set(device.id, subscription.endpoint);
      const { channels } = mock.push;
      mock.push = {
        ...mock.push,
        devices: [device, ...mock.push.devices],
        channels: channels.some((channel) => channel.name === 'push')
          ? channels
          : [...channels, { name: 'push', label: 'Push to your devices', working: true }],
      };
      return route.fulfill(json(201, { device }));
    }
    const pushDeviceMatch = /^\/api\/owner\/push\/devices\/(\d+)$/.exec(path);
    if (pushDeviceMatch && method === 'DELETE') {
      const id = Number(pushDeviceMatch[1]);
      if (!mock.push.devices.some((device) => device.id === id))
        return route.fulfill(json(404, { errors: [{ message: 'No such device.' }] }));
      mock.pushEndpoints.delete(id);
      mock.push = {
        ...mock.push,
        devices: mock.push.devices.filter((device) => device.id !== id),
      };
      return route.fulfill({ status: 204 });
    }
    if (method === 'POST' && path === ownerPaths.pushTest) {
      const device = mock.push.devices.find((each) => each.id === (body as { id: number }).id);
      if (!device) return route.fulfill(json(404, { errors: [{ message: 'No such device.' }] }));
      device.lastDeliveredAt = new Date().toISOString();
      return route.fulfill(json(200, { delivered: true }));
    }
    if (method === 'POST' && path === ownerPaths.signInOptions) {
      return route.fulfill(
        json(200, {
          challenge: 'Y2hhbGxlbmdlLWZvci10ZXN0cw',
          rpId: '127.0.0.1',
          userVerification: 'required',
          timeout: 60_000,
        }),
      );
    }
    mock.unknown.push(`${method} ${url.pathname}${url.search}`);
    return route.fulfill(json(404, { errors: [{ message: 'Not mocked.' }] }));
  });
  return mock;
}
