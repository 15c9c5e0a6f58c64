import { useId } from 'react';
import { buttonClass } from '../../lib/button.ts';
import type { ReplySchedule } from '../../lib/reply-time.ts';
import {
  FIELDS,
  HERO_FIELDS,
  heroFormProblems,
  type HeroFormValues,
} from '../../lib/validation.ts';
import { LeadForm } from './LeadForm.tsx';
import { PrivacyNote } from './PrivacyNote.tsx';
import { TextField } from './TextField.tsx';
import { Toast } from './Toast.tsx';
import { useFormSubmission } from './use-form-submission.ts';

/** The hero form shows and marks only its first failing rule */
const firstProblem = (values: HeroFormValues) => heroFormProblems(values).slice(0, 1);

/** The home page's short quote form. Without JavaScript it posts natively to the same endpoint. */
export function HeroQuoteForm({
  endpoint,
  schedule,
}: {
  endpoint: string;
  schedule: ReplySchedule;
}) {
  const id = useId();
  const { formProps, sending, errors, toast, dismissToast } = useFormSubmission({
    formName: 'hero',
    endpoint,
    schedule,
    validate: firstProblem,
  });

  return (
    <LeadForm
      formName="hero"
      endpoint={endpoint}
      formProps={formProps}
      label="Request a free quote"
      className="relative space-y-4"
    >
      {HERO_FIELDS.map((name) => (
        <TextField
          key={name}
          id={`${id}-${name}`}
          name={name}
          label={FIELDS[name].labels.hero}
          error={errors[name]}
          rows={3}
        />
      ))}
      <button
        type="submit"
        disabled={sending}
        className={buttonClass({ variant: 'accent', block: true })}
      >
        {sending ? 'Sending...' : 'Get My Free Quote'}
      </button>
      <PrivacyNote />
      <Toast toast={toast} onDismiss={dismissToast} />
    </LeadForm>
  );
}
