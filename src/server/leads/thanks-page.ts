/**
 * The thank-you page a request posted without JavaScript lands on, with the reply time filled in
 * at each request from the business's hours and the New Zealand clock, in the words of the
 * acknowledgement e-mail and the toast (reply-time.ts).
 */
import { REPLY_TIME_ATTRIBUTE, replyTime, replyTimeText } from '../../lib/reply-time.ts';
import { escapeHtml } from '../support/html.ts';
import { liveFacts } from '../support/live-facts.ts';

export { THANKS_PATH } from './responses.ts';

const MARKED = new RegExp(`(<[a-z]+\\s[^>]*\\b${REPLY_TIME_ATTRIBUTE}\\b[^>]*>)[^<]*(</)`);

/** The built thank-you page `html` saying when to expect an answer, as of `now` */
export function thanksPageAt(html: string, now = new Date()): string {
  const text = escapeHtml(replyTimeText(replyTime(now, liveFacts())));
  return html.replace(MARKED, (_match, open: string, close: string) => `${open}${text}${close}`);
}
