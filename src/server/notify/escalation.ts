/**
 * Emergencies escalate: a request for the emergency service (src/config/quote.ts) that the owner
 * has not opened is announced again 5, 10 and 15 minutes after it came, urgent and linking to it,
 * on every channel that carries alerts; opening it (or giving it a status) stops the repeats.
 *
 * The schedule lives in memory: a lead is taken up when the outbox is woken for it, and on start
 * the unopened emergencies younger than 15 minutes are taken up again and go on from their next
 * 5-minute mark (a mark passed while the server was down is not sent late).
 */
import { isEmergency } from '../../config/quote.ts';
import { ownerLeadUrl } from '../../lib/owner-api/constants.ts';
import type { StoredLead } from '../db/records.ts';
import { oneLine } from '../support/plain-text.ts';
import type { OwnerAlert } from './channel.ts';
import { sendOwnerAlert } from './owner-alerts.ts';
import { withDefaults, type ScheduledAlertOptions } from './scheduled-alerts.ts';

export const ESCALATE_EVERY_MS = 5 * 60_000;
export const ESCALATIONS = 3;
/** New requests looked through for emergencies: far more than can come within 15 minutes */
const RECENT_LEADS = 100;

/** The `repeat`th announcement (1–3) of an emergency the owner has not opened */
export function escalationAlert(lead: StoredLead, repeat: number, siteUrl: string): OwnerAlert {
  const name = oneLine(lead.name, 80);
  const minutes = (repeat * ESCALATE_EVERY_MS) / 60_000;
  const firstLine = lead.message.split('\n').find((line) => line.trim() !== '') ?? '';
  return {
    title: `Emergency, not opened yet: ${name}`,
    text: [
      `${name} asked for emergency help ${minutes} minutes ago.`,
      lead.phone ? `Call ${oneLine(lead.phone, 40)}` : `E-mail ${oneLine(lead.email, 254)}`,
      ...(lead.address ? [oneLine(lead.address, 200)] : []),
      oneLine(firstLine, 200),
    ].join('\n'),
    key: `emergency-${lead.uid}-${repeat}`,
    link: ownerLeadUrl(siteUrl, lead.id),
    urgent: true,
    kind: 'emergency',
  };
}

const isWaiting = (lead: StoredLead) => lead.readAt === null && lead.status === 'new';

export interface Escalations {
  /** Looks for new emergencies now (after a lead was stored) */
  check(): Promise<void>;
  close(): void;
}

export function startEscalations(options: ScheduledAlertOptions): Escalations {
  const { store, channels, siteUrl, log, now, setTimer } = withDefaults(options);
  /** Emergencies being escalated: when each came, and how many repeats it has had */
  const tracked = new Map<number, { createdAt: number; repeats: number }>();
  let cancel: (() => void) | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();

  /** Repeats whose moment has come by `at` */
  const dueRepeats = (createdAt: number, at: number) =>
    Math.min(ESCALATIONS, Math.floor((at - createdAt) / ESCALATE_EVERY_MS));

  async function discover() {
    const at = now().getTime();
    const recent = await store.findLeads({ status: 'new', limit: RECENT_LEADS });
    for (const lead of recent) {
      const createdAt = Date.parse(lead.createdAt);
      if (tracked.has(lead.id) || !isEmergency(lead.service) || !isWaiting(lead)) continue;
      const repeats = dueRepeats(createdAt, at);
      if (repeats < ESCALATIONS) tracked.set(lead.id, { createdAt, repeats });
    }
  }

  async function escalateDue() {
    const at = now().getTime();
    for (const [id, entry] of tracked) {
      const repeats = dueRepeats(entry.createdAt, at);
      if (repeats <= entry.repeats) continue;
      const lead = await store.getLead(id);
      if (!lead || !isWaiting(lead)) {
        tracked.delete(id);
        continue;
      }
      // One announcement however many marks passed (a clock set forward)
      entry.repeats = repeats;
      await sendOwnerAlert(channels, escalationAlert(lead, repeats, siteUrl), log);
      if (repeats >= ESCALATIONS) tracked.delete(id);
    }
  }

  function schedule() {
    cancel?.();
    cancel = undefined;
    if (closed || tracked.size === 0) return;
    const at = now().getTime();
    const next = Math.min(
      ...[...tracked.values()].map(
        ({ createdAt, repeats }) => createdAt + (repeats + 1) * ESCALATE_EVERY_MS,
      ),
    );
    cancel = setTimer(() => void run(escalateDue), Math.max(0, next - at));
  }

  /** One step at a time, each followed by the timer for the next mark */
  function run(step: () => Promise<void>): Promise<void> {
    running = running
      .then(step)
      .catch((error: unknown) => log('The escalation of an emergency request failed', error))
      .then(schedule);
    return running;
  }

  void run(discover);
  return {
    check: () => run(discover),
    close() {
      closed = true;
      cancel?.();
    },
  };
}
