/** The kind of job, picked from the site's own kinds, each with its hint under it */
import type { JobsBody } from '../../lib/owner-api.ts';

export function JobKindChoice({
  name,
  legend,
  kinds,
  value,
  onChange,
  problem,
}: {
  /** The radio buttons' shared name */
  name: string;
  legend: string;
  kinds: JobsBody['kinds'];
  value: string;
  onChange: (kind: string) => void;
  problem: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="field-label text-base">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {kinds.map((kind) => (
          <label
            key={kind.value}
            className="flex min-h-14 cursor-pointer flex-col justify-center rounded-lg border border-gray-400 bg-white px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-100"
          >
            <span className="flex items-center gap-2 font-semibold">
              <input
                type="radio"
                name={name}
                value={kind.value}
                checked={value === kind.value}
                onChange={() => onChange(kind.value)}
              />
              {kind.value}
            </span>
            <span className="text-sm text-muted">{kind.hint}</span>
          </label>
        ))}
      </div>
      {problem && <p className="field-error">{problem}</p>}
    </fieldset>
  );
}
