/**
 * A finished job, added or changed from the phone: photos picked several at once, shrunk here and
 * sent one by one with a progress bar (each sent again by itself when the signal drops); title,
 * suburb (from the site's areas, or typed), the kind of job in the site's own words, what was
 * done; where the card's crop is centred, tapped on the photo; the card as the projects page will
 * show it; the home page box; then Publish now. Everything typed is kept in the tab (draft.ts), so
 * no failure costs him what he wrote.
 */
import { ArrowLeft, Camera, CloudUpload, RotateCcw, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { GalleryCard } from '../../components/gallery/GalleryCard.tsx';
import { buttonClass } from '../../lib/button.ts';
import { cn } from '../../lib/cn.ts';
import type { GalleryItem } from '../../lib/gallery.ts';
import type { JobsBody } from '../../lib/owner-api.ts';
import { Alert } from '../Alert.tsx';
import { ApiError, ownerApi } from '../api.ts';
import { useInvalidation, useJob, useJobs } from '../data.tsx';
import { errorMessage, useNotices } from '../notices.tsx';
import { goTo } from '../use-view.ts';
import { ViewHeading } from '../View.tsx';
import {
  draftOf,
  emptyDraft,
  forgetDraft,
  photoAlt,
  requestOf,
  storedDraft,
  storeDraft,
  type Draft,
  type DraftPhoto,
} from './draft.ts';
import { FocusPicker } from './FocusPicker.tsx';
import { shrinkPhoto } from './shrink.ts';
import { uploadPhoto } from './upload.ts';

/** Tries of one photo before it waits for him (or the signal's return) */
const SEND_TRIES = 3;
const RETRY_PAUSE_MS = 1500;
/** A photo that did not get through is tried again this often while the page is open */
const RETRY_EVERY_MS = 10_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
let photoCount = 0;
const newKey = () => `new-${Date.now()}-${++photoCount}`;

/** The form once the list (for its choices) and the job (when changing one) have come */
export function JobForm({ id }: { id: string | null }) {
  const { data: jobs, error: jobsError } = useJobs();
  const { data: job, error: jobError } = useJob(id);
  const problem = jobsError ?? jobError;
  const ready = jobs !== undefined && (id === null || job !== undefined);
  return (
    <div className="space-y-4">
      <a href="#jobs" className="inline-flex min-h-11 items-center gap-1.5 font-semibold">
        <ArrowLeft className="size-5" aria-hidden="true" />
        Your jobs
      </a>
      <ViewHeading>{id === null ? 'Add a finished job' : 'Change this job'}</ViewHeading>
      {problem !== undefined && <Alert>{errorMessage(problem)}</Alert>}
      {!ready && problem === undefined && <p className="text-muted">Loading…</p>}
      {ready && (
        <JobFields
          key={id ?? 'new'}
          id={id}
          choices={jobs}
          start={storedDraft(id) ?? (job ? draftOf(job) : emptyDraft(jobs.kinds[0]?.value ?? ''))}
        />
      )}
    </div>
  );
}

/** The job's fields typed as text */
type TextName = 'title' | 'suburb' | 'description';

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
function JobTextField({
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

function JobFields({ id, choices, start }: { id: string | null; choices: JobsBody; start: Draft }) {
  const { notify } = useNotices();
  const { jobsChanged, siteChanged } = useInvalidation();
  const [draft, setDraft] = useState<Draft>(start);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState<'save' | 'publish' | null>(null);
  const blobs = useRef(new Map<string, Blob>());
  // Each new photo as the phone has it, shown before the server has it
  const [localUrls, setLocalUrls] = useState<Readonly<Record<string, string>>>({});
  const madeUrls = useRef<string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const fieldId = useId();
  const ids = {
    title: `${fieldId}-title`,
    suburb: `${fieldId}-suburb`,
    suburbs: `${fieldId}-suburbs`,
    description: `${fieldId}-description`,
    photos: `${fieldId}-photos`,
  };
  const { labels } = choices;

  // Every change kept in the tab at once
  useEffect(() => storeDraft(id, draft), [id, draft]);
  useEffect(() => {
    const urls = madeUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const changePhoto = useCallback(
    (key: string, fields: Partial<DraftPhoto>) =>
      setDraft((current) => ({
        ...current,
        photos: current.photos.map((photo) =>
          photo.key === key ? { ...photo, ...fields } : photo,
        ),
      })),
    [],
  );

  /** Sends one photo, after those before it, trying again by itself a few times */
  const send = useCallback(
    (key: string) => {
      queue.current = queue.current.then(async () => {
        const blob = blobs.current.get(key);
        if (!blob) return changePhoto(key, { state: 'lost', progress: 0 });
        for (let attempt = 1; ; attempt++) {
          changePhoto(key, { state: 'sending', progress: 0, problem: undefined });
          try {
            const sent = await uploadPhoto(blob, (progress) => changePhoto(key, { progress }));
            changePhoto(key, { state: 'sent', progress: 1, upload: sent.upload, url: sent.url });
            return;
          } catch (error) {
            const noSignal = error instanceof ApiError && error.status === 0;
            if (!noSignal || attempt >= SEND_TRIES) {
              changePhoto(key, { state: 'failed', progress: 0, problem: errorMessage(error) });
              return;
            }
            await pause(RETRY_PAUSE_MS * attempt);
          }
        }
      });
    },
    [changePhoto],
  );

  // When the signal comes back (or, as a phone does not always say so, every little while), the
  // photos that did not get through go again by themselves
  const failed = draft.photos.filter((photo) => photo.state === 'failed').map((photo) => photo.key);
  const failedKeys = failed.join();
  useEffect(() => {
    if (failedKeys === '') return;
    const again = () => {
      if (navigator.onLine) failedKeys.split(',').forEach(send);
    };
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [failedKeys, send]);

  const addPhotos = async (files: FileList | null) => {
    const room = choices.maxPhotos - draft.photos.length;
    const picked = [...(files ?? [])].slice(0, Math.max(0, room));
    if (files && files.length > picked.length)
      notify({
        kind: 'error',
        text: `A job shows up to ${choices.maxPhotos} photos; ${files.length - picked.length} left out.`,
      });
    const added = picked.map((file) => ({ file, key: newKey() }));
    setDraft((current) => ({
      ...current,
      photos: [
        ...current.photos,
        ...added.map(({ key }) => ({ key, state: 'shrinking' as const, progress: 0, alt: '' })),
      ],
    }));
    for (const { file, key } of added) {
      try {
        const shrunk = await shrinkPhoto(file);
        blobs.current.set(key, shrunk.blob);
      } catch {
        // The browser cannot draw it: the server makes the original safe instead
        blobs.current.set(key, file);
      }
      const url = URL.createObjectURL(blobs.current.get(key)!);
      madeUrls.current.push(url);
      setLocalUrls((current) => ({ ...current, [key]: url }));
      send(key);
    }
  };

  const removePhoto = (key: string) =>
    setDraft((current) => ({
      ...current,
      photos: current.photos.filter((photo) => photo.key !== key),
    }));

  const pictureOf = (photo: DraftPhoto) => localUrls[photo.key] ?? photo.url;
  const waiting = draft.photos.some(
    (photo) => photo.state === 'shrinking' || photo.state === 'sending',
  );
  const notThere = draft.photos.filter(
    (photo) => photo.state === 'failed' || photo.state === 'lost',
  );

  const save = async (publish: boolean) => {
    setProblem(null);
    if (waiting) {
      setProblem({ field: 'photos', message: 'Wait until every photo has arrived.' });
      return;
    }
    if (notThere.length > 0) {
      setProblem({
        field: 'photos',
        message: 'A photo did not get through: tap Try again on it, or remove it.',
      });
      return;
    }
    setSaving(publish ? 'publish' : 'save');
    try {
      const saved = await ownerApi.saveJob(id, requestOf(draft));
      forgetDraft(id);
      await jobsChanged();
      if (publish) {
        await ownerApi.publish();
        await siteChanged();
        notify({ kind: 'success', text: 'Saved. Your site is being published.' });
        goTo('#site');
      } else {
        notify({ kind: 'success', text: 'Saved. Publish it from Site when you are ready.' });
        goTo(`#jobs/${saved.id}`);
      }
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const noSignal = error instanceof ApiError && error.status === 0;
      setProblem({
        ...(field ? { field } : {}),
        message: noSignal
          ? 'No signal. Your job is kept on this phone: tap the button again when you have signal.'
          : errorMessage(error),
      });
      // A job saved before the publish was refused is saved: the list shows it
      if (!noSignal) await jobsChanged();
    } finally {
      setSaving(null);
    }
  };

  const problemFor = (field: string) => (problem?.field === field ? problem.message : undefined);
  /** A text field tied to its place in the draft */
  const textField = (name: TextName) => ({
    id: ids[name],
    label: labels[name],
    value: draft[name],
    problem: problemFor(name),
    onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
  });
  const first = draft.photos[0];
  const firstPicture = first && pictureOf(first);
  const preview = useMemo<GalleryItem | undefined>(() => {
    if (!firstPicture) return undefined;
    const picture = { src: firstPicture, width: 1200, height: 900 };
    return {
      id: 'preview',
      title: draft.title.trim() || 'Your job’s title',
      description: draft.description.trim() || 'What you did shows here.',
      category: draft.category,
      alt: first.alt || photoAlt(draft.title, 0, draft.photos.length),
      thumb: { ...picture, sources: [], srcset: '' },
      full: picture,
      more: draft.photos.slice(1).map((photo) => ({ ...picture, alt: photo.alt })),
      focus: draft.focus,
    };
  }, [firstPicture, first, draft]);

  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      {problem && problem.field === undefined && <Alert>{problem.message}</Alert>}

      <section aria-labelledby={ids.photos} className="space-y-3">
        <h2 id={ids.photos} className="text-h3">
          {labels.photos}
        </h2>
        <ul className="grid grid-cols-3 gap-2">
          {draft.photos.map((photo, place) => (
            <PhotoTile
              key={photo.key}
              photo={photo}
              place={place}
              picture={pictureOf(photo)}
              onRetry={() => send(photo.key)}
              onRemove={() => removePhoto(photo.key)}
            />
          ))}
        </ul>
        {draft.photos.length < choices.maxPhotos && (
          <label className={buttonClass({ variant: 'brand', block: true }, 'cursor-pointer')}>
            <Camera className="size-5" aria-hidden="true" />
            {draft.photos.length === 0 ? 'Add photos' : 'Add more photos'}
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              onChange={(event) => {
                void addPhotos(event.target.files);
                event.target.value = '';
              }}
            />
          </label>
        )}
        {problemFor('photos') && <p className="field-error">{problemFor('photos')}</p>}
      </section>

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

      <fieldset>
        <legend className="field-label text-base">{labels.category}</legend>
        <div className="grid grid-cols-2 gap-2">
          {choices.kinds.map((kind) => (
            <label
              key={kind.value}
              className="flex min-h-14 cursor-pointer flex-col justify-center rounded-lg border border-gray-400 bg-white px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-100"
            >
              <span className="flex items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name={`${fieldId}-category`}
                  value={kind.value}
                  checked={draft.category === kind.value}
                  onChange={() => change({ category: kind.value })}
                />
                {kind.value}
              </span>
              <span className="text-sm text-muted">{kind.hint}</span>
            </label>
          ))}
        </div>
        {problemFor('category') && <p className="field-error">{problemFor('category')}</p>}
      </fieldset>

      <JobTextField
        {...textField('description')}
        multiline
        className="min-h-32"
        placeholder="What was wrong, what you did, what the customer got."
      />

      {firstPicture && preview && (
        <section className="space-y-3" aria-label="The card on your site">
          <FocusPicker
            picture={firstPicture}
            focus={draft.focus}
            onChange={(focus) => change({ focus })}
          />
          <h2 className="text-h3">The card on your site</h2>
          <div className="max-w-sm" data-job-preview="">
            <GalleryCard item={preview} onOpen={() => undefined} />
          </div>
        </section>
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
          onClick={() => void save(false)}
        >
          {saving === 'save' ? 'Saving…' : 'Save, publish later'}
        </button>
      </div>
    </form>
  );
}

const STATE_WORDS: Readonly<Record<DraftPhoto['state'], string>> = {
  shrinking: 'Getting it ready…',
  sending: 'Sending…',
  sent: 'Arrived',
  kept: 'On the job',
  failed: 'Did not get through',
  lost: 'Lost when the page closed: remove it and pick it again',
};

function PhotoTile({
  photo,
  place,
  picture,
  onRetry,
  onRemove,
}: {
  photo: DraftPhoto;
  place: number;
  picture: string | undefined;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const name = `Photo ${place + 1}`;
  return (
    <li className="flex flex-col gap-1" data-photo-state={photo.state}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-brand-100">
        {picture && <img src={picture} alt="" className="size-full object-cover" />}
        {place === 0 && (
          <span className="absolute bottom-1 left-1 rounded bg-brand-900 px-1.5 text-xs font-semibold text-white">
            On the card
          </span>
        )}
        <button
          type="button"
          onClick={onRemove}
          className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-danger-700"
          aria-label={`Remove ${name.toLowerCase()}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      {(photo.state === 'sending' || photo.state === 'shrinking') && (
        <progress
          className="h-2 w-full accent-brand-700"
          max={1}
          value={photo.state === 'sending' ? photo.progress : undefined}
          aria-label={`${name}: sending`}
        />
      )}
      <p className="text-xs text-muted" role={photo.state === 'failed' ? 'alert' : undefined}>
        {photo.state === 'sending'
          ? `Sending… ${Math.round(photo.progress * 100)}%`
          : (photo.problem ?? STATE_WORDS[photo.state])}
      </p>
      {photo.state === 'failed' && (
        <button
          type="button"
          onClick={onRetry}
          className={buttonClass({ variant: 'outline', size: 'sm', block: true })}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Try again
        </button>
      )}
    </li>
  );
}
