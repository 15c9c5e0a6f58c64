import { ImageOff } from 'lucide-react';
import type { JobSummary } from '../../lib/owner-api.ts';

/** A job's first photo (or drawing), small, in the lists; a plain tile without one */
export function JobThumbnail({ job }: { job: Pick<JobSummary, 'thumbnail'> }) {
  return job.thumbnail ? (
    <img
      src={job.thumbnail}
      alt=""
      loading="lazy"
      width="64"
      height="48"
      className="h-12 w-16 shrink-0 rounded object-cover"
    />
  ) : (
    <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded bg-brand-100 text-muted">
      <ImageOff className="size-5" aria-hidden="true" />
    </span>
  );
}
