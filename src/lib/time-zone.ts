/** The business's clock: every day and time the owner and his customers see is New Zealand's */
export const TIME_ZONE = 'Pacific/Auckland';

/** A formatter of instants as the owner and his customers read them: in NZ English, on NZ's clock */
export function nzFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-NZ', { timeZone: TIME_ZONE, ...options });
}
