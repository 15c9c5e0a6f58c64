/**
 * Whom a failed attempt concerns. A relay or receiver that refuses one message (a content
 * filter's 550, a webhook's 400, a redirect) has said nothing about the next lead, so only that
 * delivery is given up (refused) or retried on its own schedule (deferred). Only a failure of the
 * channel itself (no connection, TLS, a 421 or a 5xx from a receiver, 429, no answer in time)
 * says the next lead would fail too, and so may slow the whole lane.
 */

/** refused: never retried; deferred: this message again later; unavailable: the channel is down */
export type FailureKind = 'refused' | 'deferred' | 'unavailable';

export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
  readonly kind: FailureKind;
  constructor(kind: FailureKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

/** The kind of any error a channel's attempt ended with: unknown errors count as the channel's */
export function failureKind(error: unknown): FailureKind {
  return error instanceof DeliveryFailure ? error.kind : 'unavailable';
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

/**
 * An SMTP error as nodemailer reports it. The relay's answer to RCPT or DATA concerns this
 * message (EENVELOPE, EMESSAGE): 5xx refuses it, 4xx defers it. 421 is the relay closing the
 * session, and every other code (connection, TLS, greeting, authentication, timeout) is the
 * channel's.
 */
export function smtpFailure(error: unknown): DeliveryFailure {
  const { code, responseCode, response } = (error ?? {}) as SmtpError;
  const message =
    typeof response === 'string' && response
      ? response
      : error instanceof Error
        ? error.message
        : String(error);
  const aboutMessage =
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode !== 421;
  const kind: FailureKind = !aboutMessage
    ? 'unavailable'
    : responseCode >= 500
      ? 'refused'
      : 'deferred';
  return new DeliveryFailure(kind, message, { cause: error });
}

/**
 * An HTTP receiver's answer other than 2xx: a redirect or a 4xx refuses this message (the
 * receiver read it and will not take it), except 408 and 429, which like a 5xx say the receiver
 * cannot take anything now.
 */
export function httpStatusFailure(status: number, detail: string): DeliveryFailure {
  const aboutChannel = status >= 500 || status === 408 || status === 429;
  return new DeliveryFailure(aboutChannel ? 'unavailable' : 'refused', detail);
}
