/** The view named by the address's hash, following Back and Forward; focus moves to its heading */
import { useEffect, useRef, useState } from 'react';
import { parseView, type OwnerView } from './routes.ts';

export function useView(): OwnerView {
  const [view, setView] = useState<OwnerView>(() => parseView(window.location.hash));
  const moved = useRef(false);

  useEffect(() => {
    const follow = () => {
      moved.current = true;
      setView(parseView(window.location.hash));
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  // After a move (not on first load), the new view's heading takes focus, so a screen reader
  // announces where he is and the keyboard starts from the top of it
  useEffect(() => {
    if (!moved.current) return;
    document.querySelector<HTMLElement>('[data-view-heading]')?.focus();
    window.scrollTo(0, 0);
  }, [view]);

  return view;
}

/** Goes to a view as a new entry in the history, so Back returns */
export function goTo(hash: string): void {
  window.location.hash = hash;
}
