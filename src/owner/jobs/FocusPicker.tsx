/**
 * Where the card's crop of the first photo is centred: the whole photo, with a mark where he
 * tapped. The card (4:3) keeps that point in view, as the preview below it shows. The arrow keys
 * move the mark too, a step at a time.
 */
import { useId, type KeyboardEvent, type PointerEvent } from 'react';
import { FOCUS_STEP } from '../../lib/constants.ts';
import type { PhotoFocus } from '../../lib/photo-focus.ts';

const snap = (share: number) =>
  Math.min(100, Math.max(0, Math.round(share / FOCUS_STEP) * FOCUS_STEP));

const KEY_STEPS: Readonly<Record<string, [number, number]>> = {
  ArrowLeft: [-FOCUS_STEP, 0],
  ArrowRight: [FOCUS_STEP, 0],
  ArrowUp: [0, -FOCUS_STEP],
  ArrowDown: [0, FOCUS_STEP],
};

export function FocusPicker({
  picture,
  focus,
  onChange,
}: {
  picture: string;
  focus: PhotoFocus;
  onChange: (focus: PhotoFocus) => void;
}) {
  const helpId = useId();
  const place = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      x: snap(((event.clientX - box.left) / box.width) * 100),
      y: snap(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    onChange({ x: snap(focus.x + step[0]), y: snap(focus.y + step[1]) });
  };
  return (
    <div className="space-y-2">
      <h2 className="text-h3">What the card shows</h2>
      <p id={helpId} className="text-muted">
        Tap the part of the photo that matters most: the card keeps it in view.
      </p>
      <div
        role="slider"
        tabIndex={0}
        aria-label="Middle of the card’s photo"
        aria-describedby={helpId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={focus.x}
        aria-valuetext={`${focus.x}% across, ${focus.y}% down`}
        data-focus-picker=""
        className="relative mx-auto w-full max-w-sm cursor-crosshair touch-none overflow-hidden rounded-lg bg-brand-900"
        onPointerDown={place}
        onKeyDown={move}
      >
        <img src={picture} alt="" className="block h-auto w-full select-none" draggable={false} />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white shadow-[0_0_0_2px_rgb(0_0_0/0.5)]"
          style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
        />
      </div>
    </div>
  );
}
