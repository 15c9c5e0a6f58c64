/**
 * The owner's numbers over the last 7, 30 or 90 days: views, taps and quote requests per page,
 * where visits came from, real visitors' page speed, and this month's requests by how far they went
 */
import { NUMBERS_PERIODS, ownerPaths } from '../../../lib/owner-api.ts';
import type { ApiRoute } from '../../http/api.ts';
import { collectReport, lastDays } from '../../stats/report.ts';
import { refuse, reply } from '../requests.ts';
import type { OwnerRouteDeps } from './deps.ts';

export function numbersRoutes({ store, guard, pageTitles }: OwnerRouteDeps): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: ownerPaths.numbers,
      handler: guard.signedIn(async (request) => {
        const days = Number(new URL(request.url).searchParams.get('days') ?? NUMBERS_PERIODS[0]);
        if (!(NUMBERS_PERIODS as readonly number[]).includes(days))
          return refuse(400, `days must be one of ${NUMBERS_PERIODS.join(', ')}`);
        return reply(200, await collectReport(store, lastDays(days), { titles: pageTitles }));
      }),
    },
  ];
}
