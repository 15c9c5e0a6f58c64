/**
 * What the owner is reminded of beside each lead's own delivery: an emergency he has not opened
 * (escalation.ts), and each morning the follow-ups due (follow-up-reminder.ts), both on every
 * channel that carries alerts.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { Channel } from './channel.ts';
import { startEscalations } from './escalation.ts';
import { startFollowUpReminders } from './follow-up-reminder.ts';

export interface Reminders {
  /** A lead was stored: an emergency among the new ones is taken up */
  leadStored(): void;
  close(): void;
}

export function startReminders(options: {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  siteUrl: string;
  log: (message: string, error?: unknown) => void;
}): Reminders {
  const escalations = startEscalations(options);
  const followUps = startFollowUpReminders(options);
  return {
    leadStored: () => void escalations.check(),
    close() {
      escalations.close();
      followUps.close();
    },
  };
}
