import { ExternalLink } from 'lucide-react';
import type { PublishResult } from '../../lib/owner-api.ts';
import { formatDateTime, timeAgo } from '../time.ts';

const BACKUP_WORDS: Readonly<Record<PublishResult['backup'], string | null>> = {
  off: null,
  sending: 'Sending a copy of the history to the backup…',
  sent: 'A copy of the history is saved in the backup.',
  failed: null,
};

/** Links to where what went live shows on the site: the first as "View it on your site", then any other */
function ChangedPages({ pages }: { pages: readonly string[] }) {
  const [first, ...others] = pages;
  if (first === undefined) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={first}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center gap-1 font-semibold"
      >
        View it on your site
        <ExternalLink className="size-4" aria-hidden="true" />
      </a>
      {others.map((path) => (
        <a
          key={path}
          href={path}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center"
        >
          {path}
        </a>
      ))}
    </p>
  );
}

/** How the last publish or undo ended: what went live, or what to fix */
export function LastResult({ last, now }: { last: PublishResult; now: Date }) {
  if (!last.ok) {
    return (
      <div
        role="alert"
        className="rounded-lg border-l-4 border-danger-700 bg-danger-50 p-4 text-danger-800"
      >
        <p className="font-semibold">{last.message}</p>
        {last.problems.length > 0 && (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
            {last.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {last.problems.length > 0 && (
          <p className="mt-2 text-ink">
            Fix {last.problems.length === 1 ? 'it' : 'them'} in the editor, then publish again.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="rounded-lg border-l-4 border-success-700 bg-brand-50 p-4">
      <p className="font-semibold text-brand-900">{last.message}</p>
      <p className="mt-1 text-muted">
        <time dateTime={last.at} title={formatDateTime(last.at)}>
          {timeAgo(last.at, now)}
        </time>
      </p>
      <ChangedPages pages={last.pages} />
      {BACKUP_WORDS[last.backup] && <p className="mt-1 text-muted">{BACKUP_WORDS[last.backup]}</p>}
      {last.backup === 'failed' && (
        <p className="mt-1 font-medium text-danger-800">{last.backupProblem}</p>
      )}
    </div>
  );
}
