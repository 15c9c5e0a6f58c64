/**
 * Saving the job, and publishing the site after it when he asks: not before every photo has
 * arrived, and on a lost signal the job stays in the tab with a word on tapping again. A problem
 * the server names a field for is shown at that field, any other above the form.
 */
import { useState } from 'react';
import { ApiError, ownerApi } from '../api.ts';
import { useInvalidation } from '../data.tsx';
import { errorMessage, useNotices } from '../notices.tsx';
import { goTo } from '../use-view.ts';
import { forgetDraft, requestOf, type Draft } from './draft.ts';

interface SaveProblem {
  field?: string;
  message: string;
}

export function useJobSave(id: string | null, draft: Draft) {
  const { notify } = useNotices();
  const { jobsChanged, siteChanged } = useInvalidation();
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState<'save' | 'publish' | null>(null);

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

  /** The problem to show at a field, if it is that field's */
  const problemFor = (field: string) => (problem?.field === field ? problem.message : undefined);
  /** The problem that belongs to no field, shown above the form */
  const formProblem = problem && problem.field === undefined ? problem.message : undefined;
  return { save, saving, problemFor, formProblem };
}
