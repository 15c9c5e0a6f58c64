/** What the area pages derive from their content and the business facts */
import { business } from '../config/business.ts';
import { servicePath } from '../config/routes.ts';
import type { ServiceLink } from './cards.ts';
import type { AreaEntry } from './content.ts';
import { serviceEntry } from './content.ts';

/** The emergency promise a page may make: the 1–2 hour aim where content says so, otherwise same-day */
export function responseClaim(claim: AreaEntry['data']['responseClaim'], areaName: string): string {
  return claim === 'aim'
    ? `Emergency response aim in ${areaName}: ${business.claims.emergencyResponseAim}, 24/7.`
    : `${business.claims.typicalService[0]!.toUpperCase()}${business.claims.typicalService.slice(1)} service is typical in ${areaName}, with 24/7 emergency call-outs.`;
}

export async function serviceLinks(slugs: readonly string[]): Promise<ServiceLink[]> {
  return Promise.all(
    slugs.map(async (slug) => {
      const entry = await serviceEntry(slug);
      return { title: entry.data.title, href: servicePath(slug), icon: entry.data.icon };
    }),
  );
}

export function areaPath(entry: AreaEntry): string {
  return `/areas/${entry.id}`;
}
