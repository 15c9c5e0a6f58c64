import { useEffect, useState, type RefObject } from 'react';
import { submitForm } from '../../lib/submit-form.ts';
import type { ToastMessage } from './Toast.tsx';

interface Options {
  endpoint: string;
  form: RefObject<HTMLFormElement | null>;
  success: ToastMessage;
  failure: ToastMessage;
  /** Written to the console with the error when a send fails */
  failureLog: string;
}

/**
 * What both quote forms share: our validation replaces the browser's once hydrated (without
 * JavaScript, `required` and `type` still apply), one toast at a time, and the sending state.
 * On failure the toast shows, the error is logged and the values stay; on success the form
 * decides when to clear and when sending ends.
 */
export function useFormSubmission({ endpoint, form, success, failure, failureLog }: Options) {
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, [form]);

  async function send(afterSuccess: (finish: () => void) => void) {
    setSending(true);
    try {
      await submitForm(endpoint, form.current!);
    } catch (error) {
      console.error(failureLog, error);
      setToast(failure);
      setSending(false);
      return;
    }
    setToast(success);
    afterSuccess(() => setSending(false));
  }

  return { sending, toast, setToast, send };
}
