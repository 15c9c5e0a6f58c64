import { CloudUpload, Pencil } from 'lucide-react';
import { useState } from 'react';
import { PUBLISH_STEP_LABELS } from '../../lib/owner-api.ts';
import { editorPaths } from '../../lib/editor-paths.ts';
import { Alert } from '../Alert.tsx';
import { ownerApi } from '../api.ts';
import { buttonClass } from '../../lib/button.ts';
import { useInvalidation } from '../data.tsx';
import { errorMessage, useNotices } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { formatDateTime, timeAgo } from '../time.ts';
import { LastResult } from './LastResult.tsx';
import { PublishSteps } from './PublishSteps.tsx';
import { withStepUp } from '../passkey-ceremonies.ts';
import { View } from '../View.tsx';
import { DiscardChanges } from './DiscardChanges.tsx';
import { UndoChange } from './UndoChange.tsx';
import { useSite } from './use-site.ts';

/** His site: edit it, publish what he saved, watch it go live, and undo a change from its history */
export function SiteView({ now }: { now: Date }) {
  const { notify, notifyError } = useNotices();
  const { data: body, error } = useSite();
  const { siteChanged } = useInvalidation();
  const [starting, setStarting] = useState(false);
  const running = body?.running ?? null;
  const busy = starting || running !== null;
  const currentStep = running?.steps.find((step) => step.state === 'running');

  const start = async (action: () => Promise<unknown>) => {
    setStarting(true);
    try {
      await action();
    } catch (error) {
      notifyError(error);
    } finally {
      await siteChanged();
      setStarting(false);
    }
  };

  return (
    <View
      title="Your site"
      intro="Change your pages in the editor, then publish them here. They are live about a minute later."
    >
      <a href={editorPaths.page} className={buttonClass({ variant: 'brand', block: true })}>
        <Pencil className="size-5" aria-hidden="true" />
        Edit your site
      </a>
      {error !== undefined && <Alert>{errorMessage(error)}</Alert>}
      <Panel title="Waiting to be published">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : body.pending.length === 0 ? (
          <p className="text-muted">Nothing is waiting: everything you saved is live.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            {body.pending.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className={buttonClass({ variant: 'accent', block: true }, 'mt-4')}
          disabled={busy || body === undefined}
          onClick={() => void start(() => ownerApi.publish())}
        >
          <CloudUpload className="size-5" aria-hidden="true" />
          {busy ? 'Publishing…' : 'Publish'}
        </button>
        {body !== undefined && body.pending.length > 0 && (
          <DiscardChanges
            changes={body.pending}
            disabled={busy}
            onDiscard={() =>
              start(async () => {
                const { discarded } = await withStepUp(() => ownerApi.discard());
                notify({
                  kind: 'success',
                  text:
                    discarded.length > 0
                      ? 'Discarded: your pages are as they are on your site.'
                      : 'Nothing was waiting to be discarded.',
                });
              })
            }
          />
        )}
      </Panel>
      {running && (
        <Panel title={running.kind === 'undo' ? 'Undoing a change' : 'Publishing'}>
          <p className="mb-3 font-medium">{running.message}</p>
          <p className="sr-only" role="status">
            {currentStep ? `${PUBLISH_STEP_LABELS[currentStep.name]}…` : ''}
          </p>
          <PublishSteps steps={running.steps} />
        </Panel>
      )}
      {!running && body?.last && (
        <Panel title={body.last.kind === 'undo' ? 'Last undo' : 'Last publish'}>
          <LastResult last={body.last} now={now} />
        </Panel>
      )}
      <Panel title="Changes">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : body.history.length === 0 ? (
          <p className="text-muted">No changes published yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {body.history.map((change) => (
              <li
                key={change.commit}
                className="flex flex-col items-start gap-2 py-3 md:flex-row md:items-center md:gap-4"
              >
                <div className="w-full min-w-0 md:flex-1">
                  <p className="font-medium break-words">
                    {change.byOwner ? change.message : 'Site update'}
                  </p>
                  <p className="text-sm text-muted">
                    <time dateTime={change.at} title={formatDateTime(change.at)}>
                      {timeAgo(change.at, now)}
                    </time>
                    {!change.byOwner && ' · made outside this page'}
                  </p>
                </div>
                {change.canUndo && (
                  <UndoChange
                    message={change.message}
                    disabled={busy}
                    onUndo={() => start(() => ownerApi.undo(change.commit))}
                  />
                )}
                {change.undone && <p className="text-sm font-medium text-muted">Undone</p>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </View>
  );
}
