import { useEffect, useRef, useState } from 'react';

/**
 * A step that takes a second, deliberate tap (deleting a request, undoing a change): whether the
 * confirmation shows, whether its action runs, and the focus moved to the confirming button when it
 * opens and back to the first when it closes, so a keyboard or screen reader never loses its place.
 */
export function useSecondTap({ closeAfterAction }: { closeAfterAction: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) startRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      if (closeAfterAction) setConfirming(false);
    }
  }

  return {
    confirming,
    busy,
    startRef,
    confirmRef,
    open: () => setConfirming(true),
    close: () => setConfirming(false),
    run,
  };
}
