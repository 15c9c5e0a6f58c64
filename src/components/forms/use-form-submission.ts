import { useState, type SubmitEvent, type SyntheticEvent } from 'react';
import { replyTime, replyTimeText, type ReplySchedule } from '../../lib/reply-time.ts';
import { formValues, submitForm } from '../../lib/submit-form.ts';
import type { FieldProblem, FormName, QuoteField } from '../../lib/validation.ts';
import { SEND_OUTCOMES } from './send-outcomes.ts';
import type { ToastMessage } from './Toast.tsx';

interface Options {
  formName: FormName;
  endpoint: string;
  /** The problems to mark, in order: the first one's field is focused and its texts make the toast */
  validate: (values: Readonly<Record<string, string>>) => readonly FieldProblem[];
  /** The business's opening hours and closure, for when to expect an answer (as the acknowledgement e-mail says it) */
  schedule: ReplySchedule;
  /** Sends the form's data in its own way (the quote form's photos); a plain post when not given */
  send?: ((endpoint: string, data: FormData) => Promise<void>) | undefined;
  /** The toast for a failed send, when it has better words than the form's usual one */
  failureToast?: ((error: unknown) => ToastMessage | null) | undefined;
}

type FieldErrors = Partial<Record<QuoteField, string>>;

/** Once hydrated our validation replaces the browser's; without JavaScript, `required` and `type` still apply */
function validateInScript(form: HTMLFormElement | null) {
  if (form) form.noValidate = true;
}

function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field));
}

/**
 * What both quote forms share. The inputs are uncontrolled: values are read with FormData on
 * submit, so nothing re-renders per keystroke and text typed before hydration is sent. A field's
 * error clears when it is changed; one toast at a time; on failure the toast shows, the error is
 * logged and the values stay; on success the toast also says when to expect an answer and the form
 * clears as SEND_OUTCOMES says.
 */
export function useFormSubmission({
  formName,
  endpoint,
  validate,
  schedule,
  send = submitForm,
  failureToast,
}: Options) {
  const { success, failure, failureLog, clearAfterMs } = SEND_OUTCOMES[formName];
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onChange(event: SyntheticEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    setErrors((current) => withoutError(current, name));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const problems = validate(formValues(data));
    setErrors(Object.fromEntries(problems.map(({ field, message }) => [field, message])));
    const [first] = problems;
    if (first) {
      setToast({ kind: 'error', title: first.title, text: first.message });
      form.querySelector<HTMLElement>(`[name="${first.field}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      await send(endpoint, data);
    } catch (error) {
      console.error(failureLog, error);
      setToast(failureToast?.(error) ?? failure);
      setSending(false);
      return;
    }
    setToast({
      ...success,
      text: `${success.text} ${replyTimeText(replyTime(new Date(), schedule))}`,
    });
    const clear = () => {
      form.reset();
      setSending(false);
    };
    if (clearAfterMs > 0) window.setTimeout(clear, clearAfterMs);
    else clear();
  }

  return {
    /** Spread onto the <form> */
    formProps: { ref: validateInScript, onChange, onSubmit },
    sending,
    errors,
    toast,
    dismissToast: () => setToast(null),
  };
}
