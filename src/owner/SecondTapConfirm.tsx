import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { SecondTapButtons } from './SecondTapButtons.tsx';
import { useSecondTap } from './use-second-tap.ts';

interface Props {
  /** The first tap's button: its icon, its words and its look */
  icon: LucideIcon;
  label: string;
  startClassName: string;
  /** What the second tap is asked, at the top of the panel */
  question: ReactNode;
  /** The panel's name for screen readers, when other than the question's words */
  groupLabel?: string;
  /** What it does, in words, under the question */
  children: ReactNode;
  /** A step that cannot be taken back is red; one that can, the brand's blue */
  tone: 'danger' | 'brand';
  confirmLabel: string;
  busyLabel: string;
  action: () => Promise<void>;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** Close the panel once the action is done; not when the action takes the panel's page away */
  closeAfterAction?: boolean;
}

const TONES = {
  danger: { panel: 'border-danger-700 bg-danger-50', question: 'text-danger-800' },
  brand: { panel: 'border-brand-700 bg-brand-50', question: 'text-brand-900' },
} as const;

/** A step that takes a second tap: its button, then a panel that says what it does and asks */
export function SecondTapConfirm({
  icon: Icon,
  label,
  startClassName,
  question,
  groupLabel,
  children,
  tone,
  confirmLabel,
  busyLabel,
  action,
  size = 'md',
  disabled = false,
  closeAfterAction = true,
}: Props) {
  const tap = useSecondTap({ closeAfterAction });
  const { confirming, startRef, open } = tap;
  const questionId = useId();

  if (!confirming) {
    return (
      <button
        ref={startRef}
        type="button"
        className={startClassName}
        disabled={disabled}
        onClick={open}
      >
        <Icon className="size-5" aria-hidden="true" />
        {label}
      </button>
    );
  }
  return (
    <div
      role="group"
      {...(groupLabel ? { 'aria-label': groupLabel } : { 'aria-labelledby': questionId })}
      className={cn('w-full rounded-lg border-2 p-4', TONES[tone].panel)}
    >
      <p id={questionId} className={cn('font-semibold', TONES[tone].question)}>
        {question}
      </p>
      {children}
      <SecondTapButtons
        tap={tap}
        action={action}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        variant={tone === 'danger' ? 'danger-solid' : 'brand'}
        size={size}
        disabled={disabled}
      />
    </div>
  );
}
