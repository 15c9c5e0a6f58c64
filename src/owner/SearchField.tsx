import { Search } from 'lucide-react';
import { useId } from 'react';

interface Props {
  /** What a screen reader calls the box: "Search requests" */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number | undefined;
}

/** A search box with its magnifier drawn inside it, its label read by screen readers alone */
export function SearchField({ label, placeholder, value, onChange, maxLength }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          className="field min-h-12 pl-10"
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
        />
      </div>
    </div>
  );
}
