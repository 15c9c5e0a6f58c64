import { QUOTE_CLEAR_DELAY_MS } from '../../lib/constants.ts';
import type { FormName } from '../../lib/validation.ts';
import type { ToastMessage } from './Toast.tsx';

interface SendOutcomes {
  success: ToastMessage;
  failure: ToastMessage;
  /** Written to the console with the error when a send fails */
  failureLog: string;
  /** How long the sent values stay in view before the form clears and sending ends */
  clearAfterMs: number;
}

/** What each form shows and does once a send succeeds or fails (SPEC.md sections 4 and 8) */
export const SEND_OUTCOMES: Readonly<Record<FormName, SendOutcomes>> = {
  hero: {
    success: {
      kind: 'success',
      title: 'Request Sent Successfully!',
      text: "We've received your message and will get back to you shortly.",
    },
    failure: {
      kind: 'error',
      title: 'Submission Error',
      text: 'There was an error sending your message. Please try again or contact us directly.',
    },
    failureLog: 'Hero quote form failed to send',
    clearAfterMs: 0,
  },
  quote: {
    success: {
      kind: 'success',
      title: 'Quote Request Submitted',
      text: "We've received your request and will get back to you shortly.",
    },
    failure: {
      kind: 'error',
      title: 'Submission Error',
      text: 'There was an error submitting your request. Please try again or contact us directly.',
    },
    failureLog: 'Quote form failed to submit',
    // The visitor sees what they sent for a moment before the form clears
    clearAfterMs: QUOTE_CLEAR_DELAY_MS,
  },
};
