/**
 * One photo of the job in the form: the picture, whether it is on the card, how its sending goes
 * (with Try again when it did not get through) and a button to remove it.
 */
import { RotateCcw, Trash2 } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import type { DraftPhoto } from './draft.ts';

const STATE_WORDS: Readonly<Record<DraftPhoto['state'], string>> = {
  shrinking: 'Getting it ready…',
  sending: 'Sending…',
  sent: 'Arrived',
  kept: 'On the job',
  failed: 'Did not get through',
  lost: 'Lost when the page closed: remove it and pick it again',
};

export function PhotoTile({
  photo,
  place,
  picture,
  onRetry,
  onRemove,
}: {
  photo: DraftPhoto;
  place: number;
  picture: string | undefined;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const name = `Photo ${place + 1}`;
  return (
    <li className="flex flex-col gap-1" data-photo-state={photo.state}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-brand-100">
        {picture && <img src={picture} alt="" className="size-full object-cover" />}
        {place === 0 && (
          <span className="absolute bottom-1 left-1 rounded bg-brand-900 px-1.5 text-xs font-semibold text-white">
            On the card
          </span>
        )}
        <button
          type="button"
          onClick={onRemove}
          className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-danger-700"
          aria-label={`Remove ${name.toLowerCase()}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      {(photo.state === 'sending' || photo.state === 'shrinking') && (
        <progress
          className="h-2 w-full accent-brand-700"
          max={1}
          value={photo.state === 'sending' ? photo.progress : undefined}
          aria-label={`${name}: sending`}
        />
      )}
      <p className="text-xs text-muted" role={photo.state === 'failed' ? 'alert' : undefined}>
        {photo.state === 'sending'
          ? `Sending… ${Math.round(photo.progress * 100)}%`
          : (photo.problem ?? STATE_WORDS[photo.state])}
      </p>
      {photo.state === 'failed' && (
        <button
          type="button"
          onClick={onRetry}
          className={buttonClass({ variant: 'outline', size: 'sm', block: true })}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Try again
        </button>
      )}
    </li>
  );
}
