/**
 * A push message as the owner's service worker reads it (the server's JSON: `notification` with
 * title, body, navigate, lang, dir, tag and actions, and `app_badge`), and where a tap on the
 * notification goes. Every push shows a notification, one the service worker cannot read too:
 * iOS revokes a subscription whose push shows nothing. Pure functions, so a unit test reads them.
 */
import { appIconPath } from '../../lib/owner-manifest.ts';
import { ownerPaths } from '../../lib/owner-api/constants.ts';

export const FALLBACK_TITLE = 'New activity on your website';

/** What a notification keeps for its tap: the page to open, and each action's own address */
export interface NotificationTargets {
  navigate: string;
  actions: Record<string, string>;
}

/** The options of showNotification that the owner's notifications use */
export interface ShownOptions {
  body?: string;
  tag?: string;
  lang?: string;
  dir?: 'auto' | 'ltr' | 'rtl';
  icon: string;
  actions?: Array<{ action: string; title: string }>;
  data: NotificationTargets;
}

export interface ShownNotification {
  title: string;
  options: ShownOptions;
  /** The app icon's count, when the server sent one */
  appBadge: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** An address on this site (or relative to it); anything else is not followed */
function siteAddress(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A tel: link, as a Call action opens; or an address on this site */
function actionAddress(value: unknown, origin: string): string | undefined {
  if (typeof value === 'string' && /^tel:\+?[\d\s()-]{3,30}$/.test(value)) return value;
  return siteAddress(value, origin);
}

/** The owner's page, where a push that names nowhere (or cannot be read) opens */
export const ownerPage = (origin: string) => new URL(ownerPaths.page, origin).href;

function fallback(origin: string): ShownNotification {
  return {
    title: FALLBACK_TITLE,
    options: {
      icon: appIconPath(192),
      data: { navigate: ownerPage(origin), actions: {} },
    },
    appBadge: null,
  };
}

function parse(message: string): unknown {
  try {
    return JSON.parse(message);
  } catch {
    return undefined;
  }
}

/** The notification a push's text (null: a push without data) shows, on the site at `origin` */
export function readPushMessage(message: string | null, origin: string): ShownNotification {
  const json = message === null ? undefined : parse(message);
  const notification = isRecord(json) ? json['notification'] : undefined;
  const title = isRecord(notification) ? text(notification['title']) : undefined;
  if (!isRecord(json) || !isRecord(notification) || title === undefined) return fallback(origin);

  const actions: Array<{ action: string; title: string }> = [];
  const targets: Record<string, string> = {};
  for (const each of Array.isArray(notification['actions']) ? notification['actions'] : []) {
    if (!isRecord(each)) continue;
    const action = text(each['action']);
    const actionTitle = text(each['title']);
    const address = actionAddress(each['navigate'], origin);
    if (!action || !actionTitle || !address) continue;
    actions.push({ action, title: actionTitle });
    targets[action] = address;
  }
  const dir = notification['dir'];
  const badge = json['app_badge'];
  const options: ShownOptions = {
    icon: appIconPath(192),
    data: {
      navigate: siteAddress(notification['navigate'], origin) ?? ownerPage(origin),
      actions: targets,
    },
  };
  const body = text(notification['body']);
  const tag = text(notification['tag']);
  const lang = text(notification['lang']);
  if (body) options.body = body;
  if (tag) options.tag = tag;
  if (lang) options.lang = lang;
  if (dir === 'auto' || dir === 'ltr' || dir === 'rtl') options.dir = dir;
  if (actions.length > 0) options.actions = actions;
  return {
    title,
    options,
    appBadge: typeof badge === 'number' && Number.isInteger(badge) && badge >= 0 ? badge : null,
  };
}

/** Where a tap goes: the tapped action's address (Call: its tel: link), else the notification's page */
export function tapTarget(action: string, data: unknown, origin: string): string {
  if (!isRecord(data)) return ownerPage(origin);
  const actions = isRecord(data['actions']) ? data['actions'] : {};
  const forAction = action ? actionAddress(actions[action], origin) : undefined;
  return forAction ?? siteAddress(data['navigate'], origin) ?? ownerPage(origin);
}
