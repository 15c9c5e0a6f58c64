/**
 * A finished job, added or changed from the phone: photos picked several at once, shrunk here and
 * sent one by one with a progress bar (each sent again by itself when the signal drops); title,
 * suburb (from the site's areas, or typed), the kind of job in the site's own words, what was
 * done; where the card's crop is centred, tapped on the photo; the card as the projects page will
 * show it; the home page box; then Publish now. Everything typed is kept in the tab (draft.ts), so
 * no failure costs him what he wrote.
 */
import { ArrowLeft } from 'lucide-react';
import { Alert } from '../Alert.tsx';
import { useJob, useJobs } from '../data.tsx';
import { errorMessage } from '../notices.tsx';
import { ViewHeading } from '../View.tsx';
import { draftOf, emptyDraft, storedDraft } from './draft.ts';
import { JobFields } from './JobFields.tsx';

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
