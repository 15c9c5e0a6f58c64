import { useId } from 'react';
import { QUOTE_SERVICE_OPTIONS } from '../../config/quote.ts';
import { buttonClass } from '../../lib/button.ts';
import type { ReplySchedule } from '../../lib/reply-time.ts';
import { FIELDS, validateQuoteForm, type TextFieldName } from '../../lib/validation.ts';
import { FormField } from './FormField.tsx';
import { LeadForm } from './LeadForm.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { TextField } from './TextField.tsx';
import { Toast } from './Toast.tsx';
import { useFormSubmission } from './use-form-submission.ts';

/** The fields laid out two to a row on wider screens; service and the message take a full row each */
const PAIRED_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
] as const satisfies readonly TextFieldName[];

/** The full quote request form. Without JavaScript it posts natively to the same endpoint. */
export function QuoteForm({ endpoint, schedule }: { endpoint: string; schedule: ReplySchedule }) {
  const id = useId();
  const { formProps, sending, errors, toast, dismissToast } = useFormSubmission({
    formName: 'quote',
    endpoint,
    schedule,
    validate: validateQuoteForm,
  });
  const textField = (name: TextFieldName, rows?: number) => (
    <TextField
      key={name}
      id={`${id}-${name}`}
      name={name}
      label={FIELDS[name].labels.quote}
      error={errors[name]}
      rows={rows}
    />
  );

  return (
    <LeadForm
      formName="quote"
      endpoint={endpoint}
      formProps={formProps}
      label="Quote request"
      className="relative grid gap-5 sm:grid-cols-2"
    >
      {PAIRED_FIELDS.map((name) => textField(name))}
      <div className="sm:col-span-2">
        <FormField id={`${id}-service`} label={FIELDS.service.labels.quote} error={errors.service}>
          {(control) => (
            <select
              {...control}
              name="service"
              required={FIELDS.service.required}
              className="field"
            >
              <option value="">Select a Service</option>
              {QUOTE_SERVICE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="sm:col-span-2">{textField('message', 5)}</div>
      <button
        type="submit"
        disabled={sending}
        className={buttonClass({ variant: 'accent' }, 'sm:col-span-2')}
      >
        {sending ? 'Submitting...' : 'Request My Free Quote'}
      </button>
      <PrivacyNote className="sm:col-span-2" />
      <Toast toast={toast} onDismiss={dismissToast} />
    </LeadForm>
  );
}
