import { useCallback, useId, useState } from 'react';
import { QUOTE_SERVICE_OPTIONS } from '../../config/quote.ts';
import { buttonClass } from '../../lib/button.ts';
import type { ReplySchedule } from '../../lib/reply-time.ts';
import { FIELDS, validateQuoteForm, type TextFieldName } from '../../lib/validation.ts';
import { PHOTO_FIELD } from '../../lib/photos.ts';
import { submitForm } from '../../lib/submit-form.ts';
import { FormField } from './FormField.tsx';
import { LeadForm } from './LeadForm.tsx';
import { PhotoField } from './PhotoField.tsx';
import type { UploadError } from './photo-upload.ts';
import { PrivacyNote } from './PrivacyNote.tsx';
import { TextField } from './TextField.tsx';
import { Toast, type ToastMessage } from './Toast.tsx';
import { useFormSubmission } from './use-form-submission.ts';

/** The fields laid out two to a row on wider screens; service and the message take a full row each */
const PAIRED_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
] as const satisfies readonly TextFieldName[];

/** Where a send with photos is: shrinking them, then so many bytes of the whole sent */
type Progress = { phase: 'preparing' } | { phase: 'sending'; sent: number; total: number };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function isUploadError(error: unknown): error is UploadError {
  return error instanceof Error && error.name === 'UploadError';
}

/** What the visitor is told when a send with photos fails: what he typed is still in the form */
function photoFailureToast(error: unknown): ToastMessage | null {
  if (!isUploadError(error) && navigator.onLine) return null;
  if (isUploadError(error) && error.status !== 0)
    return {
      kind: 'error',
      title: 'Your request was not sent',
      text: `${error.serverMessage ?? 'The server could not take it.'} Your details are still in the form.`,
    };
  return {
    kind: 'error',
    title: 'The connection dropped',
    text: 'Your request was not sent, but your details and photos are still here. Press the button again when you have signal, or remove the photos to send it faster.',
  };
}

/**
 * The full quote request form, with optional photos. Without JavaScript it posts natively to the
 * same endpoint (multipart, the photos as they are). With it, photos are shrunk in the browser
 * and sent with a progress bar (photo-upload.ts, loaded only when there are photos to send).
 */
export function QuoteForm({
  endpoint,
  schedule,
  takesPhotos,
}: {
  endpoint: string;
  schedule: ReplySchedule;
  /** Whether it offers photos: the site's own server takes them, a hosted form service the text alone */
  takesPhotos: boolean;
}) {
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);

  async function send(to: string, data: FormData) {
    if (photos.length === 0) {
      // The file input is emptied after each pick: without photos, the text alone is sent
      data.delete(PHOTO_FIELD);
      return submitForm(to, data);
    }
    setProgress({ phase: 'preparing' });
    try {
      const { uploadForm, withShrunkPhotos } = await import('./photo-upload.ts');
      const withPhotos = await withShrunkPhotos(data, photos);
      await uploadForm(to, withPhotos, (sent, total) =>
        setProgress({ phase: 'sending', sent, total }),
      );
    } finally {
      setProgress(null);
    }
  }

  const { formProps, sending, errors, toast, dismissToast } = useFormSubmission({
    formName: 'quote',
    endpoint,
    schedule,
    validate: validateQuoteForm,
    send,
    failureToast: photoFailureToast,
  });
  const changePhotos = useCallback((next: File[]) => setPhotos(next), []);
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
      encType={takesPhotos ? 'multipart/form-data' : undefined}
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
      {takesPhotos && (
        <div className="sm:col-span-2">
          <PhotoField
            id={`${id}-photos`}
            photos={photos}
            onChange={changePhotos}
            disabled={sending}
          />
        </div>
      )}
      <button
        type="submit"
        disabled={sending}
        className={buttonClass({ variant: 'accent' }, 'sm:col-span-2')}
      >
        {sending ? 'Submitting...' : 'Request My Free Quote'}
      </button>
      {progress && (
        <div className="sm:col-span-2">
          <p role="status" className="text-sm font-semibold text-brand-900">
            {progress.phase === 'preparing'
              ? 'Getting your photos ready…'
              : 'Sending your request and photos…'}
          </p>
          {progress.phase === 'sending' && (
            <>
              <progress
                className="mt-2 h-3 w-full accent-accent-500"
                max={progress.total}
                value={progress.sent}
                aria-label="Sent so far"
              />
              <p className="mt-1 text-sm text-muted">
                {Math.floor((progress.sent / progress.total) * 100)}% ({megabytes(progress.sent)} of{' '}
                {megabytes(progress.total)})
              </p>
            </>
          )}
        </div>
      )}
      <PrivacyNote className="sm:col-span-2" />
      <Toast toast={toast} onDismiss={dismissToast} />
    </LeadForm>
  );
}
