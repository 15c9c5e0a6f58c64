/**
 * A job's form as he fills it in, kept in the tab's sessionStorage at every change: a reload, a
 * lost signal or the phone closing the page for memory leaves what he typed and the photos the
 * server already has. A photo still on its way is lost with the page (its bytes live only in
 * memory), and says so, so he can pick it again.
 */
import type { JobBody, JobDraft } from '../../lib/owner-api.ts';

export type PhotoState = 'shrinking' | 'sending' | 'sent' | 'failed' | 'kept' | 'lost';

export interface DraftPhoto {
  /** Names it in the form while it is there */
  key: string;
  state: PhotoState;
  /** 0 to 1, while it is sent */
  progress: number;
  /** The server's name for it once it has arrived */
  upload?: string;
  /** Its place in the job as saved, for a photo the job had already */
  kept?: number;
  /** Where the server shows it */
  url?: string;
  alt: string;
  /** Why it did not get through */
  problem?: string | undefined;
}

export interface Draft {
  title: string;
  suburb: string;
  category: string;
  description: string;
  featured: boolean;
  focus: { x: number; y: number };
  photos: DraftPhoto[];
}

export const emptyDraft = (category: string): Draft => ({
  title: '',
  suburb: '',
  category,
  description: '',
  featured: false,
  focus: { x: 50, y: 50 },
  photos: [],
});

export const draftOf = (job: JobBody): Draft => ({
  title: job.title,
  suburb: job.suburb,
  category: job.category,
  description: job.description,
  featured: job.featured,
  focus: job.focus,
  photos: job.photos.map((photo) => ({
    key: `kept-${photo.index}`,
    state: 'kept',
    progress: 1,
    kept: photo.index,
    url: photo.url,
    alt: photo.alt,
  })),
});

const storageKey = (id: string | null) => `owner-job-draft:${id ?? 'new'}`;

export function storedDraft(id: string | null): Draft | undefined {
  try {
    const text = sessionStorage.getItem(storageKey(id));
    if (!text) return undefined;
    const draft = JSON.parse(text) as Draft;
    // A photo on its way when the page went is gone with it
    return {
      ...draft,
      photos: draft.photos.map((photo) =>
        photo.state === 'sent' || photo.state === 'kept'
          ? photo
          : { ...photo, state: 'lost', progress: 0 },
      ),
    };
  } catch {
    return undefined;
  }
}

export function storeDraft(id: string | null, draft: Draft): void {
  try {
    sessionStorage.setItem(storageKey(id), JSON.stringify(draft));
  } catch {
    // A full or private storage keeps the draft in the page alone
  }
}

export function forgetDraft(id: string | null): void {
  try {
    sessionStorage.removeItem(storageKey(id));
  } catch {
    // Nothing kept
  }
}

/** A photo's words for people who cannot see it, until he writes his own: the job's title and its place */
export const photoAlt = (title: string, place: number, count: number) =>
  `${title.trim() || 'The job'}: photo ${place + 1} of ${count}`;

/** The draft as the server takes it; photos not yet there are left out (the form waits for them) */
export function requestOf(draft: Draft): JobDraft {
  const ready = draft.photos.filter((photo) => photo.state === 'sent' || photo.state === 'kept');
  return {
    title: draft.title,
    suburb: draft.suburb,
    category: draft.category,
    description: draft.description,
    featured: draft.featured,
    focus: draft.focus,
    photos: ready.map((photo, place) => {
      const alt = photo.alt.trim() || photoAlt(draft.title, place, ready.length);
      return photo.upload !== undefined
        ? { upload: photo.upload, alt }
        : { kept: photo.kept ?? 0, alt };
    }),
  };
}
