import type { NewLead } from '../db/records.ts';
import { photoCount } from '../../lib/photos.ts';
import { oneLine, withoutControls } from '../support/plain-text.ts';

/**
 * A lead's text as every channel shows it to the owner (e-mail, push, webhook): no control or bidi
 * character, which a lead stored by an earlier version may still hold; every field but the message
 * on one line; the message with its line breaks, as '\n', and its tabs.
 */
export function leadTextForOwner<Lead extends NewLead>(lead: Lead): Lead {
  const line = (text: string | null) => (text === null ? null : oneLine(text));
  return {
    ...lead,
    formSource: oneLine(lead.formSource),
    name: oneLine(lead.name),
    email: oneLine(lead.email),
    phone: line(lead.phone),
    address: line(lead.address),
    service: line(lead.service),
    message: withoutControls(lead.message, { keepLineBreaks: true, keepTabs: true }),
    page: line(lead.page),
    userAgent: line(lead.userAgent),
  };
}

/**
 * What every channel tells the owner of a request's photos, never the photos themselves: "3
 * photos", with those that could not be kept; null when none were sent
 */
export function photosSummary({ photos = 0, photosNotKept = 0 }: NewLead): string | null {
  const notKept = `${photosNotKept === 1 ? 'was' : 'were'} sent but not kept: the server's disk was full`;
  if (photosNotKept > 0 && photos === 0) return `${photoCount(photosNotKept)} ${notKept}`;
  if (photosNotKept > 0) return `${photoCount(photos)} (${photosNotKept} more ${notKept})`;
  return photos > 0 ? photoCount(photos) : null;
}
