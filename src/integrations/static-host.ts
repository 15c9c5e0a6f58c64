/**
 * What a static host needs besides the pages: the sitemap, Netlify/Cloudflare-style `_redirects`
 * and `_headers`, and an nginx include, all derived from the built pages and src/config/routes.ts.
 */
import {
  findRedirect,
  gonePagePath,
  isRetired,
  matchesRule,
  redirects,
  retiredPaths,
  servicePrefix,
  serviceNotFoundPath,
  type Redirect,
} from '../config/routes.ts';
import { ownerServiceWorkerPath } from '../lib/owner-manifest.ts';
import {
  pageCsp,
  resourceCsp,
  securityHeaders,
  serviceWorkerCsp,
} from '../server/http/security-headers.ts';
import {
  CACHE_CONTROL,
  CONTENT_TYPES,
  contentTypeOf,
  IMMUTABLE_PATH,
  metaCsp,
} from '../server/http/site-files.ts';

export interface BuiltPage {
  path: string;
  status: number;
  html: string;
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** Pages that answer 200 at their own canonical address and may be indexed */
export function sitemapEntries(pages: readonly BuiltPage[], origin: string): string[] {
  return pages
    .filter(
      (page) => page.status === 200 && !/<meta name="robots" content="[^"]*noindex/.test(page.html),
    )
    .map((page) => ({ url: new URL(page.path, origin).href, canonical: canonicalOf(page.html) }))
    .filter(({ url, canonical }) => canonical !== undefined && canonical === url)
    .map(({ url }) => url)
    .sort();
}

