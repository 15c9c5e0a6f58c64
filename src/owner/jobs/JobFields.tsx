/**
 * The job's form once its choices have come: the photos, title, suburb, kind and what was done,
 * the card as it will show, the home page box, then Publish now or Save.
 */
import { useId } from 'react';
import type { JobsBody } from '../../lib/owner-api.ts';
import { Alert } from '../Alert.tsx';
import { CardPreview } from './CardPreview.tsx';
import type { Draft } from './draft.ts';
import { JobKindChoice } from './JobKindChoice.tsx';
import { JobPhotos } from './JobPhotos.tsx';
import { JobTextField, type TextName } from './JobTextField.tsx';
import { PublishButtons } from './PublishButtons.tsx';
import { useJobDraft } from './use-job-draft.ts';
import { useJobSave } from './use-job-save.ts';
import { usePhotoSending } from './use-photo-sending.ts';

export function JobFields({
  id,
  choices,
  start,
}: {
  id: string | null;
  choices: JobsBody;
  start: Draft;
}) {
  const { draft, change, updatePhotos } = useJobDraft(id, start);
  const sending = usePhotoSending(draft.photos, updatePhotos);
  const { save, saving, problemFor, formProblem } = useJobSave(id, draft);
  const fieldId = useId();
  const ids = {
    title: `${fieldId}-title`,
    suburb: `${fieldId}-suburb`,
    suburbs: `${fieldId}-suburbs`,
    description: `${fieldId}-description`,
    photos: `${fieldId}-photos`,
  };
  const { labels } = choices;

  /** A text field tied to its place in the draft */
  const textField = (name: TextName) => ({
    id: ids[name],
    label: labels[name],
    value: draft[name],
    problem: problemFor(name),
    onChange: (value: string) => change({ [name]: value }),
  });
  const first = draft.photos[0];
  const firstPicture = first && sending.pictureOf(first);

  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      {formProblem !== undefined && <Alert>{formProblem}</Alert>}

      <JobPhotos
        headingId={ids.photos}
        heading={labels.photos}
        photos={draft.photos}
        maxPhotos={choices.maxPhotos}
        sending={sending}
        updatePhotos={updatePhotos}
        problem={problemFor('photos')}
      />

      <JobTextField
        {...textField('title')}
        placeholder="Switchboard upgrade in a 1960s Howick home"
      />

      <JobTextField {...textField('suburb')} list={ids.suburbs} autoComplete="off">
        <datalist id={ids.suburbs}>
          {choices.suburbs.map((suburb) => (
            <option key={suburb} value={suburb} />
          ))}
        </datalist>
      </JobTextField>

      <JobKindChoice
        name={`${fieldId}-category`}
        legend={labels.category}
        kinds={choices.kinds}
        value={draft.category}
        onChange={(category) => change({ category })}
        problem={problemFor('category')}
      />

      <JobTextField
        {...textField('description')}
        multiline
        className="min-h-32"
        placeholder="What was wrong, what you did, what the customer got."
      />

      {firstPicture && (
        <CardPreview
          draft={draft}
          picture={firstPicture}
          onFocusChange={(focus) => change({ focus })}
        />
      )}

      <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-gray-400 bg-white px-3 font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={draft.featured}
          onChange={(event) => change({ featured: event.target.checked })}
        />
        {labels.featured}
      </label>
      {problemFor('featured') && <p className="field-error">{problemFor('featured')}</p>}

      <PublishButtons saving={saving} onSaveOnly={() => void save(false)} />
    </form>
  );
}
