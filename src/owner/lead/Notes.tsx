import { useId, useState, type SubmitEvent } from 'react';
import { buttonClass } from '../../lib/button.ts';
import { NOTE_MAX_LENGTH, type LeadNote } from '../../lib/owner-api.ts';
import { formatDateTime } from '../time.ts';

interface Props {
  notes: LeadNote[];
  onAdd: (text: string) => Promise<boolean>;
}

/** His notes on the request, oldest first, each with its time, and a box for the next */
export function Notes({ notes, onAdd }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    if (await onAdd(text.trim())) setText('');
    setBusy(false);
  }

  return (
    <div>
      {notes.length === 0 ? (
        <p className="text-muted">No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {notes.map((note, index) => (
            <li key={`${note.at}-${index}`} className="rounded-lg bg-brand-50 p-3">
              <p className="text-sm font-semibold text-brand-800">
                <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="mt-4" onSubmit={(event) => void submit(event)}>
        <label htmlFor={id} className="field-label">
          Add a note
        </label>
        <textarea
          id={id}
          className="field min-h-24"
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-count`}
        />
        <div className="mt-2 flex items-center justify-between gap-3">
          <p id={`${id}-count`} className="text-sm text-muted">
            {text.length} of {NOTE_MAX_LENGTH} characters
          </p>
          <button
            type="submit"
            className={buttonClass({ variant: 'brand', size: 'sm' })}
            disabled={busy || !text.trim()}
          >
            {busy ? 'Adding…' : 'Add note'}
          </button>
        </div>
      </form>
    </div>
  );
}
