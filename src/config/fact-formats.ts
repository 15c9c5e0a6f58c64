/**
 * The formats of the business facts, as plain values: their schema (business.ts) holds the facts
 * to them, and the owner's editor, made from that schema, holds his changes to them too.
 */

/** A New Zealand number in E.164, for tel: links and structured data */
export const E164_PATTERN = /^\+64\d{7,10}$/;
/** 24-hour local time, HH:MM */
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** How search engines show a price level, from low to high */
export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;
/** schema.org day names, in the week's order */
export const WEEK_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** The keys of the week's hours in business.json, each the lower-case of its WEEK_DAYS name */
export const HOURS_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
