/** Origins outside the site that pages may use, for the Content-Security-Policy */
import { apiPaths } from '../config/routes.ts';
import { goatCounter } from './goatcounter.ts';

/** The interactive map, loaded only when the visitor asks for it */
export const mapEmbedOrigin = 'https://www.openstreetmap.org';

type Env = Record<string, string | undefined>;

/** Where the forms post: the built-in endpoint, or a hosted form service set at build time */
export function formEndpoint(env: Env = process.env): string {
  return env['PUBLIC_FORM_ENDPOINT'] || apiPaths.leads;
}

/** Directives as Astro's config types them: a known directive name, then its sources */
type Directive =
  | `${'default' | 'img' | 'font' | 'connect' | 'frame' | 'object'}-src ${string}`
  | `form-action ${string}`
  | `base-uri ${string}`;

export function cspDirectives(env: Env = process.env): Directive[] {
  const endpoint = formEndpoint(env);
  const formOrigin = endpoint.startsWith('http') ? ` ${new URL(endpoint).origin}` : '';
  // GoatCounter's own CSP advice: count.js reports through sendBeacon, or an image where that is missing
  const counter = goatCounter(env);
  const countEndpoint = counter ? ` ${counter.endpoint}` : '';
  return [
    "default-src 'self'",
    `img-src 'self' data:${countEndpoint}`,
    "font-src 'self'",
    `connect-src 'self'${formOrigin}${countEndpoint}`,
    `form-action 'self'${formOrigin}`,
    `frame-src ${mapEmbedOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
  ];
}

/**
 * script-src beyond Astro's default ('self' and the hashes of the page's inline scripts): the
 * origin of GoatCounter's count.js when it is set. Undefined keeps Astro's default.
 */
export function cspScriptResources(env: Env = process.env): string[] | undefined {
  const counter = goatCounter(env);
  return counter ? ["'self'", new URL(counter.script).origin] : undefined;
}

/**
 * Astro's `security.csp` setting; Astro adds the hashes of the site's inline scripts and styles,
 * and the build narrows each page's to its own (src/integrations/page-csp.ts), so a hash
 * configured here would be dropped: allow a script inserted at run time by its origin instead.
 */
export function cspConfig(env: Env = process.env) {
  const scriptResources = cspScriptResources(env);
  return {
    directives: cspDirectives(env),
    ...(scriptResources ? { scriptDirective: { resources: scriptResources } } : {}),
  };
}
