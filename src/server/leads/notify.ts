/**
 * E-mails each stored lead to the owner (SMTP_URL and LEADS_NOTIFY_TO). Sending runs after
 * the visitor has been answered and never touches the lead itself: a failed send is retried
 * with exponential backoff, each attempt recorded in the lead's row, and leads still due are
 * picked up again when the server starts.
 */
import { createTransport } from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { getLeadStore, type LeadStore, type StoredLead } from './store.ts';

export interface LeadNotifier {
  /** Queues the e-mail for a stored lead and returns at once */
  notify(id: number): void;
  /** Queues every lead whose e-mail is still due (pending, or failed with attempts left) */
  resumePending(): void;
  /** Resolves once nothing is being sent or waiting for a retry */
  idle(): Promise<void>;
  /** Stops retrying; leads still due stay pending or failed and are resumed on the next start */
  close(): void;
}

export type SendMail = (message: SendMailOptions) => Promise<unknown>;

export interface NotifierOptions {
  store: LeadStore;
  send: SendMail;
  to: string;
  from: string;
  /** Attempts per lead, the first included */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long */
  baseDelayMs?: number;
  /** An attempt still marked in flight after this long was cut short (a crash) and may be redone */
  staleAfterMs?: number;
  log?: (message: string) => void;
  /** Releases the transport's connections */
  onClose?: () => void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BASE_DELAY_MS = 1000;
const DEFAULT_STALE_AFTER_MS = 5 * 60_000;
/** Later than any attempt in flight (and still a four-digit year, so it compares as text) */
const END_OF_TIME = new Date('9999-12-31T23:59:59.999Z');
// Bounded so that an attempt always ends well within the stale period above
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** A header-safe single line: no control characters, no runs of spaces, at most `max` characters */
function oneLine(text: string, max: number): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  const characters = [...line];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : line;
}

/** Only a plain address goes into Reply-To; anything odd is left to the body */
function isPlainAddress(email: string): boolean {
  return /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/.test(email);
}

export function leadEmailSubject(lead: StoredLead): string {
  return `New quote request from ${oneLine(lead.name, 80)} (${oneLine(lead.formSource, 20)})`;
}

export function leadEmailText(lead: StoredLead): string {
  const optional = (label: string, value: string | null) => (value === null ? [] : [`${label}: ${value}`]);
  return [
    `New quote request #${lead.id} from the ${lead.formSource}, received ${lead.createdAt} (UTC).`,
    '',
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    ...optional('Phone', lead.phone),
    ...optional('Address', lead.address),
    ...optional('Service', lead.service),
    '',
    'Message:',
    lead.message,
    '',
    ...optional('Sent from page', lead.page),
    ...optional('Browser', lead.userAgent),
    '',
    'Reply to this e-mail to answer the visitor. All requests: npm run leads',
  ].join('\n');
}

