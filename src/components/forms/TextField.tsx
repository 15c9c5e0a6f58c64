import { FIELDS, type FieldSpec, type TextFieldName } from '../../lib/validation.ts';
import { FormField } from './FormField.tsx';

interface Props {
  id: string;
  name: TextFieldName;
  /** The label this form gives the field (the table has one per form) */
  label: string;
  error?: string | undefined;
  /** Visible lines, for a field typed into a textarea */
  rows?: number | undefined;
}

/**
 * A labelled text input or textarea as the field table describes it. Uncontrolled: the form
 * reads its values on submit, so whatever is typed before the island hydrates is kept.
 */
export function TextField({ id, name, label, error, rows }: Props) {
  const spec: FieldSpec = FIELDS[name];
  return (
    <FormField id={id} label={label} error={error}>
      {(control) =>
        spec.control === 'textarea' ? (
          <textarea
            {...control}
            name={name}
            required={spec.required}
            maxLength={spec.maxLength}
            rows={rows}
            className="field"
          />
        ) : (
          <input
            {...control}
            name={name}
            type={spec.type}
            required={spec.required}
            maxLength={spec.maxLength}
            autoComplete={spec.autoComplete}
            className="field"
          />
        )
      }
    </FormField>
  );
}
