/** The form's end: Publish now (its submit), or save it and publish later */
import { CloudUpload } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';

export function PublishButtons({
  saving,
  onSaveOnly,
}: {
  /** Which of the two is under way, if either */
  saving: 'save' | 'publish' | null;
  onSaveOnly: () => void;
}) {
  return (
    <div className="space-y-2">
      <button
        type="submit"
        className={buttonClass({ variant: 'accent', block: true })}
        disabled={saving !== null}
      >
        <CloudUpload className="size-5" aria-hidden="true" />
        {saving === 'publish' ? 'Publishing…' : 'Publish now'}
      </button>
      <button
        type="button"
        className={buttonClass({ variant: 'outline', block: true })}
        disabled={saving !== null}
        onClick={onSaveOnly}
      >
        {saving === 'save' ? 'Saving…' : 'Save, publish later'}
      </button>
    </div>
  );
}