export function composeLeadEmail(lead: StoredLead, { to, from }: { to: string; from: string }): SendMailOptions {
  return {
    to,
    from,
    subject: leadEmailSubject(lead),
    text: leadEmailText(lead),
    ...(isPlainAddress(lead.email) ? { replyTo: { name: oneLine(lead.name, 80), address: lead.email } } : {}),
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createNotifier({
  store,
  send,
  to,
  from,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
  baseDelayMs = DEFAULT_BASE_DELAY_MS,
  staleAfterMs = DEFAULT_STALE_AFTER_MS,
  log = console.error,
  onClose,
}: NotifierOptions): LeadNotifier {
  const tasks = new Set<Promise<void>>();
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const claimOptions = () => {
    const now = new Date();
    return { maxAttempts, staleBefore: new Date(now.getTime() - staleAfterMs), now };
  };

  function track(task: Promise<void>) {
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  }

  async function attempt(id: number): Promise<void> {
    if (closed) return;
    try {
      if (!store.claimNotification(id, claimOptions())) return;
      const lead = store.getLead(id);
      if (!lead) return;
      try {
        await send(composeLeadEmail(lead, { to, from }));
        store.markNotified(id);
      } catch (error) {
        store.markNotifyFailed(id, describeError(error));
        retryLater(id, lead.notifyAttempts, error);
      }
    } catch (error) {
      // The store itself failed (closed, disk error): the row keeps its state for the next start
      log(`Lead ${id}: notification state could not be recorded: ${describeError(error)}`);
    }
  }

  function retryLater(id: number, attemptsMade: number, error: unknown) {
    if (attemptsMade >= maxAttempts) {
      log(`Lead ${id}: e-mail to the owner failed ${attemptsMade} times, giving up (${describeError(error)})`);
      return;
    }
    const delay = baseDelayMs * 2 ** (attemptsMade - 1);
    log(`Lead ${id}: e-mail attempt ${attemptsMade} failed, retrying in ${delay} ms (${describeError(error)})`);
    schedule(() => attempt(id), delay);
  }

  function schedule(work: () => Promise<void>, delayMs: number) {
    track(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void work().finally(resolve);
        }, delayMs);
        // A retry must not keep a stopping server alive; the next start resumes it
        timer.unref();
        timers.set(timer, resolve);
      }),
    );
  }

  /**
   * An attempt still marked in flight may belong to a process that died moments ago; look
   * again once it has gone stale. Not tracked by idle(): it may be minutes away.
   */
  function recheckInFlight(dueNow: number) {
    const includingInFlight = store.leadsAwaitingNotification({ maxAttempts, staleBefore: END_OF_TIME });
    if (includingInFlight.length === dueNow || recheck) return;
    recheck = setTimeout(() => {
      recheck = undefined;
      notifier.resumePending();
    }, staleAfterMs);
    recheck.unref();
  }

  const notifier: LeadNotifier = {
    notify(id) {
      if (!closed) schedule(() => attempt(id), 0);
    },
    resumePending() {
      if (closed) return;
      try {
        const ids = store.leadsAwaitingNotification(claimOptions());
        // One after another, so a backlog does not open a burst of SMTP connections
        if (ids.length > 0) {
          schedule(async () => {
            for (const id of ids) await attempt(id);
          }, 0);
        }
        recheckInFlight(ids.length);
      } catch (error) {
        log(`Leads awaiting an e-mail could not be read: ${describeError(error)}`);
      }
    },
    async idle() {
      while (tasks.size > 0) await Promise.all([...tasks]);
    },
    close() {
      closed = true;
      clearTimeout(recheck);
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      onClose?.();
    },
  };
  return notifier;
}

/** Sends through the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL) */
export function smtpSender(smtpUrl: string): { send: SendMail; close: () => void } {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return { send: (message) => transport.sendMail(message), close: () => transport.close() };
}

export type NotifierEnvOverrides = Partial<Pick<NotifierOptions, 'maxAttempts' | 'baseDelayMs' | 'staleAfterMs' | 'log'>>;

/**
 * The notifier configured by SMTP_URL and LEADS_NOTIFY_TO (LEADS_NOTIFY_FROM optional, else the
 * owner's own address), or null when either is missing: then leads are stored with no e-mail.
 */
export function notifierFromEnv(
  store: LeadStore,
  env: Record<string, string | undefined> = process.env,
  overrides: NotifierEnvOverrides = {},
): LeadNotifier | null {
  const smtpUrl = env['SMTP_URL']?.trim();
  const to = env['LEADS_NOTIFY_TO']?.trim();
  if (!smtpUrl || !to) return null;
  const sender = smtpSender(smtpUrl);
  return createNotifier({
    store,
    send: sender.send,
    onClose: sender.close,
    to,
    from: env['LEADS_NOTIFY_FROM']?.trim() || to,
    ...overrides,
  });
}

let processNotifier: LeadNotifier | null | undefined;

/**
 * The process's notifier, created on first use; creating it resumes the e-mails still due.
 * The server calls this at start-up; the endpoint calls it for each lead.
 */
export function getLeadNotifier(env: Record<string, string | undefined> = process.env): LeadNotifier | null {
  if (processNotifier === undefined) {
    processNotifier = notifierFromEnv(getLeadStore(env), env);
    processNotifier?.resumePending();
  }
  return processNotifier;
}
