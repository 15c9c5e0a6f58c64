import { business } from '../config/business.ts';

/** The canonical origin: SITE_URL when set, otherwise the business's default. No trailing slash. */
export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  const origin = new URL(env['SITE_URL'] || business.defaultOrigin);
  return origin.origin;
}
