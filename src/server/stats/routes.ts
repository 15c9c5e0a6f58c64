/**
 * The anonymous counts' routes: /api/events (a tap on a phone or e-mail link, events.ts) and
 * /api/vitals (a page's speed readings, vitals-route.ts).
 */
import { apiPaths } from '../../config/routes.ts';
import type { ApiRoute } from '../http/api.ts';
import { createRateLimiter } from '../support/rate-limit.ts';
import { handleEvent, type EventsOptions } from './events.ts';
import { handleVitals } from './vitals-route.ts';

const EVENTS_PER_MINUTE = 30;

export function statsRoutes(options: Omit<EventsOptions, 'rateLimiter'>): ApiRoute[] {
  // Taps are cheap and a visitor may tap several links; the limit only stops floods
  const eventLimiter = createRateLimiter({ limit: EVENTS_PER_MINUTE });
  // One set of speed readings per page left
  const vitalsLimiter = createRateLimiter({ limit: EVENTS_PER_MINUTE });
  return [
    {
      method: 'ALL',
      path: apiPaths.events,
      handler: (request, { clientKey }) =>
        handleEvent(request, clientKey, { ...options, rateLimiter: eventLimiter }),
    },
    {
      method: 'ALL',
      path: apiPaths.vitals,
      handler: (request, { clientKey }) =>
        handleVitals(request, clientKey, { ...options, rateLimiter: vitalsLimiter }),
    },
  ];
}
