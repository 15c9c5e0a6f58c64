/** One of the job's text fields (title, suburb, what was done) with its label and its problem */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The job's fields typed as text */
export type TextName = 'title' | 'suburb' | 'description';

interface JobTextFieldProps {
  id: string;
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  /** A textarea rather than a one-line input */
  multiline?: boolean;
  className?: string;
  placeholder?: string;
  list?: string;
  autoComplete?: string;
  /** After the control: a list of suggestions */
  children?: ReactNode;
}

/** One of the job's text fields: its label, the control, and the problem with it under it */
export function JobTextField({
  id,
  label,
  value,
  problem,
  onChange,
  multiline = false,
  className,
  children,
  ...attributes
}: JobTextFieldProps) {
  const control = {
    id,
    className: cn('field', className),
    value,
    'aria-invalid': problem ? true : undefined,
    ...attributes,
  };
  return (
    <div>
      <label htmlFor={id} className="field-label text-base">
        {label}
      </label>
      {multiline ? (
        <textarea {...control} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...control} onChange={(event) => onChange(event.target.value)} />
      )}
      {children}
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
