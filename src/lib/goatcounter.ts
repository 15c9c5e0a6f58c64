/**
 * GoatCounter for static deployments: one build setting, PUBLIC_GOATCOUNTER_URL, the count
 * endpoint of a GoatCounter site (https://MYCODE.goatcounter.com/count, or /count on a
 * self-hosted instance). Unset, the build carries nothing of GoatCounter.
 */

/** Where GoatCounter's hosted service serves count.js; its site subdomains do not serve it */
const hostedScript = 'https://gc.zgo.at/count.js';

export interface GoatCounter {
  /** The count endpoint, for `data-goatcounter` and the CSP's connect-src and img-src */
  endpoint: string;
  /** count.js: from the instance itself when self-hosted, from gc.zgo.at when hosted */
  script: string;
}

export function goatCounter(
  env: Record<string, string | undefined> = process.env,
): GoatCounter | undefined {
  const setting = env['PUBLIC_GOATCOUNTER_URL']?.trim();
  if (!setting) return undefined;
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    url = new URL('invalid:');
  }
  if (
    !/^https?:$/.test(url.protocol) ||
    !url.pathname.endsWith('/count') ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new Error(
      `PUBLIC_GOATCOUNTER_URL must be a GoatCounter count endpoint such as https://MYCODE.goatcounter.com/count, not "${setting}"`,
    );
  }
  const hosted = url.hostname.endsWith('.goatcounter.com');
  return { endpoint: url.href, script: hosted ? hostedScript : `${url.href}.js` };
}
