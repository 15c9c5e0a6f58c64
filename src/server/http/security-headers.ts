/**
 * Security headers for every response, shared by the Node server and the static build's
 * `_headers` file. Each page's script and style hashes come from Astro's CSP meta tag; the
 * header adds what a meta tag cannot carry (frame-ancestors).
 */

/** Directives for responses that are not pages (files, API answers, plain-text errors) */
export const resourceCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The owner's service worker runs under the policy its script is sent with: it may call the
 * site's API (a rotated push subscription) and nothing else
 */
export const serviceWorkerCsp = "default-src 'none'; connect-src 'self'; base-uri 'none'";

/** Directives the header always carries; a page's own directive of the same name is kept instead */
const pageOnlyDirectives = ["frame-ancestors 'none'", "base-uri 'self'"];

export function pageCsp(metaCsp: string | undefined): string {
  const base =
    metaCsp ?? "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";
  const directives = base
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const names = new Set(directives.map((directive) => directive.split(/\s+/)[0]));
  // A directive named twice is ignored by browsers, with a console error
  const added = pageOnlyDirectives.filter((directive) => !names.has(directive.split(' ')[0]));
  return [...directives, ...added].join('; ');
}

export function securityHeaders(siteUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (siteUrl.startsWith('https://'))
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
