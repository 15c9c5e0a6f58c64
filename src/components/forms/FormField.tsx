import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  /** The message shown under the field when it fails validation */
  error?: string | undefined;
  children: (controlProps: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, a control and its error message, linked for assistive technology */
export function FormField({ id, label, error, children }: Props) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
