/** Origins outside the site that pages may use, for the Content-Security-Policy */

/** The interactive map, loaded only when the visitor asks for it */
export const mapEmbedOrigin = 'https://www.openstreetmap.org';

/** The Node server's own form endpoint */
export const LEADS_ENDPOINT = '/api/leads';

/** Where the forms post: the built-in endpoint, or a hosted form service set at build time */
export function formEndpoint(env: Record<string, string | undefined> = process.env): string {
  return env['PUBLIC_FORM_ENDPOINT'] || LEADS_ENDPOINT;
}

/** Directives as Astro's config types them: a known directive name, then its sources */
type Directive =
  `${'default' | 'img' | 'font' | 'connect' | 'frame' | 'object'}-src ${string}` | `form-action ${string}` | `base-uri ${string}`;

export function cspDirectives(env: Record<string, string | undefined> = process.env): Directive[] {
  const endpoint = formEndpoint(env);
  const formOrigin = endpoint.startsWith('http') ? ` ${new URL(endpoint).origin}` : '';
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${formOrigin}`,
    `form-action 'self'${formOrigin}`,
    `frame-src ${mapEmbedOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
  ];
}
