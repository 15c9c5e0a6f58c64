/** The services a visitor can pick on the quote form (SPEC.md section 9), for the form and the server */
export const QUOTE_SERVICE_OPTIONS = [
  'Residential Electrical',
  'Commercial Electrical',
  'Emergency Services',
  'Lighting Design',
  'Smart Home Installation',
  'Electrical Repairs',
  'Energy Efficiency Upgrades',
  'Other',
] as const;

export type QuoteService = (typeof QUOTE_SERVICE_OPTIONS)[number];

/** The option for an emergency: such a request reaches the owner at once, loudly, and again until he opens it */
export const EMERGENCY_SERVICE = 'Emergency Services' satisfies QuoteService;

/** Whether a request's service is the emergency option */
export function isEmergency(service: string | null): boolean {
  return service === EMERGENCY_SERVICE;
}

export function isQuoteService(value: string): value is QuoteService {
  return (QUOTE_SERVICE_OPTIONS as readonly string[]).includes(value);
}
