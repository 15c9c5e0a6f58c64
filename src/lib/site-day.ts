/**
 * What every page says of the business on the day the site is built for: the week's hours in
 * words, whether it is open and taking emergencies (a closure may stop them), and the emergency
 * claim's wording that follows. Made from the business facts once per build; the server builds
 * again at a closure's midnights, so no page says more than is true that day.
 */
import { business, type Business } from '../config/business.ts';
import { availabilityOn, buildDay, roundTheClockWords } from './availability.ts';
import { hoursLines } from './opening-hours.ts';

/** The week's hours as every page shows them: ["Mon–Fri 7am–6pm", "Sat 8am–4pm"] */
export const hoursText = hoursLines(business.hours);
/** What the pages say about being open and taking emergencies, on the day the site is built for */
export const availability = availabilityOn(business, buildDay());

/** Who to call for a power cut while no emergency call-outs are taken */
export const powerCutWords = `For a power cut or fallen lines, call ${business.linesCompany.name} on ${business.linesCompany.phoneDisplay}.`;

/**
 * Copy about emergency work: '24/7 emergency call-outs' while the business answers round the clock
 * (claims.emergency24x7, and no closure without emergencies today), 'Emergency call-outs' if it
 * stops, so no page promises what it does not.
 */
export function emergencyClaim(
  phrase: string,
  claims: Pick<Business['claims'], 'emergency24x7'> = availability,
): string {
  return roundTheClockWords(phrase, claims.emergency24x7);
}
