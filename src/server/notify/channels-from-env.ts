/**
 * The owner's notification channels as the environment sets them up: e-mail (SMTP_URL,
 * LEADS_NOTIFY_TO, LEADS_NOTIFY_FROM), a webhook (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET) and a
 * push notification through ntfy (LEADS_NTFY_URL, LEADS_NTFY_TOKEN); and Web Push to his own
 * devices, which needs no setting: its keys are kept beside the lead database (LEADS_DB). The
 * customer's acknowledgement goes through the same SMTP server, from the same address.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import { siteOrigin } from '../../lib/site-url.ts';
import { smtpAcknowledgement } from './acknowledgement.ts';
import type { Channel, Sender } from './channel.ts';
import { smtpChannel } from './channels/email.ts';
import { ntfyChannel } from './channels/ntfy.ts';
import { pushChannel, type PushChannel } from './channels/push.ts';
import { webhookChannel } from './channels/webhook.ts';
import {
  DamagedVapidKeys,
  loadOrCreateVapidKeys,
  vapidKeysPath,
  vapidSubject,
} from './push-keys.ts';

type Env = Record<string, string | undefined>;
type Log = (message: string, error?: unknown) => void;

/** An http(s) URL without credentials (they would end up in logs; secrets have their own settings) */
function httpUrl(name: string, value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an https:// address`);
  if (url.username || url.password)
    throw new Error(`${name} must not hold a user name or password`);
  return url.href;
}

/**
 * The channels the environment configures, each on its own: a setting that cannot be used is
 * logged and that channel left out, and leads are still stored and sent on the others.
 */
export function channelsFromEnv(env: Env, log: Log = console.error): Channel[] {
  const setting = (name: string) => env[name]?.trim() || undefined;
  // Every message links to the request in the owner's page on this site (SITE_URL)
  const siteUrl = siteOrigin(env);
  const candidates: Array<[string, () => Channel | undefined]> = [
    [
      'SMTP_URL',
      () => {
        const smtpUrl = setting('SMTP_URL');
        const to = setting('LEADS_NOTIFY_TO');
        if (!smtpUrl && !to) return undefined;
        if (!smtpUrl || !to) throw new Error('e-mail needs both SMTP_URL and LEADS_NOTIFY_TO');
        return smtpChannel({ smtpUrl, to, from: setting('LEADS_NOTIFY_FROM') ?? to, siteUrl });
      },
    ],
    [
      'LEADS_WEBHOOK_URL',
      () => {
        const url = setting('LEADS_WEBHOOK_URL');
        return url
          ? webhookChannel({
              url: httpUrl('LEADS_WEBHOOK_URL', url),
              secret: setting('LEADS_WEBHOOK_SECRET'),
              siteUrl,
            })
          : undefined;
      },
    ],
    [
      'LEADS_NTFY_URL',
      () => {
        const url = setting('LEADS_NTFY_URL');
        return url
          ? ntfyChannel({
              url: httpUrl('LEADS_NTFY_URL', url),
              token: setting('LEADS_NTFY_TOKEN'),
              siteUrl,
            })
          : undefined;
      },
    ],
  ];
  return candidates.flatMap(([name, make]) => {
    try {
      const channel = make();
      return channel ? [channel] : [];
    } catch (error) {
      log(`${name} could not be used; leads are stored without that notification`, error);
      return [];
    }
  });
}

/**
 * The customers' acknowledgements, sent through SMTP_URL from LEADS_NOTIFY_FROM (or
 * LEADS_NOTIFY_TO); undefined, and said once in the log, when e-mail is not set up
 */
export function acknowledgementFromEnv(env: Env, log: Log = console.error): Sender | undefined {
  const setting = (name: string) => env[name]?.trim() || undefined;
  const smtpUrl = setting('SMTP_URL');
  const from = setting('LEADS_NOTIFY_FROM') ?? setting('LEADS_NOTIFY_TO');
  if (!smtpUrl || !from) {
    log(
      'Customers are not e-mailed that their request arrived: that needs SMTP_URL and LEADS_NOTIFY_TO (see docs/operations.md)',
    );
    return undefined;
  }
  try {
    return smtpAcknowledgement({ smtpUrl, from });
  } catch (error) {
    log('SMTP_URL could not be used; customers are not e-mailed that their request arrived', error);
    return undefined;
  }
}

/**
 * Web Push to the owner's devices, signed with the keys kept beside the lead database `leadsDb`
 * (made on the first start). Throws when their file is damaged; when it cannot be read or
 * written (the data folder is not usable yet, nor then is the database), push is left out.
 */
export function pushChannelBeside(
  leadsDb: string,
  { store, siteUrl, log = console.error }: { store: AsyncLeadStore; siteUrl: string; log?: Log },
): PushChannel | undefined {
  const path = vapidKeysPath(leadsDb);
  let opened: ReturnType<typeof loadOrCreateVapidKeys>;
  try {
    opened = loadOrCreateVapidKeys(path);
  } catch (error) {
    if (error instanceof DamagedVapidKeys) throw error;
    log('Push notifications are off until a restart: their keys cannot be kept', error);
    return undefined;
  }
  const { keys, created } = opened;
  if (created)
    console.log(`Made the push notification keys, ${path}: back it up with the database`);
  if (!vapidSubject(siteUrl).forApple)
    log(
      'Push notifications to Apple devices need the business’s real e-mail address or SITE_URL set to the site’s https address (Apple refuses the placeholder ones)',
    );
  const subject = () => vapidSubject(siteUrl).subject;
  return pushChannel({ store, keys, siteUrl, subject, log });
}
