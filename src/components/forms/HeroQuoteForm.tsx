import { useId, useRef, useState, type FormEvent } from 'react';
import { FIELD_MAX_LENGTHS, validateHeroForm, type HeroField } from '../../lib/validation.ts';
import { FormField, Honeypot } from './FormField.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { Toast, type ToastMessage } from './Toast.tsx';
import { useFormSubmission } from './use-form-submission.ts';

const emptyValues: Record<HeroField, string> = { name: '', email: '', message: '' };

const sent: ToastMessage = {
  kind: 'success',
  title: 'Request Sent Successfully!',
  text: "We've received your message and will get back to you shortly.",
};
const failed: ToastMessage = {
  kind: 'error',
  title: 'Submission Error',
  text: 'There was an error sending your message. Please try again or contact us directly.',
};

/** The home page's short quote form. Without JavaScript it posts natively to the same endpoint. */
export function HeroQuoteForm({ endpoint }: { endpoint: string }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(emptyValues);
  const [invalid, setInvalid] = useState<{ field: HeroField; message: string } | null>(null);
  const { sending, toast, setToast, send } = useFormSubmission({
    endpoint,
    form,
    success: sent,
    failure: failed,
    failureLog: 'Hero quote form failed to send',
  });

  const change = (field: HeroField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid?.field === field) setInvalid(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateHeroForm(values);
    if (problem) {
      setInvalid({ field: problem.field, message: problem.message });
      setToast({ kind: 'error', title: problem.title, text: problem.message });
      form.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    setInvalid(null);
    await send((finish) => {
      setValues(emptyValues);
      finish();
    });
  }

  const errorFor = (field: HeroField) => (invalid?.field === field ? invalid.message : undefined);

  return (
    <form ref={form} method="post" action={endpoint} onSubmit={onSubmit} className="relative space-y-4" aria-label="Request a free quote">
      <input type="hidden" name="form_source" value="Hero Form" />
      <Honeypot />
      <FormField id={`${id}-name`} label="Your name" error={errorFor('name')}>
        {(control) => (
          <input
            {...control}
            name="name"
            type="text"
            required
            maxLength={FIELD_MAX_LENGTHS.name}
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            className="field"
          />
        )}
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errorFor('email')}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            required
            maxLength={FIELD_MAX_LENGTHS.email}
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            className="field"
          />
        )}
      </FormField>
      <FormField id={`${id}-message`} label="What do you need done?" error={errorFor('message')}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            required
            maxLength={FIELD_MAX_LENGTHS.message}
            rows={3}
            value={values.message}
            onChange={change('message')}
            className="field"
          />
        )}
      </FormField>
      <button type="submit" disabled={sending} className="btn btn-accent w-full">
        {sending ? 'Sending...' : 'Get My Free Quote'}
      </button>
      <PrivacyNote />
      <Toast toast={toast} onDismiss={() => setToast(null)} />
    </form>
  );
}
