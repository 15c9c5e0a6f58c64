/**
 * Where a visit came from, told from its Referer's host alone: a search engine, a map, a social
 * site, nowhere (typed, a bookmark, an app that sends none: direct), or another website, named by
 * its host. Nothing else of the Referer is looked at or kept: not its path, not its query.
 * A visit from one of the site's own pages is a step inside the site, not a source.
 * Any client can write any Referer (referrer spam puts a site's name in front of its owner), so
 * another website is named only when the request also says, as a browser does, that the page was
 * reached from another site (Sec-Fetch-Site); a Referer alone, the usual spam, stays unnamed.
 */
import type { SourceKind } from '../db/stats-records.ts';

export interface VisitSource {
  source: SourceKind;
  /** The referring site's host name, for `other` only */
  site: string | null;
}

/** Hosts named by their registrable part: `google` matches google.com, www.google.co.nz, … */
const SEARCH_NAMES = ['google', 'bing', 'yahoo', 'yandex', 'baidu', 'ecosia', 'qwant', 'naver'];
const SEARCH_HOSTS = [
  'duckduckgo.com',
  'search.brave.com',
  'startpage.com',
  'ask.com',
  'aol.com',
  'kagi.com',
  'perplexity.ai',
  'chatgpt.com',
];
const MAPS_HOSTS = [
  'maps.google.com',
  'maps.app.goo.gl',
  'maps.apple.com',
  'maps.apple',
  'waze.com',
  'here.com',
  'openstreetmap.org',
];
const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  'instagram.com',
  'threads.net',
  'whatsapp.com',
  'x.com',
  'twitter.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'reddit.com',
  'pinterest.com',
  'youtube.com',
  'tiktok.com',
  'nextdoor.com',
  'nextdoor.co.nz',
  'snapchat.com',
];
/** Apps on Android send `android-app://<package>` as their Referer */
const APP_SOURCES: Readonly<Record<string, SourceKind>> = {
  'com.google.android.googlequicksearchbox': 'search',
  'com.google.android.gm': 'other',
  'com.google.android.apps.maps': 'maps',
  'com.facebook.katana': 'social',
  'com.facebook.orca': 'social',
  'com.instagram.android': 'social',
  'com.linkedin.android': 'social',
  'com.twitter.android': 'social',
  'com.reddit.frontpage': 'social',
};

/** A host name as DNS allows it: letters, digits, hyphens and dots, at most 253 characters */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const isOrUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** google.com, www.google.co.nz, google.com.au: `name` followed only by a public suffix */
const isNamed = (host: string, name: string) =>
  new RegExp(`(?:^|\\.)${name}\\.(?:[a-z]{2,3})(?:\\.[a-z]{2})?$`).test(host);

/** A host's kind: search, maps, social, or null for any other site */
export function kindOfHost(host: string): Exclude<SourceKind, 'direct' | 'other'> | null {
  if (MAPS_HOSTS.some((domain) => isOrUnder(host, domain)) || /^maps\.google\./.test(host))
    return 'maps';
  if (SEARCH_HOSTS.some((domain) => isOrUnder(host, domain))) return 'search';
  if (SEARCH_NAMES.some((name) => isNamed(host, name))) return 'search';
  if (SOCIAL_HOSTS.some((domain) => isOrUnder(host, domain))) return 'social';
  return null;
}

/** Sec-Fetch-Site values with which a browser says a navigation came from another site */
const FROM_ANOTHER_SITE = new Set(['cross-site', 'same-site']);

/**
 * The source of a visit whose page request carried `referer` (null: none) and `fetchSite` (its
 * Sec-Fetch-Site header). `ownHosts` are the site's own host names (its public one and the one
 * the request was sent to): a Referer from one of them answers null, a step inside the site.
 */
export function sourceOfReferer(
  referer: string | null | undefined,
  ownHosts: readonly string[],
  fetchSite?: string | null,
): VisitSource | null {
  if (!referer) return { source: 'direct', site: null };
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return { source: 'direct', site: null };
  }
  if (url.protocol === 'android-app:') {
    const source = APP_SOURCES[url.hostname.toLowerCase()];
    return { source: source ?? 'other', site: null };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { source: 'direct', site: null };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (ownHosts.some((own) => own.toLowerCase() === host)) return null;
  const kind = kindOfHost(host);
  if (kind) return { source: kind, site: null };
  // An address rather than a name, nothing a site is called by, or a name no browser vouched for: another site, unnamed
  const site = host.replace(/^www\./, '');
  const named =
    FROM_ANOTHER_SITE.has(fetchSite ?? '') && HOST_NAME.test(site) && /[a-z]/.test(site);
  return { source: 'other', site: named ? site : null };
}
