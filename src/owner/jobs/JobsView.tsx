/**
 * "Your jobs": his finished jobs, newest first, each with its picture, found by typing part of
 * its title or suburb, each opening its form; Add a finished job; and the home page's jobs in the
 * order it shows them, set by dragging (or the up and down buttons).
 */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../lib/button.ts';
import type { JobSummary } from '../../lib/owner-api.ts';
import { Alert } from '../Alert.tsx';
import { SearchField } from '../SearchField.tsx';
import { useJobs } from '../data.tsx';
import { errorMessage } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { View } from '../View.tsx';
import { HomeOrder } from './HomeOrder.tsx';
import { JobThumbnail } from './JobThumbnail.tsx';

const matches = (job: JobSummary, words: string) =>
  `${job.title} ${job.suburb} ${job.category}`.toLowerCase().includes(words.trim().toLowerCase());

export function JobsView() {
  const { data: body, error } = useJobs();
  const [words, setWords] = useState('');
  const shown = body?.jobs.filter((job) => matches(job, words)) ?? [];
  return (
    <View title="Your jobs">
      <a href="#jobs/new" className={buttonClass({ variant: 'accent', block: true })}>
        <Plus className="size-5" aria-hidden="true" />
        Add a finished job
      </a>
      {error !== undefined && <Alert>{errorMessage(error)}</Alert>}
      <SearchField
        label="Find a job"
        placeholder="Title or suburb"
        value={words}
        onChange={setWords}
      />
      <Panel title="Newest first">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : shown.length === 0 ? (
          <p className="text-muted">No job has those words in its title or suburb.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Your jobs">
            {shown.map((job) => (
              <li key={job.id}>
                <a
                  href={`#jobs/${job.id}`}
                  className="flex min-h-16 items-center gap-3 py-2 text-ink no-underline"
                >
                  <JobThumbnail job={job} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-brand-900">
                      {job.title}
                    </span>
                    <span className="block text-sm text-muted">
                      {job.suburb} · {job.category}
                      {job.featured && ' · on the home page'}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {body && <HomeOrder body={body} />}
    </View>
  );
}
