import type { ReactNode } from 'react';
import { FORM_SOURCES, type FormName } from '../../lib/validation.ts';
import type { useFormSubmission } from './use-form-submission.ts';

/** The honeypot: invisible to people, tempting to bots; the endpoint ignores posts that fill it */
function Honeypot() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name="_gotcha" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * A quote request form: it posts to `endpoint` natively, or through `formProps`' script when
 * JavaScript runs, and tells the endpoint which form it is and the honeypot bots fill in
 */
export function LeadForm({
  formName,
  endpoint,
  formProps,
  label,
  className,
  encType,
  children,
}: {
  formName: FormName;
  endpoint: string;
  formProps: ReturnType<typeof useFormSubmission>['formProps'];
  label: string;
  className: string;
  /** multipart/form-data for a form with a file input, so its files are posted without JavaScript too */
  encType?: 'multipart/form-data' | undefined;
  children: ReactNode;
}) {
  return (
    <form
      {...formProps}
      method="post"
      action={endpoint}
      encType={encType}
      className={className}
      aria-label={label}
    >
      <input type="hidden" name="form_source" value={FORM_SOURCES[formName]} />
      <Honeypot />
      {children}
    </form>
  );
}
