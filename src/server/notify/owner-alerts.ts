/**
 * Sends an alert about the owner's sign-in (a passkey added or removed) on every active channel
 * that can carry one, each within its own deadline, so a channel that hangs delays no other and no answer.
 */
import { withDeadline } from '../support/deadline.ts';
import type { Channel, OwnerAlert } from './channel.ts';

const ALERT_TIMEOUT_MS = 30_000;

type Log = (message: string, error?: unknown) => void;

/** How many channels took the alert; each failure is logged */
export async function sendOwnerAlert(
  channels: readonly Channel[],
  alert: OwnerAlert,
  log: Log,
): Promise<number> {
  const carriers = channels.filter(
    (channel) => channel.sendAlert && (channel.isActive?.() ?? true),
  );
  const outcomes = await Promise.allSettled(
    carriers.map((channel) =>
      withDeadline((signal) => channel.sendAlert!(alert, signal), ALERT_TIMEOUT_MS),
    ),
  );
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected')
      log(
        `The alert "${alert.title}" could not be sent by ${carriers[index]!.name}`,
        outcome.reason,
      );
  });
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}