export function renderSitemap(urls: readonly string[]): string {
  const items = urls.map((url) => `  <url><loc>${url}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/**
 * Redirects first, then retired paths (410, showing the Page Gone page), then the 404 fallbacks.
 * Netlify serves an existing file instead of an unforced rule ("shadowing"), and the build writes
 * a page at most redirected and retired paths, so a rule covering a built page is forced (`301!`).
 * Cloudflare Pages always applies redirects but drops a line whose status is not a plain 3xx/200
 * (so `301!`, 404 and 410 lines), hence the forced 3xx line is followed by the same rule unforced,
 * which Netlify never reaches. `serverOnlyPaths` (the owner's page) answer 404.
 */
export function renderRedirectsFile(
  pages: readonly BuiltPage[] = [],
  serverOnlyPaths: readonly string[] = [],
): string {
  const shadowsPage = (rule: string) => pages.some((page) => matchesRule(rule, page.path));
  // `/who-we-are/` is the same built page as `/who-we-are`, so its rule is forced alike
  const rule = (from: string, to: string, status: number, forced = shadowsPage(from)) =>
    forced
      ? [`${from}  ${to}  ${status}!`, ...(status < 400 ? [`${from}  ${to}  ${status}`] : [])]
      : [`${from}  ${to}  ${status}`];
  // An old address with a trailing slash goes to its new one in one hop, also on hosts that do not
  // ignore the slash when matching rules as Netlify does
  const withSlash = (r: Redirect) =>
    r.from.endsWith('/*') ? [] : rule(`${r.from}/`, r.to, r.status, shadowsPage(r.from));
  const lines = [
    ...redirects.flatMap((r) => [...rule(r.from, r.to, r.status), ...withSlash(r)]),
    ...retiredPaths.flatMap((path) => rule(path, gonePagePath, 410)),
    // Pages only the Node server can serve (the owner's, behind its sign-in), forced over their built file
    ...serverOnlyPaths.flatMap((path) => [
      `${path}  /404.html  404!`,
      `${path}/*  /404.html  404!`,
    ]),
    `${servicePrefix}*  ${serviceNotFoundPath}  404`,
    `/*  /404.html  404`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Security headers on every path, each page's own CSP (with its script hashes), and long caching for hashed assets */
export function renderHeadersFile(origin: string, pages: readonly BuiltPage[]): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const blocks = [
    // No CSP on `/*`: hosts combine every matching block, and two policies would both apply
    block('/*', securityHeaders(origin)),
    block(`${IMMUTABLE_PATH}*`, { 'Cache-Control': CACHE_CONTROL.immutable }),
    block(ownerServiceWorkerPath, {
      'Content-Security-Policy': serviceWorkerCsp,
      'Cache-Control': CACHE_CONTROL.page,
    }),
    ...pages.map((page) =>
      block(page.path, {
        'Content-Security-Policy': pageCsp(metaCsp(page.html)),
        'Cache-Control': CACHE_CONTROL.page,
      }),
    ),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** The built file behind a page's path: `/services` → `/services/index.html`, `/404.html` stays */
export function pageFileOf(path: string): string {
  if (path.endsWith('.html')) return path;
  return path === '/' ? '/index.html' : `${path}/index.html`;
}

/** A double-quoted nginx string; `$` would start a variable, so it is refused rather than escaped */
function nginxString(value: string): string {
  if (/[$\r\n]/.test(value))
    throw new Error(`Cannot put ${JSON.stringify(value)} in the nginx config`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * A quoted nginx pattern for the paths a rule covers, followed by a slash (`//` is refused before
 * it is tried). Only plain path characters are taken.
 */
function trailingSlashPattern(rule: string): string {
  if (!/^\/[\w\-./]*\*?$/.test(rule))
    throw new Error(`Cannot match ${JSON.stringify(rule)} in the nginx config`);
  const literal = rule.replace(/\*$/, '').replaceAll('.', '\\.');
  return `"^${literal}${rule.endsWith('/*') ? '.+' : ''}/$"`;
}

/** nginx refuses one parameter longer than its 4 KB read buffer, so long values are set in pieces */
function setVariable(name: string, value: string): string[] {
  const pieces = value.match(/[\s\S]{1,2000}/g) ?? [''];
  return pieces.map((piece, index) => {
    const quoted = nginxString(piece);
    return `set $${name} ${index === 0 ? quoted : `"\${${name}}${quoted.slice(1)}`};`;
  });
}

/** The extensions of src/server/http/site-files.ts, with the same types (charset from `charset_types`) */
const typedExtensions = Object.keys(CONTENT_TYPES).map((extension) => extension.slice(1));

export interface NginxConfigOptions {
  /** Absolute path of dist/client */
  root: string;
  /** Canonical origin (SITE_URL): HSTS is sent only for https */
  origin: string;
  pages: readonly BuiltPage[];
}

/**
 * Server-level nginx directives that serve the static build with the Node server's statuses and
 * headers (src/server/http/site-server.ts): include it inside a `server { }` block that has `listen`,
 * `server_name` and TLS. Only pages of the build are served as pages (exact locations), so a
 * page's CSP, the redirects and the 410s take precedence exactly as in the Node server; every
 * header is added once at server level with `always`, from variables each location sets, because
 * nginx drops inherited `add_header`s in any location that adds its own.
 */
export function renderNginxConfig({ root, origin, pages }: NginxConfigOptions): string {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const cspVariables = new Map<string, string>();
  const cspOf = (page: BuiltPage) => {
    const csp = pageCsp(metaCsp(page.html));
    let name = cspVariables.get(csp);
    if (!name) {
      name = `page_csp_${cspVariables.size + 1}`;
      cspVariables.set(csp, name);
    }
    return name;
  };
  const pageOf = (path: string) => {
    const page = byPath.get(path);
    if (!page) throw new Error(`The build has no ${path} page; run the build again`);
    return page;
  };

  const locations: string[] = [];
  const seen = new Set<string>();
  const location = (match: string, body: string[], comment?: string) => {
    if (seen.has(match)) return;
    seen.add(match);
    if (comment) locations.push(`# ${comment}`);
    locations.push(`location ${match} {`, ...body.map((line) => `  ${line}`), '}');
  };
  const matchOf = (rule: string) => (rule.endsWith('/*') ? `^~ ${rule.slice(0, -1)}` : `= ${rule}`);
  const servePage = (page: BuiltPage, extra: string[] = []) => [
    `set $page_csp $${cspOf(page)};`,
    `set $cache_control ${nginxString(CACHE_CONTROL.page)};`,
    ...extra,
  ];

  for (const redirect of redirects) {
    location(
      matchOf(redirect.from),
      [`return ${redirect.status} ${redirect.to}$is_args$args;`],
      `${redirect.from} → ${redirect.to}`,
    );
  }
  for (const rule of retiredPaths) {
    if (!rule.endsWith('/*') && findRedirect(rule)) continue;
    location(matchOf(rule), ['return 410;'], `${rule}: retired, 410 with the Page Gone page`);
  }

  // The error pages answer only through error_page, which keeps the status (404 or 410)
  const notFoundFile = pageFileOf('/404.html');
  const goneFile = pageFileOf(gonePagePath);
  const serviceNotFoundFile = pageFileOf(serviceNotFoundPath);
  location(`= ${notFoundFile}`, servePage(pageOf('/404.html'), ['internal;']), 'Error pages');
  location(`= ${goneFile}`, servePage(pageOf(gonePagePath), ['internal;']));
  location(
    `= ${serviceNotFoundFile}`,
    servePage(pageOf(serviceNotFoundPath), ['internal;', `error_page 404 ${serviceNotFoundFile};`]),
  );

  const sortedPages = [...pages].sort((a, b) => a.path.localeCompare(b.path));
  for (const page of sortedPages) {
    if (findRedirect(page.path) || isRetired(page.path)) continue;
    // A 404 page that is not an error_page target answers like any unknown path
    if (page.status === 404) continue;
    if (page.status !== 200) location(`= ${page.path}`, [`return ${page.status};`]);
    else location(`= ${page.path}`, servePage(page, [`try_files ${pageFileOf(page.path)} =404;`]));
  }

  // Files (never a page's .html, nor the precompressed copies, which gzip_static picks itself)
  const files = (cache: string, extra: string[] = []) => [
    ...extra,
    `set $cache_control ${nginxString(cache)};`,
    `location ~ \\.(?:html|br|gz)$ {`,
    '  return 404;',
    '}',
    'try_files $uri =404;',
  ];
  location(
    `= ${ownerServiceWorkerPath}`,
    [
      `set $page_csp ${nginxString(serviceWorkerCsp)};`,
      `set $cache_control ${nginxString(CACHE_CONTROL.page)};`,
      'try_files $uri =404;',
    ],
    "The owner's service worker: checked for a newer copy on every visit, allowed to call the site",
  );
  location(IMMUTABLE_PATH, files(CACHE_CONTROL.immutable), 'Hashed assets');
  location(
    servicePrefix,
    files(CACHE_CONTROL.file, [`error_page 404 ${serviceNotFoundFile};`]),
    'Unknown service slugs',
  );
  location('/', files(CACHE_CONTROL.file), 'Any other file, or the 404 page');

  const types = new Map<string, string[]>();
  for (const ext of typedExtensions) {
    const type = contentTypeOf(`file.${ext}`).split(';')[0] ?? '';
    types.set(type, [...(types.get(type) ?? []), ext]);
  }
  // text/html is always in charset_types
  const charsetTypes = [...types.keys()].filter(
    (type) =>
      type !== 'text/html' &&
      contentTypeOf(`file.${types.get(type)?.[0]}`).includes('charset=utf-8'),
  );

  const headers = {
    ...securityHeaders(origin),
    'Content-Security-Policy': '$page_csp',
    'Cache-Control': '$cache_control',
  };
  const lines = [
    '# Generated by the build (src/integrations/host-files.ts) from src/config/routes.ts and the built pages: do not edit.',
    '# Server-level directives: include this file inside a server { } block with listen, server_name and TLS.',
    `root ${nginxString(root)};`,
    'absolute_redirect off;',
    'server_tokens off;',
    '# Like the Node server, refuse `//` rather than treat it as `/`',
    'merge_slashes off;',
    'gzip_static on;',
    'gzip_vary on;',
    'types {',
    ...[...types].map(([type, exts]) => `  ${type} ${exts.join(' ')};`),
    '}',
    'default_type application/octet-stream;',
    'charset utf-8;',
    `charset_types ${charsetTypes.join(' ')};`,
    '',
    '# Headers of every response, error pages included; locations set the variables, never add_header',
    ...setVariable('page_csp', resourceCsp),
    ...setVariable('cache_control', CACHE_CONTROL.answer),
    ...[...cspVariables].flatMap(([csp, name]) => setVariable(name, csp)),
    ...Object.entries(headers).map(
      ([name, value]) =>
        `add_header ${name} ${value.startsWith('$') ? value : nginxString(value)} always;`,
    ),
    '',
    `error_page 404 ${notFoundFile};`,
    `error_page 410 ${goneFile};`,
    '',
    'if ($request_method !~ "^(?:GET|HEAD)$") {',
    '  return 405;',
    '}',
    'if ($uri ~ "//") {',
    '  return 400;',
    '}',
    '# An old address with a trailing slash goes straight to its new one, query string kept',
    ...redirects.flatMap((redirect) => [
      `if ($uri ~ ${trailingSlashPattern(redirect.from)}) {`,
      `  return ${redirect.status} ${redirect.to}$is_args$args;`,
      '}',
    ]),
    '# Any other trailing slash redirects to the address without it, query string kept',
    'if ($request_uri ~ "^(?<slashless_path>/[^?]*?)/+(?<slashless_query>\\?.*)?$") {',
    '  return 301 $slashless_path$slashless_query;',
    '}',
    '',
    ...locations,
  ];
  return `${lines.join('\n')}\n`;
}
