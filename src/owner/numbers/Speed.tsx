import { CircleAlert, CircleCheck } from 'lucide-react';
import type { NumbersBody } from '../../lib/owner-api.ts';
import { goodLimitSentence, speedSentence } from '../../lib/numbers-words.ts';
import { cn } from '../../lib/cn.ts';

/** Real visitors' page speed per kind of page, in words, against Google's "good" */
export function Speed({ speed }: { speed: NumbersBody['speed'] }) {
  if (speed.length === 0)
    return (
      <p className="text-muted">
        No speed readings from visitors in this period yet. They come from visitors' own phones and
        computers as they leave a page.
      </p>
    );
  return (
    <div className="space-y-4">
      {speed.map((kind) => (
        <section key={kind.pageKind} aria-label={kind.label}>
          <h3 className="font-semibold text-brand-900">{kind.label}</h3>
          <ul className="mt-1 space-y-2">
            {kind.metrics.map((figure) => {
              const good = figure.rating === 'good';
              const Icon = good ? CircleCheck : CircleAlert;
              return (
                <li key={figure.metric} className="flex gap-2">
                  <Icon
                    className={cn(
                      'mt-0.5 size-5 shrink-0',
                      good ? 'text-success-700' : 'text-danger-700',
                    )}
                    aria-hidden="true"
                  />
                  <span>
                    {speedSentence(figure)}
                    <span className="block text-sm text-muted">
                      {goodLimitSentence(figure)}; {figure.readings} visit
                      {figure.readings === 1 ? '' : 's'} measured
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
