import { Check, Circle, LoaderCircle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PUBLISH_STEP_LABELS, type PublishStep } from '../../lib/owner-api.ts';

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} s`;

/** The seconds a running step has taken so far, moving on by itself */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const STATE_WORDS: Readonly<Record<PublishStep['state'], string>> = {
  waiting: 'waiting',
  running: 'under way',
  done: 'done',
  failed: 'failed',
};

/** Checking, building, going live, saving: a tick for each done, with the seconds it took */
export function PublishSteps({ steps }: { steps: readonly PublishStep[] }) {
  const now = useTicking(steps.some((step) => step.state === 'running'));
  return (
    <ol className="space-y-2">
      {steps.map((step) => {
        const elapsed = step.ms ?? (step.startedAt ? now - Date.parse(step.startedAt) : null);
        return (
          <li
            key={step.name}
            data-state={step.state}
            className="flex items-center gap-3 data-[state=waiting]:text-muted"
          >
            {step.state === 'done' && (
              <Check className="size-5 shrink-0 text-success-700" aria-hidden="true" />
            )}
            {step.state === 'running' && (
              <LoaderCircle
                className="size-5 shrink-0 animate-spin text-brand-700"
                aria-hidden="true"
              />
            )}
            {step.state === 'failed' && (
              <X className="size-5 shrink-0 text-danger-700" aria-hidden="true" />
            )}
            {step.state === 'waiting' && <Circle className="size-5 shrink-0" aria-hidden="true" />}
            <span className="flex-1 font-medium">
              {PUBLISH_STEP_LABELS[step.name]}
              <span className="sr-only">: {STATE_WORDS[step.state]}</span>
            </span>
            {elapsed !== null && (
              <span className="text-muted tabular-nums">{seconds(elapsed)}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
