import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { QUOTE_SERVICE_OPTIONS } from '../../config/quote.ts';
import { QUOTE_CLEAR_DELAY_MS } from '../../lib/constants.ts';
import { FIELD_MAX_LENGTHS, validateQuoteForm, type QuoteField } from '../../lib/validation.ts';
import { FormField, Honeypot } from './FormField.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { Toast, type ToastMessage } from './Toast.tsx';
import { useFormSubmission } from './use-form-submission.ts';

const emptyValues: Record<QuoteField, string> = { name: '', email: '', phone: '', address: '', service: '', message: '' };

const submitted: ToastMessage = {
  kind: 'success',
  title: 'Quote Request Submitted',
  text: "We've received your request and will get back to you shortly.",
};
const failed: ToastMessage = {
  kind: 'error',
  title: 'Submission Error',
  text: 'There was an error submitting your request. Please try again or contact us directly.',
};

/** The full quote request form. Without JavaScript it posts natively to the same endpoint. */
export function QuoteForm({ endpoint }: { endpoint: string }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<QuoteField, string>>>({});
  const {
    sending: submitting,
    toast,
    setToast,
    send,
  } = useFormSubmission({ endpoint, form, success: submitted, failure: failed, failureLog: 'Quote form failed to submit' });

  const change = (field: QuoteField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateQuoteForm(values);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
      setToast({ kind: 'error', title: problems[0]!.title, text: problems[0]!.message });
      form.current?.querySelector<HTMLElement>(`[name="${problems[0]!.field}"]`)?.focus();
      return;
    }
    await send((finish) => {
      // The visitor sees what they sent for a moment before the form clears
      window.setTimeout(() => {
        setValues(emptyValues);
        finish();
      }, QUOTE_CLEAR_DELAY_MS);
    });
  }

  const field = (name: QuoteField, label: string, render: (control: object) => ReactNode) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      {render}
    </FormField>
  );

  return (
    <form
      ref={form}
      method="post"
      action={endpoint}
      onSubmit={onSubmit}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-label="Quote request"
    >
      <input type="hidden" name="form_source" value="Quote Form" />
      <Honeypot />
      {field('name', 'Full name', (control) => (
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
      ))}
      {field('email', 'Email', (control) => (
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
      ))}
      {field('phone', 'Phone', (control) => (
        <input
          {...control}
          name="phone"
          type="tel"
          required
          maxLength={FIELD_MAX_LENGTHS.phone}
          autoComplete="tel"
          value={values.phone}
          onChange={change('phone')}
          className="field"
        />
      ))}
      {field('address', 'Address', (control) => (
        <input
          {...control}
          name="address"
          type="text"
          required
          maxLength={FIELD_MAX_LENGTHS.address}
          autoComplete="address-line1"
          value={values.address}
          onChange={change('address')}
          className="field"
        />
      ))}
      <div className="sm:col-span-2">
        {field('service', 'Service', (control) => (
          <select {...control} name="service" required value={values.service} onChange={change('service')} className="field">
            <option value="">Select a Service</option>
            {QUOTE_SERVICE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ))}
      </div>
      <div className="sm:col-span-2">
        {field('message', 'Tell us about the job', (control) => (
          <textarea
            {...control}
            name="message"
            required
            maxLength={FIELD_MAX_LENGTHS.message}
            rows={5}
            value={values.message}
            onChange={change('message')}
            className="field"
          />
        ))}
      </div>
      <button type="submit" disabled={submitting} className="btn btn-accent sm:col-span-2">
        {submitting ? 'Submitting...' : 'Request My Free Quote'}
      </button>
      <PrivacyNote className="sm:col-span-2" />
      <Toast toast={toast} onDismiss={() => setToast(null)} />
    </form>
  );
}
