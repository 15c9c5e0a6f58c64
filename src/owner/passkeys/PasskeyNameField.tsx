import type { Ref } from 'react';
import { PASSKEY_NAME_MAX_LENGTH } from '../../lib/owner-api.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (name: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A passkey's name, as the owner gives it when he makes or renames one */
export function PasskeyNameField({ id, label, value, onChange, inputRef }: Props) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="field"
        value={value}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        required
      />
    </>
  );
}
