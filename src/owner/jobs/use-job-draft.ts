/**
 * The job as he fills it in, kept in the tab at every change (draft.ts), so a reload or a lost
 * signal leaves what he typed.
 */
import { useCallback, useEffect, useState } from 'react';
import { storeDraft, type Draft, type DraftPhoto } from './draft.ts';

/** A change to the draft's photos, made from the photos as they are when it applies */
export type PhotosUpdate = (update: (photos: DraftPhoto[]) => DraftPhoto[]) => void;

export function useJobDraft(id: string | null, start: Draft) {
  const [draft, setDraft] = useState<Draft>(start);

  // Every change kept in the tab at once
  useEffect(() => storeDraft(id, draft), [id, draft]);

  const change = useCallback(
    (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields })),
    [],
  );
  const updatePhotos = useCallback<PhotosUpdate>(
    (update) => setDraft((current) => ({ ...current, photos: update(current.photos) })),
    [],
  );
  return { draft, change, updatePhotos };
}
