/**
 * The offer to set up notifications, made once on a device: shown at the top of the inbox until
 * he follows it or puts it aside, which this browser remembers
 */
const OFFER_SEEN_KEY = 'owner-push-offer-seen';

export function offerSeen(): boolean {
  try {
    return localStorage.getItem(OFFER_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function markOfferSeen(): void {
  try {
    localStorage.setItem(OFFER_SEEN_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the offer shows again next time, which is harmless
  }
}
